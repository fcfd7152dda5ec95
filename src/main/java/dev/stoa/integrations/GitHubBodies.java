package dev.stoa.integrations;

import dev.stoa.integrations.GitMessages.PrEvent;
import java.util.Set;

/** The message bodies of Zulip's GitHub view, one method per Zulip event name. */
final class GitHubBodies {
    /** Header events that are Zulip event names as they are. */
    static final Set<String> SIMPLE = Set.of("commit_comment", "create", "delete", "issue_comment", "ping", "pull_request_review_comment", "release");

    private final Payload p;
    private final boolean includeTitle;
    private final String sender;

    GitHubBodies(Payload p, boolean includeTitle, String sender) {
        this.p = p;
        this.includeTitle = includeTitle;
        this.sender = sender;
    }

    String of(String event) {
        return switch (event) {
            case "opened_pull_request", "updated_pull_request" -> openedOrUpdatedPr();
            case "assigned_or_unassigned_pull_request" -> GitMessages.pullRequest(prBase(p.get("action").str())
                    .assigneeUpdated(p.get("assignee").get("login").str()));
            case "closed_pull_request" -> GitMessages.pullRequest(prBase(p.get("pull_request").get("merged").bool() ? "merged" : "closed without merge"));
            case "pull_request_review_requested" -> reviewRequested();
            case "pull_request_ready_for_review" -> "**" + sender + "** has marked " + prLink() + " as ready for review.";
            case "locked_or_unlocked_pull_request" -> lockedOrUnlocked();
            case "pull_request_auto_merge" -> sender + " has " + (p.get("action").str().equals("auto_merge_disabled") ? "disabled" : "enabled")
                    + " auto merge for " + prLink() + ".";
            case "pull_request_review" -> GitMessages.pullRequest(GitHubIntegration.pr(sender, "submitted", p.get("review").get("html_url").str())
                    .type("PR review").title(includeTitle ? "for " + prNumberTitle() : null).message(p.get("review").get("body").strOrNull()));
            case "pull_request_review_comment" -> reviewComment();
            case "issues" -> issue();
            case "issue_comment" -> issueComment();
            case "issue_labeled_or_unlabeled" -> issueLabel();
            case "issue_milestoned_or_demilestoned" -> issueMilestone();
            case "push_commits" -> GitMessages.pushCommits(sender, p.get("compare").str(), p.get("ref").str().replaceFirst("^refs/heads/", ""),
                    GitHubIntegration.commits(p), p.get("deleted").bool(), p.get("forced").bool());
            case "push_tags" -> GitMessages.pushTag(sender, p.get("ref").str().replaceFirst("^refs/tags/", ""), null,
                    p.get("created").bool() ? "pushed" : "removed");
            case "release" -> release();
            case "ping" -> GitMessages.setup("GitHub", sender);
            case "create", "delete" -> (sender + " " + event + "d " + p.get("ref_type").str() + " " + p.get("ref").str() + ".").stripTrailing();
            case "commit_comment" -> commitComment();
            case "check_run" -> checkRun();
            case "workflow_run" -> workflowRun();
            default -> throw new IllegalStateException(event);
        };
    }

    private PrEvent prBase(String action) {
        Payload pr = p.get("pull_request");
        return GitHubIntegration.pr(sender, action, pr.get("html_url").str()).number(pr.get("number").integer())
                .title(includeTitle ? pr.get("title").str() : null);
    }

    private String prLink() {
        Payload pr = p.get("pull_request");
        return "[PR #" + pr.get("number").integer() + "](" + pr.get("html_url").str() + ")";
    }

    private String prNumberTitle() {
        return "#" + p.get("pull_request").get("number").integer() + " " + p.get("pull_request").get("title").str();
    }

    private String openedOrUpdatedPr() {
        Payload pr = p.get("pull_request");
        String action = p.get("action").str();
        if (action.equals("synchronize")) action = "updated";
        PrEvent e = prBase(action);
        if (pr.opt("assignee").truthy()) e = e.assignee(pr.get("assignee").get("login").str());
        if (p.opt("changes").has("body") || action.equals("opened")) e = e.message(pr.get("body").strOrNull());
        if (action.equals("opened") || action.equals("merged")) e = e.branches(pr.get("head").get("label").str(), pr.get("base").get("label").str());
        return GitMessages.pullRequest(e);
    }

    private String reviewRequested() {
        String reviewers;
        if (p.has("requested_reviewer")) {
            Payload r = p.get("requested_reviewer");
            reviewers = "[" + r.get("login").str() + "](" + r.get("html_url").str() + ")";
        } else {
            Payload t = p.get("requested_team");
            reviewers = "[" + t.get("name").str() + "](" + t.get("html_url").str() + ")";
        }
        Payload pr = p.get("pull_request");
        String link = "[PR #" + pr.get("number").integer() + (includeTitle ? " " + pr.get("title").str() : "") + "](" + pr.get("html_url").str() + ")";
        return "**" + sender + "** requested " + reviewers + " for a review on " + link + ".";
    }

