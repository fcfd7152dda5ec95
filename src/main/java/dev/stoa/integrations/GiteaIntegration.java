package dev.stoa.integrations;

import dev.stoa.integrations.GitMessages.PrEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Gitea (Zulip's zerver/webhooks/gitea over its gogs_webhook_main) and Forgejo, Gitea's fork, which
 * sends the same payloads with its own X-Forgejo-Event header beside X-Gitea-Event. Zulip's topics and texts.
 */
final class GiteaIntegration implements Integration {
    private final String name, displayName, header;

    private GiteaIntegration(String name, String displayName, String header) {
        this.name = name;
        this.displayName = displayName;
        this.header = header;
    }

    static GiteaIntegration gitea() { return new GiteaIntegration("gitea", "Gitea", "X-Gitea-Event"); }

    static GiteaIntegration forgejo() { return new GiteaIntegration("forgejo", "Forgejo", "X-Forgejo-Event"); }

    @Override public String name() { return name; }
    @Override public String displayName() { return displayName; }

    @Override
    public List<UrlOption> urlOptions() { return List.of(new UrlOption("branches", "", "text")); }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        String repo = p.get("repository").get("name").str();
        String event = request.header(header) == null && header.equals("X-Forgejo-Event") && request.header("X-Gitea-Event") != null
                ? request.header("X-Gitea-Event") : request.eventHeader(header);
        boolean title = request.topicGiven();
        return switch (event) {
            case "push" -> {
                String branch = p.get("ref").str().replace("refs/heads/", "");
                String branches = request.param("branches");
                if (branches != null && !List.of(branches.split(",")).contains(branch)) yield Integration.nothing();
                yield Integration.post(GitMessages.branchTopic(repo, branch), push(p, branch), event);
            }
            case "create" -> {
                String ref = p.get("ref").str();
                yield Integration.post(GitMessages.branchTopic(repo, ref), p.get("sender").get("username").str() + " created ["
                        + ref + "](" + p.get("repository").get("html_url").str() + "/src/" + ref + ") branch.", event);
            }
            case "pull_request" -> Integration.post(GitMessages.prOrIssueTopic(repo, "PR", p.get("pull_request").get("id").integer(),
                    p.get("pull_request").get("title").str()), pullRequest(p, title), event);
            case "issues" -> Integration.post(issueTopic(p, repo), issue(p, title), event);
            case "issue_comment" -> Integration.post(issueTopic(p, repo), issueComment(p, title), event);
            case "release" -> {
                Payload r = p.get("release");
                yield Integration.post(repo + " / " + r.get("tag_name").str() + " " + r.get("name").str(),
                        GitMessages.release(r.get("author").get("username").str(), p.get("action").str(), r.get("tag_name").str(),
                                r.get("name").str(), p.get("repository").get("html_url").str()), event);
            }
            default -> throw request.unsupported(event);
        };
    }

    private static String issueTopic(Payload p, String repo) {
        return GitMessages.prOrIssueTopic(repo, "issue", p.get("issue").get("number").integer(), p.get("issue").get("title").str());
    }

    private static String push(Payload p, String branch) {
        List<GitMessages.Commit> commits = new ArrayList<>();
        for (Payload c : p.get("commits")) {
            String username = c.get("author").get("username").str();
            String name = username.isEmpty() ? c.get("author").get("name").str().split("\\s+")[0] : username;
            commits.add(new GitMessages.Commit(name, c.get("id").str(), c.get("url").str(), c.get("message").str()));
        }
        return GitMessages.pushCommits(p.get("sender").get("username").str(), p.get("compare_url").str(), branch, commits, false, false);
    }

    /** Gitea's format_pull_request_event (head/base refs, the assignee). */
    private static String pullRequest(Payload p, boolean includeTitle) {
        Payload pr = p.get("pull_request");
        boolean merged = pr.get("merged").bool();
        String user = merged ? pr.get("merged_by").get("username").str() : pr.get("user").get("username").str();
        String action = merged ? "merged" : p.get("action").str();
        PrEvent e = PrEvent.of(user, action, pr.get("html_url").str()).number(pr.get("number").integer())
                .title(includeTitle ? pr.get("title").str() : null);
        if (!action.equals("edited")) {
            String target = pr.has("head") ? pr.get("head").get("ref").str() : null;
            String base = pr.has("base") ? pr.get("base").get("ref").str() : null;
            e = e.branches(target, base);
        }
        Payload assignee = pr.opt("assignee");
        if (assignee.truthy()) {
            String login = assignee.get("login").str();
            e = e.assignee(login);
            if (action.equals("assigned")) e = e.assigneeUpdated(login);
        }
        return GitMessages.pullRequest(e);
    }

    private static String issue(Payload p, boolean includeTitle) {
        Payload issue = p.get("issue");
        long number = issue.get("number").integer();
        PrEvent e = PrEvent.of(p.get("sender").get("login").str(), p.get("action").str(),
                        p.get("repository").get("html_url").str() + "/issues/" + number)
                .number(number).message(issue.get("body").str()).title(includeTitle ? issue.get("title").str() : null);
        if (issue.opt("assignee").truthy()) e = e.assignee(issue.get("assignee").get("login").str());
        return GitMessages.issue(e);
    }

    private static String issueComment(Payload p, boolean includeTitle) {
        Payload issue = p.get("issue"), comment = p.get("comment");
        String action = p.get("action").str();
        String verb = (action.equals("created") ? "[commented]" : action + " a [comment]") + "(" + comment.get("html_url").str() + ") on";
        long number = issue.get("number").integer();
        return GitMessages.issue(PrEvent.of(p.get("sender").get("login").str(), verb, p.get("repository").get("html_url").str() + "/issues/" + number)
                .number(number).message(comment.get("body").str()).title(includeTitle ? issue.get("title").str() : null));
    }
}
