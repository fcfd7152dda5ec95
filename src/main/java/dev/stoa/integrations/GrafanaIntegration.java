package dev.stoa.integrations;

import dev.stoa.http.CommonErrors;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Grafana (Zulip's zerver/webhooks/grafana): unified alerting (Grafana 8+, an `alerts` list: one message
 * per alert, topic "[alertname]") and the legacy Grafana 7 alert (topic: its title).
 */
final class GrafanaIntegration implements Integration {
    static final List<String> EVENTS = List.of("ok", "pending", "alerting", "paused", "firing", "resolved");

    @Override public String name() { return "grafana"; }
    @Override public String displayName() { return "Grafana"; }
    @Override public List<String> allEventTypes() { return EVENTS; }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload p = request.json();
        if (p.has("alerts")) {
            List<Post> posts = new ArrayList<>();
            for (Payload alert : p.get("alerts")) posts.add(unified(alert));
            return new Many(posts);
        }
        return legacy(p);
    }

    private static Post unified(Payload alert) {
        String status = oneOf(alert.get("status"), Set.of("firing", "resolved"));
        StringBuilder body = new StringBuilder(status.equals("firing") ? ":alert:" : ":checkbox:").append(" **")
                .append(status.toUpperCase(Locale.ROOT)).append("**\n\n");
        Payload labels = alert.get("labels");
        String topic;
        if (labels.opt("alertname").truthy()) {
            String name = labels.get("alertname").str();
            topic = "[" + name + "]";
            body.append("**").append(name).append("**\n\n");
        } else {
            topic = "[" + alert.get("fingerprint").str() + "]";
        }
        body.append("This alert was fired at ").append(globalTime(alert.get("startsAt").str())).append('.');
        String end = alert.get("endsAt").str();
        if (!end.equals("0001-01-01T00:00:00Z")) body.append("\n\nThis alert was resolved at ").append(globalTime(end)).append('.');
        if (labels.truthy()) body.append("\n\nLabels:\n").append(pairs(labels)).append('\n');
        if (alert.opt("values").truthy()) {
            StringBuilder values = new StringBuilder();
            for (String k : alert.get("values").keys()) values.append("- ").append(k).append(": ").append(pythonStr(alert.get("values").get(k))).append('\n');
            body.append("Values:\n").append(values).append('\n');
        } else if (alert.opt("valueString").truthy()) {
            body.append("Values:\n").append(alert.get("valueString").str()).append("\n\n");
        }
        if (alert.opt("annotations").truthy()) body.append("Annotations:\n").append(pairs(alert.get("annotations")));
        if (alert.opt("generatorURL").truthy()) body.append("\n[Generator](").append(alert.get("generatorURL").str()).append(')');
        if (alert.opt("silenceURL").truthy()) body.append("\n[Silence](").append(alert.get("silenceURL").str()).append(')');
        if (alert.opt("imageURL").truthy()) body.append("\n[Image](").append(alert.get("imageURL").str()).append(')');
        body.append('\n');
        return Integration.post(topic, body.toString(), status);
    }

    private static String pairs(Payload object) {
        StringBuilder sb = new StringBuilder();
        for (String k : object.keys()) sb.append("- ").append(k).append(": ").append(object.get(k).str()).append('\n');
        return sb.toString();
    }

    private static Post legacy(Payload p) {
        String topic = p.get("title").str();
        StringBuilder matches = new StringBuilder();
        if (p.opt("evalMatches").truthy()) {
            for (Payload m : p.get("evalMatches")) matches.append("**").append(m.get("metric").str()).append(":** ").append(pythonStr(m.get("value"))).append('\n');
        }
        String message = p.has("message") ? p.get("message").str() + "\n\n" : "";
        String state = oneOf(p.get("state"), Set.of("no_data", "paused", "alerting", "ok", "pending", "unknown"));
        String icon = switch (state) {
            case "alerting" -> ":alert:";
            case "ok" -> ":squared_ok:";
            default -> ":info:";
        };
        String body = icon + " **" + state.toUpperCase(Locale.ROOT) + "**\n\n[" + p.get("ruleName").str() + "](" + p.get("ruleUrl").str()
                + ")\n\n" + message + matches;
        if (p.has("imageUrl")) body += "\n[Click to view visualization](" + p.get("imageUrl").str() + ")";
        return Integration.post(topic, body.strip(), state);
    }

    /** Python's str() of a JSON scalar: None, True/False, ints, floats as repr. */
    static String pythonStr(Payload v) {
        var n = v.node();
        if (n.isNull()) return "None";
        if (n.isBoolean()) return n.booleanValue() ? "True" : "False";
        if (n.isIntegralNumber()) return n.bigIntegerValue().toString();
        if (n.isNumber()) return PythonJson.pythonFloat(n.doubleValue());
        if (n.isTextual()) return n.textValue();
        return n.toString();
    }

    /** Zulip's datetime_to_global_time: "<time:…>" with Python's isoformat (microseconds only when present). */
    static String globalTime(String iso) {
        OffsetDateTime t = OffsetDateTime.parse(iso);
        String base = t.format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss"));
        int micros = t.getNano() / 1000;
        if (micros != 0) base += String.format(".%06d", micros);
        int offset = t.getOffset().getTotalSeconds();
        String sign = offset < 0 ? "-" : "+";
        offset = Math.abs(offset);
        return "<time:" + base + String.format("%s%02d:%02d", sign, offset / 3600, offset / 60 % 60) + ">";
    }

    private static String oneOf(Payload p, Set<String> allowed) {
        String v = p.str();
        if (!allowed.contains(v)) throw CommonErrors.invalid(p.path());
        return v;
    }
}
