package dev.stoa.integrations;

import dev.stoa.integrations.GitMessages.PrEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * GitHub (Zulip's zerver/webhooks/github): the event is the X-GitHub-Event header, refined by the
 * payload's action into Zulip's event names, whose topics and bodies are Zulip's. The sender is named
 * by GitHub login (Zulip's external-account matching of senders to users is not done).
 * {@code workflow_run}, which Zulip does not handle, is Stoa's own, written like Zulip's check_run.
 */
final class GitHubIntegration implements Integration {
    static final List<String> EVENTS = List.of("commit_comment", "closed_pull_request", "create", "check_run", "delete",
            "issue_comment", "issue_labeled_or_unlabeled", "issue_milestoned_or_demilestoned", "issues",
            "opened_pull_request", "updated_pull_request", "assigned_or_unassigned_pull_request", "ping",
            "pull_request_ready_for_review", "pull_request_review", "pull_request_review_comment",
            "pull_request_review_requested", "pull_request_auto_merge", "locked_or_unlocked_pull_request",
            "push_commits", "push_tags", "release", "workflow_run");
    private static final Set<String> IGNORED_EVENTS = Set.of("check_suite", "label", "meta", "milestone", "organization",
            "project_card", "repository_vulnerability_alert", "workflow_job");
    private static final Set<String> IGNORED_PR_ACTIONS = Set.of("approved", "converted_to_draft", "labeled",
            "review_request_removed", "unlabeled");

    @Override public String name() { return "github"; }
    @Override public String displayName() { return "GitHub"; }
    @Override public List<String> allEventTypes() { return EVENTS; }

    @Override
    public List<UrlOption> urlOptions() {
        return List.of(new UrlOption("branches", "", "text"),
                new UrlOption("ignore_private_repositories", "Exclude notifications from private repositories", "checkbox"));
    }

    @Override
    public Outcome handle(WebhookRequest request) {
        String header = request.eventHeader("X-GitHub-Event");
        Payload p = request.json();
        if (p.has("repository") && p.get("repository").opt("private").truthy()
                && "true".equals(request.param("ignore_private_repositories"))) {
            return Integration.nothing();
        }
        if (header.contains("comment") && "edited".equals(p.opt("action").node().asText(null))
                && p.get("changes").get("body").get("from").str().equals(p.get("comment").get("body").str())) {
            return Integration.nothing(); // an edit that left the comment's text as it was
        }
        String event = zulipEvent(request, header, p);
        if (event == null) return Integration.nothing();
        var body = new GitHubBodies(p, request.topicGiven(), p.get("sender").get("login").str());
        return Integration.post(topic(p, event), body.of(event), event);
    }

    /** Zulip's get_zulip_event_name; null for an event it knowingly ignores. */
    private static String zulipEvent(WebhookRequest request, String header, Payload p) {
        switch (header) {
            case "pull_request" -> {
                String action = p.get("action").str();
                switch (action) {
                    case "opened", "reopened" -> { return "opened_pull_request"; }
                    case "synchronize", "edited" -> { return "updated_pull_request"; }
                    case "assigned", "unassigned" -> { return "assigned_or_unassigned_pull_request"; }
                    case "closed" -> { return "closed_pull_request"; }
                    case "review_requested" -> { return "pull_request_review_requested"; }
                    case "ready_for_review" -> { return "pull_request_ready_for_review"; }
                    case "locked", "unlocked" -> { return "locked_or_unlocked_pull_request"; }
                    case "auto_merge_enabled", "auto_merge_disabled" -> { return "pull_request_auto_merge"; }
                    default -> {
                        if (IGNORED_PR_ACTIONS.contains(action)) return null;
                    }
                }
            }
            case "pull_request_review" -> {
                // GitHub sends a duplicate empty "edited" review with every submitted one.
                boolean empty = p.get("action").str().equals("edited") && !p.opt("changes").truthy();
                return empty ? null : "pull_request_review";
            }
            case "push" -> {
                String ref = p.get("ref").str();
                if (ref.startsWith("refs/heads/gh-readonly-queue/")) return null;
                if (!ref.startsWith("refs/heads/")) return "push_tags";
                return GitMessages.branchNotifiable(ref.substring(11), request.param("branches")) ? "push_commits" : null;
            }
            case "check_run" -> { return p.get("check_run").get("status").str().equals("completed") ? "check_run" : null; }
            case "workflow_run" -> { return p.get("action").str().equals("completed") ? "workflow_run" : null; }
            case "issues" -> {
                String action = p.get("action").str();
                if (action.equals("labeled") || action.equals("unlabeled")) return "issue_labeled_or_unlabeled";
                if (action.equals("milestoned") || action.equals("demilestoned")) return "issue_milestoned_or_demilestoned";
                return "issues";
            }
            default -> {
                if (GitHubBodies.SIMPLE.contains(header)) return header;
                if (IGNORED_EVENTS.contains(header)) return null;
            }
        }
        String action = p.has("action") ? p.get("action").str() : "???";
        throw request.unsupported(header + ":" + action);
    }

    /** Zulip's get_topic_based_on_type. */
    static String topic(Payload p, String event) {
        String repo = p.has("repository") ? p.get("repository").get("name").str() : null;
        if (event.contains("pull_request")) {
            Payload pr = p.get("pull_request");
            return GitMessages.prOrIssueTopic(repo, "PR", pr.get("number").integer(), pr.get("title").str());
        }
        if (event.startsWith("issue")) {
            Payload issue = p.get("issue");
            String type = issue.has("pull_request") ? "PR" : "issue";
            return GitMessages.prOrIssueTopic(repo, type, issue.get("number").integer(), issue.get("title").str());
        }
        return switch (event) {
            case "push_commits" -> GitMessages.branchTopic(repo, p.get("ref").str().replaceFirst("^refs/heads/", ""));
            case "ping" -> repo == null ? p.get("organization").get("login").str() : repo;
            case "check_run" -> repo + " / checks";
            case "workflow_run" -> repo + " / workflows";
            default -> repo;
        };
    }

    static List<GitMessages.Commit> commits(Payload p) {
        List<GitMessages.Commit> out = new ArrayList<>();
        for (Payload c : p.get("commits")) {
            Payload author = c.get("author");
            String name = author.opt("username").truthy() ? author.get("username").str() : author.get("name").str();
            out.add(new GitMessages.Commit(name, c.get("id").str(), c.get("url").str(), c.get("message").str()));
        }
        return out;
    }

    static PrEvent pr(String user, String action, String url) { return PrEvent.of(user, action, url); }
}