    private String lockedOrUnlocked() {
        if (p.get("action").str().equals("unlocked")) return sender + " has unlocked " + prLink() + ".";
        Payload reason = p.get("pull_request").opt("active_lock_reason");
        String text = reason.truthy() ? reason.str() : "None"; // Python formats a missing reason as None
        return sender + " has locked " + prLink() + " as " + text + " and limited conversation to collaborators.";
    }

    private String reviewComment() {
        String action = p.get("action").str();
        String message = action.equals("created") ? p.get("comment").get("body").str() : null;
        return GitMessages.pullRequest(GitHubIntegration.pr(sender, action, p.get("comment").get("html_url").str())
                .message(message).type("PR review comment").title(includeTitle ? "on " + prNumberTitle() : null));
    }

    private String issue() {
        Payload issue = p.get("issue");
        String action = p.get("action").str();
        PrEvent e = GitHubIntegration.pr(sender, action, issue.get("html_url").str()).number(issue.get("number").integer())
                .title(includeTitle ? issue.get("title").str() : null);
        if (!action.equals("assigned") && !action.equals("unassigned")) e = e.message(issue.get("body").strOrNull());
        if (p.has("assignee")) e = e.assigneeUpdated(p.get("assignee").get("login").str());
        return GitMessages.issue(e);
    }

    private String issueComment() {
        Payload issue = p.get("issue");
        return GitMessages.pullRequest(GitHubIntegration.pr(sender, commentAction(), issue.get("html_url").str())
                .number(issue.get("number").integer()).message(p.get("comment").get("body").str())
                .title(includeTitle ? issue.get("title").str() : null).type(issue.has("pull_request") ? "PR" : "issue"));
    }

    private String commentAction() {
        String action = p.get("action").str();
        String verb = action.equals("created") ? "[commented]" : action + " a [comment]";
        return verb + "(" + p.get("comment").get("html_url").str() + ") on";
    }

    private String issueLabel() {
        Payload issue = p.get("issue");
        boolean added = p.get("action").str().equals("labeled");
        return "[" + sender + "](" + p.get("sender").get("html_url").str() + ") " + (added ? "added" : "removed") + " the "
                + p.get("label").get("name").str() + " label " + (added ? "to" : "from") + " [Issue #" + issue.get("number").integer()
                + (includeTitle ? " " + issue.get("title").str() : "") + "](" + issue.get("html_url").str() + ").";
    }

    private String issueMilestone() {
        Payload issue = p.get("issue"), milestone = p.get("milestone");
        boolean added = p.get("action").str().equals("milestoned");
        return "[" + sender + "](" + p.get("sender").get("html_url").str() + ") " + (added ? "added" : "removed") + " milestone ["
                + milestone.get("title").str() + "](" + milestone.get("html_url").str() + ") " + (added ? "to" : "from") + " [issue #"
                + issue.get("number").integer() + (includeTitle ? " " + issue.get("title").str() : "") + "](" + issue.get("html_url").str() + ").";
    }

    private String release() {
        Payload r = p.get("release");
        String name = r.opt("name").truthy() ? r.get("name").str() : r.get("tag_name").str();
        return GitMessages.release(sender, p.get("action").str(), r.get("tag_name").str(), name, r.get("html_url").str());
    }

    private String commitComment() {
        Payload c = p.get("comment");
        String url = c.get("html_url").str();
        return GitMessages.commitComment(sender, "[commented](" + url + ")", url.split("#", 2)[0], c.get("commit_id").str(), c.get("body").str());
    }

    private String checkRun() {
        Payload run = p.get("check_run");
        String sha = run.get("head_sha").str();
        return "Check [" + run.get("name").str() + "](" + run.get("html_url").str() + ") " + run.get("status").str() + " ("
                + run.get("conclusion").str() + "). ([" + GitMessages.shortSha(sha) + "](" + p.get("repository").get("html_url").str()
                + "/commit/" + sha + "))";
    }

    private String workflowRun() {
        Payload run = p.get("workflow_run");
        String sha = run.get("head_sha").str();
        return "Workflow [" + run.get("name").str() + "](" + run.get("html_url").str() + ") on branch " + run.get("head_branch").str()
                + " completed (" + run.get("conclusion").str() + "). ([" + GitMessages.shortSha(sha) + "]("
                + p.get("repository").get("html_url").str() + "/commit/" + sha + "))";
    }
}
