package dev.stoa.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient.Encoding;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Query string, urlencoded body and multipart body give the same result, for every method. */
class ParamEncodingTest extends StoaTestBase {
    @Test
    void postInEachEncodingCreatesTheSameField() {
        for (Encoding enc : Encoding.values()) {
            String name = "Field " + enc;
            Map<String, String> p = ApiClient.params("name", name, "hint", "ünïcödé & = ?", "field_type", 3,
                    "field_data", Map.of("0", Map.of("text", "a b", "order", "1")), "required", true);
            long id = admin.call("POST", "/realm/profile_fields", p, enc).success().get("id").asLong();
            JsonNode f = null;
            for (JsonNode x : admin.get("/realm/profile_fields").success().get("custom_fields")) if (x.get("id").asLong() == id) f = x;
            assertThat(f.get("name").asText()).isEqualTo(name);
            assertThat(f.get("hint").asText()).isEqualTo("ünïcödé & = ?");
            assertThat(f.get("required").asBoolean()).isTrue();
            assertThat(f.get("field_data").asText()).contains("a b");
        }
    }

    @Test
    void patchAndDeleteBodiesInEachEncoding() {
        for (Encoding enc : Encoding.values()) {
            String name = "Renamed " + enc;
            admin.call("PATCH", "/users/" + guest.userId, ApiClient.params("full_name", name), enc).success();
            assertThat(owner.get("/users/" + guest.userId).success().get("user").get("full_name").asText()).isEqualTo(name);
            long id = admin.post("/realm/profile_fields", "name", "Del " + enc, "field_type", 1).success().get("id").asLong();
            member.patch("/users/me/profile_data", "data", List.of(Map.of("id", id, "value", "v"))).success();
            member.call("DELETE", "/users/me/profile_data", ApiClient.params("data", List.of(id)), enc).success();
            assertThat(member.get("/users/me").success().get("profile_data").has(String.valueOf(id))).isFalse();
        }
    }

    @Test
    void getInEachEncodingReadsTheSameParameters() {
        for (Encoding enc : Encoding.values()) {
            ApiResponse r = member.call("GET", "/users", ApiClient.params("user_ids", List.of(admin.userId), "client_gravatar", false), enc);
            assertThat(r.success().get("members")).hasSize(1);
            assertThat(r.json().has("ignored_parameters_unsupported")).isFalse();
        }
    }

    @Test
    void unknownParametersAreReportedInEachEncoding() {
        for (Encoding enc : Encoding.values()) {
            JsonNode r = member.call("PATCH", "/settings", ApiClient.params("timezone", "Europe/Paris", "bogus", "1", "other", "x"), enc).success();
            assertThat(r.get("ignored_parameters_unsupported")).extracting(JsonNode::asText).containsExactly("bogus", "other");
        }
        JsonNode r = member.get("/users/me", "whatever", "1").success();
        assertThat(r.get("ignored_parameters_unsupported")).extracting(JsonNode::asText).containsExactly("whatever");
    }

    @Test
    void queryAndBodyTogether() {
        // Zulip reads both; the body wins where both name the same parameter.
        Map<String, String> body = ApiClient.params("full_name", "From Body");
        var req = admin.request("/api/v1/users/" + guest.userId + "?full_name=From%20Query")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("full_name=From+Body")).build();
        admin.raw(req).success();
        assertThat(owner.get("/users/" + guest.userId).success().get("user").get("full_name").asText()).isEqualTo(body.get("full_name"));
    }
}
