package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Alertmanager and Grafana payloads (from their documented webhook formats); messages asserted in full. */
class MonitoringWebhookTest extends WebhookTestBase {

    private JsonNode lastTwo() {
        return member.get("/messages", "anchor", "newest", "num_before", 2, "num_after", 0, "narrow", List.of(),
                "apply_markdown", false).success().get("messages");
    }

    @Test
    void alertmanagerGroupsByInstanceAndStatus() {
        postJson("alertmanager", fixture("alertmanager", "alerts"), channel()).success();
        JsonNode two = lastTwo();
        assertThat(two.get(0).get("subject").asText()).isEqualTo("api-1:9100");
        assertThat(two.get(0).get("content").asText()).isEqualTo("""
                :alert: **FIRING**
                * HighLatency ([graph](http://prometheus.example.com:9090/graph?g0.expr=latency&g0.tab=0))
                * DiskFull ([graph](http://prometheus.example.com:9090/graph?g0.expr=disk&g0.tab=0))""");
        assertThat(two.get(1).get("subject").asText()).isEqualTo("db-1:9100");
        assertThat(two.get(1).get("content").asText())
                .isEqualTo(":squared_ok: **Resolved** HighLatency ([graph](http://prometheus.example.com:9090/graph?g0.expr=latency&g0.tab=0))");
        assertThat(two.get(1).get("client").asText()).isEqualTo("ZulipAlertmanagerWebhook");
    }

    @Test
    void alertmanagerNameAndDescriptionOptions() {
        postJson("alertmanager", fixture("alertmanager", "alerts"), with("name", "job", "desc", "summary")).success();
        JsonNode two = lastTwo();
        assertThat(two.get(0).get("subject").asText()).isEqualTo("api");
        assertThat(two.get(0).get("content").asText()).isEqualTo("""
                :alert: **FIRING**
                * p99 latency above 1s ([graph](http://prometheus.example.com:9090/graph?g0.expr=latency&g0.tab=0))
                * <missing field: summary> ([graph](http://prometheus.example.com:9090/graph?g0.expr=disk&g0.tab=0))""");
        assertThat(two.get(1).get("content").asText())
                .isEqualTo(":squared_ok: **Resolved** <missing field: summary> ([graph](http://prometheus.example.com:9090/graph?g0.expr=latency&g0.tab=0))");
    }

    @Test
    void grafanaUnifiedAlert() {
        postJson("grafana", fixture("grafana", "unified_firing"), channel()).success();
        assertPosted("[High CPU]", """
                :alert: **FIRING**

                **High CPU**

                This alert was fired at <time:2026-11-20T10:00:00+00:00>.

                Labels:
                - alertname: High CPU
                - team: ops

                Values:
                - B: 92.5
                - C: 1

                Annotations:
                - summary: CPU above 90%

                [Generator](https://grafana.example.com/alerting/grafana/abc/view)
                [Silence](https://grafana.example.com/alerting/silence/new?alertmanager=grafana)""", "ZulipGrafanaWebhook");
    }

    @Test
    void grafanaLegacyAlertAndEventFilter() {
        long before = newestId();
        postJson("grafana", fixture("grafana", "legacy_alerting"), with("only_events", "[\"ok\"]")).success();
        assertThat(newestId()).isEqualTo(before);
        postJson("grafana", fixture("grafana", "legacy_alerting"), channel()).success();
        assertPosted("[Alerting] Panel Title alert", """
                :alert: **ALERTING**

                [Panel Title alert](http://localhost:3000/d/hZ7BuVbWz/test-dashboard?fullscreen&edit&tab=alert&panelId=2&orgId=1)

                Notification Message

                **Count:** 1

                [Click to view visualization](https://grafana.com/assets/img/blog/mixed_styles.png)""", "ZulipGrafanaWebhook");
    }
}
