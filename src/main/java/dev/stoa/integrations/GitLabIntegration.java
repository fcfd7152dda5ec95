package dev.stoa.integrations;

import dev.stoa.integrations.GitMessages.PrEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * GitLab (Zulip's zerver/webhooks/gitlab): the X-GitLab-Event header refined by the object's action or
 * noteable type ("Merge Request Hook open", "Note Hook Issue"); Zulip's topics and texts. With the topic
 * given in the URL, the body starts with a link to the project.
 */
final class GitLabIntegration implements Integration {
    static final List<String> EVENTS = List.of("Push Hook", "Tag Push Hook", "Test Hook",
            "Issue Hook open", "Issue Hook close", "Issue Hook reopen", "Issue Hook update",
            "Confidential Issue Hook open", "Confidential Issue Hook close", "Confidential Issue Hook reopen", "Confidential Issue Hook update",
            "Note Hook Commit", "Note Hook MergeRequest", "Note Hook Issue", "Confidential Note Hook Issue",
            "Merge Request Hook approved", "Merge Request Hook unapproved", "Merge Request Hook approval", "Merge Request Hook unapproval",
            "Merge Request Hook open", "Merge Request Hook update", "Merge Request Hook merge", "Merge Request Hook close",
            "Merge Request Hook reopen", "Job Hook", "Build Hook", "Pipeline Hook", "Release Hook");

    @Override public String name() { return "gitlab"; }
    @Override public String displayName() { return "GitLab"; }
    @Override public List<String> allEventTypes() { return EVENTS; }

    @Override
    public List<UrlOption> urlOptions() {
        return List.of(new UrlOption("branches", "", "text"),
                new UrlOption("use_merge_request_title", "Use merge request title in the topic", "checkbox"));
    }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        String event = event(request, p);
        if (event == null) return Integration.nothing();
        boolean includeTitle = request.topicGiven();
        String body = new GitLabBodies(p, includeTitle).of(event);
        if (includeTitle) body = "[[" + repo(p) + "](" + homepage(p) + ")] " + body;
        return Integration.post(topic(event, p, !"false".equals(request.param("use_merge_request_title"))), body, event);
    }

    private static String event(WebhookRequest request, Payload p) {
        String event = request.eventHeader("X-GitLab-Event");
        if (event.equals("System Hook")) {
            String name = p.has("event_name") ? p.get("event_name").str() : p.get("object_kind").str();
            event = titleCase(name.split("__")[0].replace("_", " ")) + " Hook";
        }
        switch (event) {
            case "Confidential Issue Hook", "Issue Hook", "Merge Request Hook", "Wiki Page Hook" -> {
                Payload action = p.get("object_attributes").opt("action");
                event = event + " " + (action.node().isMissingNode() ? "open" : action.str());
            }
            case "Confidential Note Hook", "Note Hook" -> event = event + " " + p.get("object_attributes").get("noteable_type").str();
            case "Push Hook" -> {
                if (!GitMessages.branchNotifiable(branch(p), request.param("branches"))) return null;
            }
            default -> { }
        }
        if (EVENTS.contains(event)) return event;
        throw request.unsupported(event);
    }

    /** Python's str.title(): each word's first letter upper case, the rest lower. */
    static String titleCase(String s) {
        StringBuilder sb = new StringBuilder();
        boolean start = true;
        for (char c : s.toCharArray()) {
            sb.append(start ? Character.toUpperCase(c) : Character.toLowerCase(c));
            start = !Character.isLetter(c);
        }
        return sb.toString();
    }

    static String topic(String event, Payload p, boolean mrTitle) {
        Payload attrs = p.opt("object_attributes");
        if (event.equals("Push Hook")) return repo(p) + " / " + branch(p);
        if (event.equals("Job Hook") || event.equals("Build Hook")) return p.get("repository").get("name").str() + " / " + branch(p);
        if (event.equals("Pipeline Hook")) return repo(p) + " / " + attrs.get("ref").str().replace("refs/heads/", "");
        if (event.startsWith("Merge Request Hook")) {
            return GitMessages.prOrIssueTopic(repo(p), "MR", attrs.get("iid").integer(), mrTitle ? attrs.get("title").str() : "");
        }
        if (event.startsWith("Issue Hook") || event.startsWith("Confidential Issue Hook")) {
            return GitMessages.prOrIssueTopic(repo(p), "issue", attrs.get("iid").integer(), attrs.get("title").str());
        }
        if (event.equals("Note Hook Issue") || event.equals("Confidential Note Hook Issue")) {
            return GitMessages.prOrIssueTopic(repo(p), "issue", p.get("issue").get("iid").integer(), p.get("issue").get("title").str());
        }
        if (event.equals("Note Hook MergeRequest")) {
            Payload mr = p.get("merge_request");
            return GitMessages.prOrIssueTopic(repo(p), "MR", mr.get("iid").integer(), mrTitle ? mr.get("title").str() : "");
        }
        return repo(p);
    }

    static String repo(Payload p) {
        return p.has("project") ? p.get("project").get("name").str() : p.get("repository").get("name").str();
    }

    static String homepage(Payload p) {
        return p.has("project") ? p.get("project").get("web_url").str() : p.get("repository").get("homepage").str();
    }

    static String branch(Payload p) { return p.get("ref").str().replace("refs/heads/", ""); }

    static List<String> assignees(Payload p) {
        List<String> out = new ArrayList<>();
        if (p.opt("assignees").truthy()) for (Payload a : p.get("assignees")) out.add(a.get("name").str());
        else if (p.opt("assignee").truthy()) out.add(p.get("assignee").get("name").str());
        return out;
    }

    static PrEvent pr(String user, String action, String url) { return PrEvent.of(user, action, url); }
}
