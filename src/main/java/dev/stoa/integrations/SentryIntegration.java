package dev.stoa.integrations;

import java.util.Locale;
import java.util.Map;

/**
 * Sentry (Zulip's zerver/webhooks/sentry, as of its 2020 integration-platform view): issue events
 * (created, resolved, assigned, ignored) and event alerts (a captured message, or an exception with the
 * lines around the failing one), topic the issue's or event's title; the legacy plugin payload too.
 */
final class SentryIntegration implements Integration {
    private static final Map<String, String> HIGHLIGHT = Map.of("go", "go", "java", "java", "javascript", "javascript",
            "node", "javascript", "python", "python3");

    @Override public String name() { return "sentry"; }
    @Override public String displayName() { return "Sentry"; }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        Payload data = p.opt("data");
        if (!data.truthy()) return legacy(p);
        if (data.has("event")) return event(request, data.get("event"));
        if (data.has("issue")) return issue(request, p.get("action").str(), data.get("issue"), p.opt("actor"));
        throw request.unsupported(data.keys().toString().replace("\"", "'"));
    }

    private static String time(String iso) { return iso.split("\\.")[0].replace("T", " "); }

    private static Outcome event(WebhookRequest request, Payload e) {
        String title = e.get("title").str();
        if (Integer.parseInt(e.get("version").str()) < 7) throw request.unsupported("Raven SDK");
        String level = e.get("level").str(), link = e.get("web_url").str(), at = time(e.get("datetime").str());
        if (e.has("exception")) {
            String filename = e.get("metadata").get("filename").str();
            String head = "**New exception:** [" + title + "](" + link + ")\n```quote\n**level:** " + level + "\n**timestamp:** " + at
                    + "\n**filename:** " + filename + "\n```\n";
            Payload frame = frame(e, filename);
            if (frame == null) return Integration.post(title, head, null);
            String syntax = HIGHLIGHT.getOrDefault(e.get("platform").str(), "");
            return Integration.post(title, head + "\nTraceback:\n```" + syntax + "\n" + lines(frame.opt("pre_context")) + "---> "
                    + frame.get("context_line").str() + "\n" + lines(frame.opt("post_context")) + "```\n", null);
        }
        if (e.has("logentry")) {
            return Integration.post(title, "**New message event:** [" + title + "](" + link + ")\n```quote\n**level:** " + level
                    + "\n**timestamp:** " + at + "\n```\n", null);
        }
        throw request.unsupported("unknown-event type");
    }

    /** The frame of the file Sentry names as the exception's, in the first exception value with a stack trace. */
    private static Payload frame(Payload e, String filename) {
        for (Payload value : e.get("exception").get("values")) {
            if (!value.has("stacktrace")) continue;
            for (Payload frame : value.get("stacktrace").get("frames")) {
                if (frame.get("filename").str().equals(filename)) return frame;
            }
            return null;
        }
        return null;
    }

    private static String lines(Payload list) {
        if (!list.truthy()) return "";
        StringBuilder sb = new StringBuilder();
        for (Payload line : list) sb.append(line.str().isEmpty() ? "\n" : "     " + line.str() + "\n");
        return sb.toString();
    }

    private static Outcome issue(WebhookRequest request, String action, Payload issue, Payload actor) {
        String title = issue.get("title").str();
        Payload to = issue.get("assignedTo");
        String assignee = !to.truthy() ? "No one" : to.get("type").str().equals("team") ? "team " + to.get("name").str() : to.get("name").str();
        String body = switch (action) {
            case "created" -> "**New issue created:** " + title + "\n```quote\n**level:** " + issue.get("level").str() + "\n**timestamp:** "
                    + time(issue.get("lastSeen").str()) + "\n**assignee:** " + assignee + "\n```";
            case "resolved" -> "Issue **" + title + "** was marked as resolved by **" + actor.get("name").str() + "**.";
            case "assigned" -> "Issue **" + title + "** has now been assigned to **" + assignee + "** by **" + actor.get("name").str() + "**.";
            case "ignored" -> "Issue **" + title + "** was ignored by **" + actor.get("name").str() + "**.";
            default -> throw request.unsupported("unknown-issue-action type");
        };
        return Integration.post(title, body, null);
    }

    /** Sentry's legacy webhook plugin: project, level, url, message. */
    private static Outcome legacy(Payload p) {
        String project = p.opt("project_name").node().isMissingNode() ? "None" : GrafanaIntegration.pythonStr(p.get("project_name"));
        String url = p.opt("url").node().isMissingNode() ? "None" : GrafanaIntegration.pythonStr(p.get("url"));
        String message = p.opt("message").node().isMissingNode() ? "None" : GrafanaIntegration.pythonStr(p.get("message"));
        return Integration.post(project, "New [issue](" + url + ") (level: " + p.get("level").str().toUpperCase(Locale.ROOT)
                + "):\n\n``` quote\n" + message + "\n```", null);
    }
}
