package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The incoming-webhook framework over HTTP: authentication by api_key or Basic, channel or the
 * owner's DMs, errors as Zulip answers them; and the generic JSON and Slack-compatible integrations,
 * each message asserted in full.
 */
class IncomingWebhookTest extends WebhookTestBase {

    @Test
    void jsonIntegrationPostsThePayloadPrettyPrintedAsPythonDoes() {
        postJson("json", fixture("json", "nested"), channel()).success();
        assertPosted("JSON", """
                ```json
                {
                  "name": "Zulip",
                  "version": 9.5,
                  "count": 3,
                  "tags": [
                    "chat",
                    "open source"
                  ],
                  "nested": {
                    "ok": true,
                    "none": null,
                    "empty": {},
                    "list": []
                  },
                  "unicode": "caf\\u00e9 \\"quoted\\""
                }
                ```""", "ZulipJSONWebhook");
    }

    @Test
    void slackTextWithLinksAndEmphasisTakesItsChannelAsTopic() {
        postJson("slack_incoming", fixture("slack_incoming", "text"), channel()).success();
        assertPosted("alerts", "Hello **world**, see [the docs](https://example.com) *now*", "ZulipSlackIncomingWebhook");
    }

    @Test
    void slackFormEncodedPayloadParameter() {
        String form = "payload=" + URLEncoder.encode(fixture("slack_incoming", "text"), StandardCharsets.UTF_8);
        var req = anonymous.request("/api/v1/external/slack_incoming?api_key=" + botKey + "&stream=" + CHANNEL + "&topic=form")
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build();
        anonymous.raw(req).success();
        assertPosted("form", "Hello **world**, see [the docs](https://example.com) *now*", "ZulipSlackIncomingWebhook");
    }

    @Test
    void slackBlocksAndAttachments() {
        postJson("slack_incoming", fixture("slack_incoming", "blocks_and_attachments"), with("topic", "deploys")).success();
        assertPosted("deploys", """
                ## Deploy finished

                **api** is live

                | | |
                |-|-|
                | **Env** prod | **Version** 1.2 |

                ----

                ## [Release notes](https://example.com/notes)

                Fixed *two* bugs

                **Owner**: ops
                **Risk**

                deploybot

                <time:1732780800>""", "ZulipSlackIncomingWebhook");
    }

    @Test
    void withoutAStreamTheBotWritesToItsOwner() {
        postJson("json", "{\"a\": 1}", Map.of()).success();
        JsonNode m = newest(member);
        assertThat(m.get("type").asText()).isEqualTo("private");
        assertThat(m.get("sender_id").asLong()).isEqualTo(botId);
        assertThat(m.get("content").asText()).isEqualTo("```json\n{\n  \"a\": 1\n}\n```");
        assertThat(m.get("display_recipient").size()).isEqualTo(2);
    }

