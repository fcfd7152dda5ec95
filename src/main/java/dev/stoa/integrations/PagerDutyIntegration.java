package dev.stoa.integrations;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PagerDuty (Zulip's zerver/webhooks/pagerduty): V3 webhooks (an `event` object: incident triggered,
 * acknowledged, unacknowledged, resolved, reassigned) and V2 (a `messages` list), topic "Incident …",
 * texts as Zulip's tests assert them.
 */
final class PagerDutyIntegration implements Integration {
    private static final Map<String, String> V3 = Map.of("incident.triggered", "triggered", "incident.acknowledged", "acknowledged",
            "incident.unacknowledged", "unacknowledged", "incident.resolved", "resolved", "incident.reassigned", "reassigned");
    private static final Map<String, String> V2 = Map.of("incident.trigger", "triggered", "incident.acknowledge", "acknowledged",
            "incident.resolve", "resolved", "incident.assign", "assigned");

    @Override public String name() { return "pagerduty"; }
    @Override public String displayName() { return "PagerDuty"; }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        if (p.has("event")) return v3(request, p.get("event"));
        List<Post> posts = new ArrayList<>();
        for (Payload m : p.get("messages")) {
            if (!m.has("event")) break;
            String event = m.get("event").str();
            if (!V2.containsKey(event)) throw request.unsupported(event);
            posts.add(v2(event, m.get("incident")));
        }
        return new Many(posts);
    }

    private static String link(Payload ref) { return "[" + ref.get("summary").str() + "](" + ref.get("html_url").str() + ")"; }

    private static Outcome v3(WebhookRequest request, Payload e) {
        String type = e.get("event_type").str();
        String action = V3.get(type);
        if (action == null) throw request.unsupported(type);
        Payload d = e.get("data");
        String numTitle = d.get("title").str() + " (#" + d.get("number").integer() + ")";
        String head = "Incident [" + numTitle + "](" + d.get("html_url").str() + ") " + action;
        Payload assignees = d.opt("assignees");
        String assignee = assignees.truthy() ? link(assignees.list().get(0)) : "nobody";
        String body = switch (action) {
            case "triggered", "unacknowledged" -> head + " by " + link(d.get("service")) + " (assigned to " + assignee + ").";
            case "resolved" -> e.opt("agent").truthy() ? head + " by " + link(e.get("agent")) + "." : head + ".";
            case "reassigned" -> head + " to " + assignee + ".";
            default -> head + " by " + assignee + ".";
        };
        return Integration.post("Incident " + numTitle, body, null);
    }

    private static Post v2(String event, Payload incident) {
        long number = incident.get("incident_number").integer();
        String head = "Incident [" + number + "](" + incident.get("html_url").str() + ") " + V2.get(event);
        Payload assignments = incident.opt("assignments");
        String assignee = assignments.truthy() ? link(assignments.list().get(0).get("assignee")) : "nobody";
        Payload agent = incident.opt("last_status_change_by");
        String quote = "\n\n``` quote\n" + incident.get("description").str() + "\n```";
        String line = switch (event) {
            case "incident.trigger" -> head + " by " + link(incident.get("service")) + " (assigned to " + assignee + ").";
            case "incident.resolve" -> agent.truthy() ? head + " by " + link(agent) + "." : head + ".";
            case "incident.assign" -> head + " to " + assignee + ".";
            default -> head + " by " + assignee + ".";
        };
        return Integration.post("Incident " + number, line + quote, null);
    }
}
