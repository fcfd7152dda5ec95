package dev.stoa.integrations;

import java.util.ArrayList;
import java.util.List;

/**
 * Bitbucket Cloud (Zulip's zerver/webhooks/bitbucket2, at /external/bitbucket2): push (commits, force
 * pushes, deleted branches, tags; one message per change), pull requests (created, updated, approved,
 * unapproved, merged, declined, comments), issues (created, updated, commented), commit comments, commit
 * statuses and forks. The event is read from the payload's keys, the header only for pull requests, as Zulip
 * does; topics and texts are Zulip's git ones.
 */
final class BitbucketIntegration implements Integration {
    private static final List<String> EVENTS = List.of("change_commit_status", "pull_request_comment_created", "pull_request_updated",
            "pull_request_unapproved", "push", "pull_request_approved", "pull_request_fulfilled", "issue_created", "issue_commented", "fork",
            "pull_request_comment_updated", "pull_request_created", "pull_request_rejected", "repo:updated", "issue_updated",
            "commit_comment", "pull_request_comment_deleted");
    private static final List<String> PR_ACTIONS = List.of("approved", "unapproved", "created", "updated", "rejected", "fulfilled",
            "comment_created", "comment_updated", "comment_deleted");

    @Override public String name() { return "bitbucket2"; }
    @Override public String displayName() { return "Bitbucket"; }
    @Override public String webhookName() { return "Bitbucket2"; }
    @Override public List<String> allEventTypes() { return EVENTS; }
    @Override public List<UrlOption> urlOptions() { return List.of(new UrlOption("branches", "", "text")); }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        String type = type(request, p);
        String repo = p.get("repository").get("name").str();
        if (type.equals("push")) return push(request, p, repo);
        boolean title = request.topicGiven();
        if (type.startsWith("pull_request")) {
            Payload pr = p.get("pullrequest");
            String topic = GitMessages.prOrIssueTopic(repo, "PR", pr.get("id").integer(), pr.get("title").str());
            return Integration.post(topic, BitbucketBodies.pullRequest(type, p, title), type);
        }
        if (type.startsWith("issue")) {
            Payload issue = p.get("issue");
            String topic = GitMessages.prOrIssueTopic(repo, "issue", issue.get("id").integer(), issue.get("title").str());
            String action = switch (type) {
                case "issue_created" -> "created";
                case "issue_updated" -> "updated";
                default -> "[commented](" + p.get("comment").get("links").get("html").get("href").str() + ") on";
            };
            return Integration.post(topic, BitbucketBodies.issue(action, p, title), type);
        }
        return Integration.post(repo, BitbucketBodies.repository(type, p), type);
    }

    /** Zulip's get_type: the payload's keys tell the event, but for pull requests (X-Event-Key "pullrequest:{action}") and repo:updated. */
    private static String type(WebhookRequest request, Payload p) {
        if (p.has("push")) return "push";
        if (p.has("fork")) return "fork";
        if (p.has("comment") && p.has("commit")) return "commit_comment";
        if (p.has("commit_status")) return "change_commit_status";
        if (p.has("issue")) return p.has("changes") ? "issue_updated" : p.has("comment") ? "issue_commented" : "issue_created";
        String key = request.eventHeader("X-Event-Key");
        if (p.has("pullrequest")) {
            if (key.startsWith("pullrequest:") && PR_ACTIONS.contains(key.substring("pullrequest:".length()))) {
                return "pull_request_" + key.substring("pullrequest:".length());
            }
        } else if (key.equals("repo:updated")) {
            return key;
        }
        throw request.unsupported(key);
    }

    /** One message per change: a branch's commits, a force push, a deleted branch, or a tag pushed or removed. */
    private static Outcome push(WebhookRequest request, Payload p, String repo) {
        List<Payload> changes = p.get("push").get("changes").list();
        if (changes.isEmpty()) return Integration.nothing();
        Payload last = changes.getLast();
        Payload lastRef = last.opt("new").truthy() ? last.get("new") : last.get("old");
        String branches = request.param("branches");
        // Zulip tests the last change's branch as a substring of the `branches` option.
        if (!lastRef.get("type").str().equals("tag") && branches != null && !branches.isEmpty()
                && !branches.contains(lastRef.get("name").str())) {
            return Integration.nothing();
        }
        String actor = BitbucketBodies.user(p.get("actor"));
        List<Post> posts = new ArrayList<>();
        for (Payload change : changes) {
            Payload ref = change.opt("new").truthy() ? change.get("new") : change.get("old");
            if (ref.get("type").str().equals("tag")) {
                String action = change.opt("new").truthy() ? "pushed" : "removed";
                posts.add(Integration.post(repo, GitMessages.pushTag(actor, ref.get("name").str(),
                        ref.get("links").get("html").get("href").str(), action), "push"));
                continue;
            }
            String topic = GitMessages.branchTopic(repo, ref.get("name").str());
            String body;
            if (!change.opt("new").truthy()) body = GitMessages.removeBranch(actor, change.get("old").get("name").str());
            else if (change.get("forced").bool()) {
                body = GitMessages.forcePush(actor, change.get("links").get("html").get("href").str(), ref.get("name").str(),
                        ref.get("target").get("hash").str());
            } else {
                body = GitMessages.pushCommits(actor, change.get("links").get("html").get("href").str(), ref.get("name").str(),
                        commits(change), false, false, change.get("truncated").bool());
            }
            posts.add(Integration.post(topic, body, "push"));
        }
        return new Many(posts);
    }

    private static List<GitMessages.Commit> commits(Payload change) {
        List<GitMessages.Commit> out = new ArrayList<>();
        for (Payload c : change.get("commits")) {
            Payload author = c.get("author");
            String name = author.has("user") ? BitbucketBodies.user(author.get("user")) : author.get("raw").str().strip().split("\\s+")[0];
            out.add(new GitMessages.Commit(name, c.get("hash").str(), c.get("links").get("html").get("href").str(), c.get("message").str()));
        }
        return out;
    }
}