    @Test
    void channelByIdAndTheKeyByBasicAuthentication() {
        long id = member.get("/get_stream_id", "stream", CHANNEL).success().get("stream_id").asLong();
        var req = anonymous.request("/api/v1/external/json?stream=" + id).header("Authorization", ApiClient.basic(botEmail, botKey))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"by\": \"basic\"}")).build();
        anonymous.raw(req).success();
        assertPosted("JSON", "```json\n{\n  \"by\": \"basic\"\n}\n```", "ZulipJSONWebhook");
    }

    @Test
    void credentialsAreCheckedAsZulipDoes() {
        var noKey = anonymous.request("/api/v1/external/json?stream=" + CHANNEL).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build();
        anonymous.raw(noKey).missing("api_key");
        String wrong = "x".repeat(32);
        anonymous.raw(anonymous.request("/api/v1/external/json?api_key=" + wrong).POST(HttpRequest.BodyPublishers.ofString("{}")).build())
                .error(401, "UNAUTHORIZED", "Invalid API key");
        anonymous.raw(anonymous.request("/api/v1/external/json?api_key=short").POST(HttpRequest.BodyPublishers.ofString("{}")).build())
                .error(401, "UNAUTHORIZED", "Malformed API key");
    }

    @Test
    void unknownIntegrationIsNotFound() {
        postJson("no_such_service", "{}", channel()).error(404, "BAD_REQUEST", "Not Found");
    }

    @Test
    void aMissingChannelTellsTheOwnerAndAnswersSuccess() {
        postJson("json", "{\"a\": 1}", Map.of("stream", "nonexistent")).success();
        JsonNode m = newest(member);
        assertThat(m.get("type").asText()).isEqualTo("private");
        assertThat(m.get("sender_email").asText()).startsWith("notification-bot@");
        assertThat(m.get("content").asText()).isEqualTo("Your bot `" + botEmail
                + "` tried to send a message to channel #**nonexistent**, but that channel does not exist. Click [here](#channels/new) to create it.");
    }

    @Test
    void aPersonsKeyPostsAsThePersonButMustNameAChannel() {
        var req = anonymous.request("/api/v1/external/json?api_key=" + member.apiKey).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build();
        anonymous.raw(req).missing("stream");
        var toChannel = anonymous.request("/api/v1/external/json?stream=" + CHANNEL + "&api_key=" + member.apiKey)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"who\": \"me\"}")).build();
        anonymous.raw(toChannel).success();
        assertThat(newest(member).get("sender_id").asLong()).isEqualTo(member.userId);
    }

    @Test
    void jsonMustBeAnObject() {
        long before = newestId();
        postJson("json", "[1, 2]", channel()).badRequest("payload is not a dict");
        postJson("json", "not json", channel()).error(400, "INVALID_JSON", "Malformed JSON");
        assertThat(newestId()).isEqualTo(before);
    }

    @Test
    void registerListsEveryIntegrationWithItsOptions() {
        JsonNode bots = member.post("/register", "fetch_event_types", List.of("realm_incoming_webhook_bots")).success()
                .get("realm_incoming_webhook_bots");
        assertThat(bots.findValuesAsText("name")).containsExactly("github", "gitlab", "gitea", "forgejo", "bitbucket2", "jira", "alertmanager", "grafana", "sentry",
                "pagerduty", "circleci", "json", "slack_incoming");
        JsonNode github = bots.get(0);
        assertThat(github.get("display_name").asText()).isEqualTo("GitHub");
        assertThat(github.get("all_event_types").toString()).contains("\"push_commits\"", "\"opened_pull_request\"", "\"workflow_run\"");
        assertThat(github.get("config_options").toString()).isEqualTo("[]");
        assertThat(github.get("url_options").toString()).isEqualTo("[{\"key\":\"branches\",\"label\":\"\",\"input_type\":\"text\"},"
                + "{\"key\":\"ignore_private_repositories\",\"label\":\"Exclude notifications from private repositories\",\"input_type\":\"checkbox\"}]");
        JsonNode json = bots.get(11);
        assertThat(json.toString()).isEqualTo("{\"name\":\"json\",\"display_name\":\"JSON formatter\",\"all_event_types\":null,"
                + "\"config_options\":[],\"url_options\":[]}");
        assertThat(bots.get(4).toString()).startsWith("{\"name\":\"bitbucket2\",\"display_name\":\"Bitbucket\",\"all_event_types\":[\"change_commit_status\",")
                .endsWith("\"url_options\":[{\"key\":\"branches\",\"label\":\"\",\"input_type\":\"text\"}]}");
        assertThat(bots.get(5).get("all_event_types").toString()).isEqualTo("[\"jira:issue_created\",\"jira:issue_deleted\",\"jira:issue_updated\","
                + "\"comment_created\",\"comment_updated\",\"comment_deleted\"]");
        assertThat(bots.get(10).toString()).isEqualTo("{\"name\":\"circleci\",\"display_name\":\"CircleCI\",\"all_event_types\":"
                + "[\"ping\",\"job-completed\",\"workflow-completed\"],\"config_options\":[],\"url_options\":[]}");
        // Nothing changes it at run time: a fresh register equals the first (no event carries it).
        assertThat(member.post("/register", "fetch_event_types", List.of("realm_incoming_webhook_bots")).success()
                .get("realm_incoming_webhook_bots")).isEqualTo(bots);
    }

    @Test
    void embeddedBotsAreRefusedAsZulipWithoutEmbeddedBotsRefusesThem() {
        member.post("/bots", "full_name", "Converter", "short_name", "converter", "bot_type", 4, "service_name", "converter")
                .badRequest("Embedded bots are not enabled.");
        JsonNode reg = member.post("/register", "fetch_event_types", List.of("realm_embedded_bots")).success();
        assertThat(reg.get("realm_embedded_bots").toString()).isEqualTo("[]");
    }
}
