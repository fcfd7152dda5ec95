package dev.stoa.integrations;

import dev.stoa.http.ApiError;
import java.util.List;
import java.util.Map;

/**
 * CircleCI (Zulip's zerver/webhooks/circleci): the webhook's ping, job-completed and workflow-completed
 * events, topic the project's name; the trigger line from the pipeline's VCS block (GitHub, Bitbucket)
 * or its GitLab trigger parameters, as Zulip words them.
 */
final class CircleCiIntegration implements Integration {
    private static final List<String> EVENTS = List.of("ping", "job-completed", "workflow-completed");
    private static final Map<String, String> STATUS = Map.of("success", "has succeeded", "failed", "has failed",
            "canceled", "was canceled", "unauthorized", "was unauthorized", "error", "had an error");

    @Override public String name() { return "circleci"; }
    @Override public String displayName() { return "CircleCI"; }
    @Override public List<String> allEventTypes() { return EVENTS; }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        String type = p.get("type").str();
        if (type.equals("ping")) {
            return Integration.post("Test event", "Webhook '" + p.get("webhook").get("name").str() + "' test event successful.", type);
        }
        String topic = p.get("project").get("name").str();
        long pipeline = p.get("pipeline").get("number").integer();
        String trigger = trigger(p.get("pipeline"));
        String head = switch (type) {
            case "job-completed" -> "Job `" + p.get("job").get("name").str() + "`";
            case "workflow-completed" -> "Workflow [`" + p.get("workflow").get("name").str() + "`](" + p.get("workflow").get("url").str() + ")";
            // Zulip's check_string_in on the type: a validation error, not an unsupported event.
            default -> throw ApiError.bad("Invalid payload[\"type\"]");
        };
        Payload outcome = type.equals("job-completed") ? p.get("job") : p.get("workflow");
        // Zulip formats an unknown outcome from a missing map entry, so its text is "None".
        String status = STATUS.getOrDefault(outcome.get("status").str(), "None");
        return Integration.post(topic, head + " within Pipeline #" + pipeline + " " + status + ".\n\n" + trigger, type);
    }

    /** Zulip's get_commit_details: the commit that triggered the pipeline, or the branch's HEAD or tag when run by hand. */
    private static String trigger(Payload pipeline) {
        if (pipeline.has("vcs")) {
            Payload vcs = pipeline.get("vcs");
            String revision = vcs.get("revision").str(), sha = GitMessages.shortSha(revision);
            String link = vcs.get("target_repository_url").str() + (vcs.get("provider_name").str().equals("github") ? "/commit/" : "/commits/") + revision;
            String branch = vcs.get("branch").strOrNull();
            String subject = vcs.get("commit").get("subject").strOrNull();
            if (subject == null || subject.isEmpty()) {
                return branch == null || branch.isEmpty() ? "Triggered on the latest tag on [" + sha + "](" + link + ")."
                        : "Triggered on `" + branch + "`'s HEAD on [" + sha + "](" + link + ").";
            }
            return full(sha + ": " + subject, link, branch, vcs.get("commit").get("author").get("name").str());
        }
        Payload gitlab = pipeline.get("trigger_parameters").get("gitlab");
        String sha = gitlab.get("checkout_sha").str();
        return full(GitMessages.shortSha(sha) + ": " + gitlab.get("commit_title").str(), gitlab.get("web_url").str() + "/-/commit/" + sha,
                gitlab.get("branch").str(), gitlab.get("commit_author_name").str());
    }

    private static String full(String details, String link, String branch, String author) {
        return "Triggered on [`" + details + "`](" + link + ") on branch `" + branch + "` by " + author + ".";
    }
}
