package dev.stoa.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContractValidatorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CT = "application/json";
    private static ContractValidator contract;

    private static final String ME = """
            {"result":"success","msg":"","avatar_url":"https://x/a.png","avatar_version":1,
             "email":"iago@example.com","full_name":"Iago","is_admin":true,"is_owner":false,"role":200,
             "is_guest":false,"is_bot":false,"is_active":true,"timezone":"","date_joined":"2024-01-01T00:00:00+00:00",
             "max_message_id":30,"user_id":5,"delivery_email":"iago@example.com","profile_data":{}}""";

    @BeforeAll
    static void load() {
        contract = ContractValidator.get();
        System.out.println("ContractValidator: spec loaded in " + contract.loadTime().toMillis() + " ms");
    }

    @Test
    void noAllOfIsLeft() {
        assertThat(contract.spec().root.toString()).doesNotContain("\"allOf\"");
    }

    @Test
    void validOwnUserPasses() {
        assertThatCode(() -> contract.validateResponse("GET", "/api/v1/users/me", 200, CT, ME)).doesNotThrowAnyException();
        assertThatCode(() -> contract.validateResponse("GET", "/json/users/me", 200, CT, ME)).doesNotThrowAnyException();
    }

    @Test
    void templateWithParameterMatches() {
        String user = """
                {"result":"success","msg":"","user":{"user_id":12,"email":"a@example.com","full_name":"A",
                 "is_admin":false,"is_owner":false,"is_guest":false,"role":400,"is_bot":false,"is_active":true,
                 "timezone":"","date_joined":"2024-01-01T00:00:00+00:00","avatar_version":1,"delivery_email":null,
                 "avatar_url":null,"profile_data":{}}}""";
        assertThatCode(() -> contract.validateResponse("GET", "/api/v1/users/12", 200, CT, user)).doesNotThrowAnyException();
        assertThatCode(() -> contract.validateResponse("GET", "/json/users/a@example.com", 200, CT, user)).doesNotThrowAnyException();
    }

    @Test
    void wrongTypeFails() {
        String body = ME.replace("\"user_id\":5", "\"user_id\":\"5\"");
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/users/me", 200, CT, body))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /api/v1/users/me")
                .hasMessageContaining("user_id");
    }

    @Test
    void undocumentedFieldFailsWhereSchemaForbidsIt() {
        String body = ME.replace("\"user_id\":5", "\"user_id\":5,\"shoe_size\":44");
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/users/me", 200, CT, body))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("shoe_size");
    }

    @Test
    void missingRequiredFieldFails() {
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/users/me", 200, CT, "{\"result\":\"success\"}"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("msg");
    }

    @Test
    void ignoredParametersAllowedOnAnySuccess() {
        String body = ME.replace("\"user_id\":5", "\"user_id\":5,\"ignored_parameters_unsupported\":[\"foo\"]");
        assertThatCode(() -> contract.validateResponse("GET", "/api/v1/users/me", 200, CT, body)).doesNotThrowAnyException();
        String notStrings = ME.replace("\"user_id\":5", "\"user_id\":5,\"ignored_parameters_unsupported\":[1]");
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/users/me", 200, CT, notStrings))
                .hasMessageContaining("ignored_parameters_unsupported");
    }

    @Test
    void wrongSuccessStatusFails() {
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/users/me", 201, CT, ME))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("201");
    }

    @Test
    void invalidApiKeyOnAuthenticatedEndpointPasses() {
        String body = "{\"result\":\"error\",\"msg\":\"Invalid API key\",\"code\":\"INVALID_API_KEY\"}";
        assertThatCode(() -> contract.validateResponse("GET", "/api/v1/users/me", 401, CT, body)).doesNotThrowAnyException();
    }

    @Test
    void missingArgumentOnEndpointWithout400Passes() {
        String body = "{\"result\":\"error\",\"msg\":\"Missing 'content' argument\",\"code\":\"REQUEST_VARIABLE_MISSING\",\"var_name\":\"content\"}";
        assertThatCode(() -> contract.validateResponse("GET", "/api/v1/users/me", 400, CT, body)).doesNotThrowAnyException();
    }

    @Test
    void missingArgumentOnEndpointWithItsOwn400Passes() {
        // POST /messages documents its own 400s; Zulip's shared MissingArgumentError applies to it too.
        String body = "{\"result\":\"error\",\"msg\":\"Missing 'to' argument\",\"code\":\"REQUEST_VARIABLE_MISSING\",\"var_name\":\"to\"}";
        assertThatCode(() -> contract.validateResponse("POST", "/api/v1/messages", 400, CT, body)).doesNotThrowAnyException();
        String stray = "{\"result\":\"error\",\"msg\":\"x\",\"code\":\"BAD_REQUEST\",\"no_such_field\":1}";
        assertThatThrownBy(() -> contract.validateResponse("POST", "/api/v1/messages", 400, CT, stray)).isInstanceOf(AssertionError.class);
    }

    @Test
    void errorsMustHaveTheErrorShape() {
        String noCode = "{\"result\":\"error\",\"msg\":\"Not found\"}";
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/no/such/route", 404, CT, noCode))
                .hasMessageContaining("code");
        String notFound = "{\"result\":\"error\",\"msg\":\"Not found\",\"code\":\"NOT_FOUND\"}";
        assertThatCode(() -> contract.validateResponse("GET", "/api/v1/no/such/route", 404, CT, notFound)).doesNotThrowAnyException();
        assertThatCode(() -> contract.validateResponse("PUT", "/api/v1/users/me/status", 405, CT, notFound)).doesNotThrowAnyException();
        String tooBig = "{\"result\":\"error\",\"msg\":\"Too big\",\"code\":\"REQUEST_TOO_LARGE\",\"max\":1}";
        assertThatCode(() -> contract.validateResponse("POST", "/api/v1/messages", 413, CT, tooBig)).doesNotThrowAnyException();
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/users/me", 403, CT, notFound))
                .hasMessageContaining("not documented");
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/no/such/route", 200, CT, "{\"result\":\"success\",\"msg\":\"\"}"))
                .hasMessageContaining("no described route");
    }

    @Test
    void registerMinimalSuccessPasses() {
        String body = """
                {"result":"success","msg":"","queue_id":"1517975029:0","last_event_id":-1,
                 "zulip_version":"11.0","zulip_feature_level":496,"zulip_merge_base":"11.0",
                 "event_queue_longpoll_timeout_seconds":90}""";
        assertThatCode(() -> contract.validateResponse("POST", "/api/v1/register", 200, CT, body)).doesNotThrowAnyException();
        assertThatThrownBy(() -> contract.validateResponse("POST", "/api/v1/register", 200, CT,
                body.replace("\"last_event_id\":-1", "\"last_event_id\":\"-1\"")))
                .hasMessageContaining("last_event_id");
    }

    @Test
    void validEventsPass() throws IOException {
        assertThatCode(() -> contract.validateEvent(json("{\"type\":\"heartbeat\",\"id\":0}"))).doesNotThrowAnyException();
        JsonNode update = json("{\"type\":\"realm_user\",\"op\":\"update\",\"id\":3,\"person\":{\"user_id\":5,\"full_name\":\"New\"}}");
        assertThatCode(() -> contract.validateEvent(update)).doesNotThrowAnyException();
    }

    @Test
    void invalidEventFailsReadably() throws IOException {
        JsonNode bad = json("{\"type\":\"heartbeat\",\"id\":0,\"extra\":true}");
        assertThatThrownBy(() -> contract.validateEvent(bad))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("type=heartbeat")
                .hasMessageContaining("closest schema: XStoaEvent_heartbeat")
                .hasMessageContaining("extra");
        JsonNode unknown = json("{\"type\":\"no_such_event\",\"id\":0}");
        assertThatThrownBy(() -> contract.validateEvent(unknown)).hasMessageContaining("no event schema");
    }

    @Test
    void eventsResponseChecksEachEvent() {
        String ok = "{\"result\":\"success\",\"msg\":\"\",\"queue_id\":\"q\",\"events\":[{\"type\":\"heartbeat\",\"id\":1}]}";
        assertThatCode(() -> contract.validateResponse("GET", "/api/v1/events?queue_id=q", 200, CT, ok)).doesNotThrowAnyException();
        String bad = ok.replace("\"id\":1", "\"id\":\"one\"");
        assertThatThrownBy(() -> contract.validateResponse("GET", "/api/v1/events", 200, CT, bad)).hasMessageContaining("event");
    }

    /** The rewritten schemas must not be harsher than Zulip: its own examples must pass. */
    @Test
    void zulipsOwnExamplesPass() {
        // zulip.yaml alone: the rewriting must not be harsher than Zulip's own level-378 examples. The
        // addendum deliberately changes some shapes to the seed's level 496 (attachments' message_ids...).
        ContractValidator contract = ContractValidator.load(
                Path.of(System.getProperty("stoa.shared.dir", "../shared"), "zulip-api", "zulip.yaml"), null);
        ContractSpec spec = contract.spec();
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, JsonNode> path : spec.root.path("paths").properties()) {
            if (path.getKey().startsWith("/x-stoa/") || path.getKey().equals("/zulip-outgoing-webhook")) {
                continue; // synthetic, or documents a payload we send, not a response
            }
            for (Map.Entry<String, JsonNode> op : path.getValue().properties()) {
                for (Map.Entry<String, JsonNode> response : op.getValue().path("responses").properties()) {
                    for (JsonNode example : examples(spec, response.getValue())) {
                        checked++;
                        int status = Integer.parseInt(response.getKey());
                        collect(failures, () -> contract.validateResponse(op.getKey(), "/api/v1" + path.getKey(), status, CT, example.toString()));
                    }
                }
            }
        }
        for (ContractSpec.EventSchema event : spec.events) {
            JsonNode example = spec.root.path("components").path("schemas").path(event.component()).path("example");
            if (example.isObject()) {
                checked++;
                collect(failures, () -> contract.validateEvent(example));
            }
        }
        assertThat(checked).isGreaterThan(200);
        assertThat(failures).isEmpty();
    }

    private static List<JsonNode> examples(ContractSpec spec, JsonNode response) {
        JsonNode schema = response.path("content").path("application/json").path("schema");
        if (schema.has("$ref")) {
            schema = spec.root.at(schema.get("$ref").asText().substring(1));
        }
        List<JsonNode> out = new ArrayList<>();
        if (schema.has("example")) {
            out.add(schema.get("example"));
        }
        schema.path("anyOf").forEach(branch -> {
            if (branch.has("example")) {
                out.add(branch.get("example"));
            }
        });
        return out;
    }

    private static void collect(List<String> failures, Runnable check) {
        try {
            check.run();
        } catch (AssertionError e) {
            failures.add(e.getMessage());
        }
    }

    @Test
    void projectAddendumIsLoaded() throws IOException {
        assertThat(contract.describes("POST", "/calls/meeting/create")).isTrue();
        String call = "{\"result\":\"success\",\"msg\":\"\",\"url\":\"https://meet.example.com/x\"}";
        assertThatCode(() -> contract.validateResponse("POST", "/api/v1/calls/meeting/create", 200, CT, call))
                .doesNotThrowAnyException();
        assertThatCode(() -> contract.validateEvent(json("{\"type\":\"has_meeting_token\",\"value\":true,\"id\":4}")))
                .doesNotThrowAnyException();
        String register = "{\"result\":\"success\",\"msg\":\"\",\"has_meeting_token\":false}";
        assertThatCode(() -> contract.validateResponse("POST", "/api/v1/register", 200, CT, register)).doesNotThrowAnyException();
    }

    @Test
    void describesRoutesStructurally() {
        assertThat(contract.describes("GET", "/users/{id}")).isTrue();
        assertThat(contract.describes("GET", "/users/me")).isTrue();
        assertThat(contract.describes("PATCH", "/messages/{message}")).isTrue();
        assertThat(contract.describes("GET", "/no/such/route")).isFalse();
        assertThat(contract.describes("TRACE", "/users/me")).isFalse();
    }

    @Test
    void addendumIsMerged(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("widgets.yaml"), """
                paths:
                  /widgets/{widget_id}:
                    get:
                      parameters:
                        - {name: widget_id, in: path, required: true, schema: {type: integer}}
                      responses:
                        "200":
                          description: Success.
                          content:
                            application/json:
                              schema:
                                allOf:
                                  - $ref: "#/components/schemas/JsonSuccessBase"
                                  - additionalProperties: false
                                    properties:
                                      result: {}
                                      msg: {}
                                      widget:
                                        $ref: "#/components/schemas/Widget"
                  /users/me:
                    get:
                      responses:
                        "200":
                          description: Replaced.
                          content:
                            application/json:
                              schema:
                                $ref: "#/components/schemas/JsonSuccess"
                  /register:
                    post:
                      x-stoa-merge: true
                      responses:
                        "200":
                          content:
                            application/json:
                              schema:
                                properties:
                                  widget_count: {type: integer}
                components:
                  schemas:
                    Widget:
                      type: object
                      additionalProperties: false
                      required: [id]
                      properties:
                        id: {type: integer}
                    EventWidgetAdd:
                      x-stoa-event: {type: widget, op: add}
                      type: object
                      additionalProperties: false
                      required: [type, op, id, widget]
                      properties:
                        id: {type: integer}
                        type: {type: string, enum: [widget]}
                        op: {type: string, enum: [add]}
                        widget: {$ref: "#/components/schemas/Widget"}
                """);
        ContractValidator merged = ContractValidator.load(
                Path.of(System.getProperty("stoa.shared.dir", "../shared"), "zulip-api", "zulip.yaml"), dir);
        assertThat(merged.describes("GET", "/widgets/{id}")).isTrue();
        assertThat(contract.describes("GET", "/widgets/{id}")).isFalse();
        String widget = "{\"result\":\"success\",\"msg\":\"\",\"widget\":{\"id\":1}}";
        assertThatCode(() -> merged.validateResponse("GET", "/api/v1/widgets/1", 200, CT, widget)).doesNotThrowAnyException();
        assertThatThrownBy(() -> merged.validateResponse("GET", "/api/v1/widgets/1", 200, CT, widget.replace("1}", "\"x\"}")))
                .hasMessageContaining("widget");
        // the addendum's GET /users/me replaced zulip.yaml's
        assertThatCode(() -> merged.validateResponse("GET", "/api/v1/users/me", 200, CT, "{\"result\":\"success\",\"msg\":\"\"}"))
                .doesNotThrowAnyException();
        // the /register patch added one field and kept the rest of zulip.yaml's schema
        String register = "{\"result\":\"success\",\"msg\":\"\",\"queue_id\":null,\"widget_count\":%s}";
        assertThatCode(() -> merged.validateResponse("POST", "/api/v1/register", 200, CT, register.formatted("3")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> merged.validateResponse("POST", "/api/v1/register", 200, CT, register.formatted("\"3\"")))
                .hasMessageContaining("widget_count");
        assertThatThrownBy(() -> merged.validateResponse("POST", "/api/v1/register", 200, CT,
                register.formatted("3").replace("\"queue_id\":null", "\"queue_id\":7")))
                .hasMessageContaining("queue_id");
        assertThatThrownBy(() -> contract.validateResponse("POST", "/api/v1/register", 200, CT, register.formatted("3")))
                .hasMessageContaining("widget_count");
        assertThatCode(() -> merged.validateEvent(json("{\"type\":\"widget\",\"op\":\"add\",\"id\":2,\"widget\":{\"id\":1}}")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> merged.validateEvent(json("{\"type\":\"widget\",\"op\":\"add\",\"id\":2}")))
                .hasMessageContaining("widget");
    }

    private static JsonNode json(String text) throws IOException {
        return JSON.readTree(text);
    }
}
