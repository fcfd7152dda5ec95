package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Alertmanager, Grafana, Sentry and PagerDuty payloads (from their documented webhook formats); messages asserted in full. */
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

    @Test
    void sentryIssueCreatedAndAssigned() {
        postJson("sentry", fixture("sentry", "issue_created"), channel()).success();
        assertPosted("ZeroDivisionError: division by zero", """
                **New issue created:** ZeroDivisionError: division by zero
                ```quote
                **level:** error
                **timestamp:** 2026-11-20 10:00:00
                **assignee:** No one
                ```""", "ZulipSentryWebhook");
        postJson("sentry", fixture("sentry", "issue_assigned_team"), channel()).success();
        assertPosted("ZeroDivisionError: division by zero",
                "Issue **ZeroDivisionError: division by zero** has now been assigned to **team backend-team** by **Hemanth V. Alluri**.",
                "ZulipSentryWebhook");
    }

    @Test
    void sentryExceptionWithItsTraceback() {
        postJson("sentry", fixture("sentry", "event_exception"), channel()).success();
        assertPosted("ZeroDivisionError: division by zero", """
                **New exception:** [ZeroDivisionError: division by zero](https://sentry.io/organizations/example/issues/1234/events/f3e5c2c39a1b4bbc9ea5b1e5f6d1c6f1/)
                ```quote
                **level:** error
                **timestamp:** 2026-11-20 10:00:00
                **filename:** app.py
                ```

                Traceback:
                ```python3
                     def divide(a, b):
                         # b comes from the request

                --->     return a / b

                     divide(1, 0)
                ```""", "ZulipSentryWebhook");
    }

    @Test
    void pagerDutyV3IncidentTriggeredAndResolved() {
        postJson("pagerduty", fixture("pagerduty", "triggered_v3"), channel()).success();
        assertPosted("Incident Checkout latency high (#9)", "Incident [Checkout latency high (#9)](https://acme.pagerduty.com/incidents/PFQZPSY) "
                + "triggered by [checkout](https://acme.pagerduty.com/services/PA2P440) (assigned to [Dana Ops](https://acme.pagerduty.com/users/PJ0LVEB)).",
                "ZulipPagerDutyWebhook");
        postJson("pagerduty", fixture("pagerduty", "resolved_v3"), channel()).success();
        assertPosted("Incident Checkout latency high (#9)", "Incident [Checkout latency high (#9)](https://acme.pagerduty.com/incidents/PFQZPSY) "
                + "resolved by [Dana Ops](https://acme.pagerduty.com/users/PJ0LVEB).", "ZulipPagerDutyWebhook");
        postJson("pagerduty", fixture("pagerduty", "unsupported_v3"), channel()).error(200, "UNSUPPORTED_WEBHOOK_EVENT_TYPE",
                "The 'incident.unsupported' event isn't currently supported by the PagerDuty webhook; ignoring");
    }
}
