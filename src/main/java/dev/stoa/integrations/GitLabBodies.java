package dev.stoa.integrations;

import dev.stoa.integrations.GitMessages.PrEvent;
import java.util.ArrayList;
import java.util.List;

/** The message bodies of Zulip's GitLab view, one per event name. */
final class GitLabBodies {
    private static final String EMPTY_SHA = "0000000000000000000000000000000000000000";
    private final Payload p;
    private final boolean includeTitle;

    GitLabBodies(Payload p, boolean includeTitle) {
        this.p = p;
        this.includeTitle = includeTitle;
    }

    String of(String event) {
        if (event.matches("(Confidential )?Issue Hook .*")) {
            String action = event.substring(event.lastIndexOf(' ') + 1);
            return action.equals("open") ? issueCreated() : GitMessages.issue(issueBase(switch (action) {
                case "close" -> "closed";
                case "reopen" -> "reopened";
                default -> "updated";
            }));
        }
        return switch (event) {
            case "Push Hook" -> push();
            case "Tag Push Hook" -> GitMessages.pushTag(p.get("user_name").str(), p.get("ref").str().replace("refs/tags/", ""), null,
                    p.opt("checkout_sha").truthy() ? "pushed" : "removed");
            case "Test Hook" -> "Webhook for **" + GitLabIntegration.repo(p) + "** has been configured successfully! :tada:";
            case "Note Hook Commit" -> commitNote();
            case "Note Hook MergeRequest" -> note(p.get("merge_request"), "MR");
            case "Note Hook Issue", "Confidential Note Hook Issue" -> note(p.get("issue"), "issue");
            case "Merge Request Hook open" -> mrOpenOrUpdated("created");
            case "Merge Request Hook update" -> p.get("object_attributes").opt("oldrev").truthy()
                    ? GitMessages.pullRequest(mrBase("added commit(s) to")) : mrOpenOrUpdated("updated");
            case "Merge Request Hook merge" -> {
                Payload mr = p.get("object_attributes");
                yield GitMessages.pullRequest(mrBase("merged").branches(mr.get("source_branch").str(), mr.get("target_branch").str()));
            }
            case "Merge Request Hook close" -> GitMessages.pullRequest(mrBase("closed"));
            case "Merge Request Hook reopen" -> GitMessages.pullRequest(mrBase("reopened"));
            case "Merge Request Hook approved", "Merge Request Hook unapproved", "Merge Request Hook approval", "Merge Request Hook unapproval" ->
                    GitMessages.pullRequest(mrBase(event.substring("Merge Request Hook ".length())));
            case "Job Hook", "Build Hook" -> build();
            case "Pipeline Hook" -> pipeline();
            case "Release Hook" -> release();
            default -> throw new IllegalStateException(event);
        };
    }

    private String user() { return p.get("user").get("name").str(); }

    private String push() {
        if (p.opt("after").truthy() && p.get("after").str().equals(EMPTY_SHA)) {
            return p.get("user_name").str() + " deleted branch " + GitLabIntegration.branch(p) + ".";
        }
        String compare = GitLabIntegration.homepage(p) + "/-/compare/" + p.get("before").str() + "..." + p.get("after").str();
        List<GitMessages.Commit> commits = new ArrayList<>();
        for (Payload c : p.get("commits")) {
            commits.add(new GitMessages.Commit(c.get("author").get("name").str(), c.get("id").str(), c.get("url").str(), c.get("message").str()));
        }
        return GitMessages.pushCommits(p.get("user_name").str(), compare, GitLabIntegration.branch(p), commits, false, false);
    }

    private PrEvent issueBase(String action) {
        Payload a = p.get("object_attributes");
        return GitLabIntegration.pr(user(), action, a.get("url").str()).number(a.get("iid").integer())
                .title(includeTitle ? a.get("title").str() : null);
    }

    private String issueCreated() {
        Payload description = p.get("object_attributes").opt("description");
        String text = null;
        if (description.truthy()) text = description.str().replaceAll("(?s)<!--.*?-->", "").stripTrailing();
        return GitMessages.issue(issueBase("created").message(text).assignees(GitLabIntegration.assignees(p)));
    }

    private PrEvent mrBase(String action) {
        Payload mr = p.get("object_attributes");
        return GitLabIntegration.pr(user(), action, mr.get("url").str()).number(mr.get("iid").integer()).type("MR")
                .title(includeTitle ? mr.get("title").str() : null);
    }

    private String mrOpenOrUpdated(String action) {
        Payload mr = p.get("object_attributes");
        PrEvent e = mrBase(action).message(mr.get("description").strOrNull()).assignees(GitLabIntegration.assignees(p));
        if (action.equals("created")) e = e.branches(mr.get("source_branch").str(), mr.get("target_branch").str());
        return GitMessages.pullRequest(e);
    }

    private String commitNote() {
        Payload comment = p.get("object_attributes");
        return GitMessages.commitComment(user(), "[commented](" + comment.get("url").str() + ")", p.get("commit").get("url").str(),
                p.get("commit").get("id").str(), comment.get("note").str());
    }

    private String note(Payload target, String type) {
        Payload comment = p.get("object_attributes");
        return GitMessages.pullRequest(GitLabIntegration.pr(user(), "[commented](" + comment.get("url").str() + ") on", target.get("url").str())
                .number(target.get("iid").integer()).message(comment.get("note").str()).type(type)
                .title(includeTitle ? target.get("title").str() : null));
    }

    private String build() {
        String status = p.get("build_status").str();
        String action = switch (status) {
            case "created" -> "was created";
            case "running" -> "started";
            default -> "changed status to " + status;
        };
        return "Build " + p.get("build_name").str() + " from " + p.get("build_stage").str() + " stage " + action + ".";
    }

    private String pipeline() {
        Payload attrs = p.get("object_attributes");
        String status = attrs.get("status").str();
        String action = switch (status) {
            case "pending" -> "was created";
            case "running" -> "started";
            default -> "changed status to " + status;
        };
        String home = GitLabIntegration.homepage(p);
        long id = attrs.get("id").integer();
        StringBuilder builds = new StringBuilder();
        for (Payload b : p.get("builds")) {
            String url = home + "/-/jobs/" + b.get("id").integer();
            builds.append("* [").append(b.get("name").str()).append("](").append(url).append(") - ").append(b.get("status").str()).append('\n');
            Payload artifact = b.opt("artifacts_file").opt("filename");
            if (artifact.truthy()) {
                builds.append("  * built artifact: *").append(artifact.str()).append("* [[Browse](").append(url)
                        .append("/artifacts/browse)|[Download](").append(url).append("/artifacts/download)]\n");
            }
        }
        String list = builds.isEmpty() ? "" : builds.substring(0, builds.length() - 1);
        return "[Pipeline (" + id + ")](" + home + "/-/pipelines/" + id + ") " + action + " with build(s):\n" + list + ".";
    }

    private String release() {
        String action = p.get("action").str();
        String name = p.get("name").str(), tag = p.get("tag").str();
        if (action.equals("delete")) return "Release " + name + " for tag " + tag + " was " + action + "d.";
        String body = "Release [" + name + "](" + p.get("url").str() + ") for tag " + tag + " was " + action + "d.";
        if (p.has("description")) body += GitMessages.quote(p.get("description").str());
        return body;
    }
}
