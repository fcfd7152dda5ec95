package dev.stoa.integrations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prometheus Alertmanager (Zulip's zerver/webhooks/alertmanager): alerts grouped by the `name` URL
 * option's label (default "instance"), one message per group and status, described by the `desc`
 * option's label (default "alertname").
 */
final class AlertmanagerIntegration implements Integration {
    @Override public String name() { return "alertmanager"; }
    @Override public String displayName() { return "Prometheus Alertmanager"; }
    @Override public String clientName() { return "ZulipAlertmanagerWebhook"; }

    @Override
    public List<UrlOption> urlOptions() {
        return List.of(new UrlOption("name", "Label or annotation that names the alert's topic", "text"),
                new UrlOption("desc", "Label or annotation that describes the alert", "text"));
    }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload payload = request.json();
        String nameField = request.param("name") != null ? request.param("name") : "instance";
        String descField = request.param("desc") != null ? request.param("desc") : "alertname";
        Map<String, Map<String, List<String>>> topics = new LinkedHashMap<>();
        for (Payload alert : payload.get("alerts")) {
            String name = field(alert, nameField, "(unknown)");
            String desc = field(alert, descField, "<missing field: " + descField + ">");
            String url = alert.get("generatorURL").str().replace("tab=1", "tab=0");
            String status = alert.get("status").str();
            var statuses = topics.computeIfAbsent(name, k -> new LinkedHashMap<>(Map.of()));
            statuses.putIfAbsent("firing", new ArrayList<>());
            statuses.putIfAbsent("resolved", new ArrayList<>());
            // Python's dict raises KeyError on any other status: a malformed payload.
            if (!statuses.containsKey(status)) throw IntegrationErrors.notFiringOrResolved(alert.get("status").path());
            statuses.get(status).add(desc + " ([graph](" + url + "))");
        }
        List<Post> posts = new ArrayList<>();
        topics.forEach((topic, statuses) -> statuses.forEach((status, messages) -> {
            if (messages.isEmpty()) return;
            String head = status.equals("firing") ? ":alert: **FIRING**" : ":squared_ok: **Resolved**";
            String body = messages.size() == 1 ? head + " " + messages.get(0)
                    : head + "\n" + String.join("\n", messages.stream().map(m -> "* " + m).toList());
            posts.add(Integration.post(topic, body, null));
        }));
        return new Many(posts);
    }

    /** The label, else the annotation, else the fallback. */
    private static String field(Payload alert, String key, String fallback) {
        Payload labels = alert.opt("labels"), annotations = alert.opt("annotations");
        if (labels.has(key)) return labels.get(key).str();
        if (annotations.has(key)) return annotations.get(key).str();
        return fallback;
    }
}
