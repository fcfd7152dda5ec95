package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Booleans and integers are parsed strictly, with Zulip's messages; `subject` is `topic`. */
class StrictParamsTest extends StoaTestBase {
    private static Request request(Map<String, String> params) {
        Map<String, String> p = Request.newParams();
        p.putAll(params);
        return new Request("POST", "/api/v1/x", p, Map.of(), Map.of(), "127.0.0.1");
    }

    private static void bad(Runnable r, String msg) {
        assertThatThrownBy(r::run).isInstanceOf(ApiError.class).hasMessage(msg)
                .satisfies(e -> assertThat(((ApiError) e).status()).isEqualTo(400));
    }

    @Test
    void subjectIsAcceptedForTopic() {
        Request r = request(Map.of("subject", "lunch"));
        assertThat(r.has("topic")).isTrue();
        assertThat(r.str("topic")).isEqualTo("lunch");
        assertThat(r.ignored()).isEmpty();
        Request both = request(Map.of("topic", "a", "subject", "b"));
        assertThat(both.str("topic")).isEqualTo("a");
        bad(() -> request(Map.of()).str("topic"), "Missing 'topic' argument");
    }

    @Test
    void booleansAreStrict() {
        assertThat(request(Map.of("b", "true")).bool("b", false)).isTrue();
        assertThat(request(Map.of("b", "false")).bool("b", true)).isFalse();
        // Zulip's Json[bool]: text that is no JSON at all, and JSON of another type, answer differently.
        for (String v : List.of("yes", "", "TRUE ", "True", "tru", "true false")) {
            bad(() -> request(Map.of("b", v)).bool("b", false), "b is not valid JSON");
        }
        for (String v : List.of("1", "0", "null", "\"true\"", "[true]")) {
            bad(() -> request(Map.of("b", v)).bool("b", false), "b is not a boolean");
        }
    }

    @Test
    void integersAreStrict() {
        assertThat(request(Map.of("n", "42")).lng("n")).isEqualTo(42);
        assertThat(request(Map.of("n", "-7")).lng("n")).isEqualTo(-7);
        for (String v : List.of("4.2", "1e3", "99999999999999999999", "true", "\"5\"", "null")) {
            bad(() -> request(Map.of("n", v)).lng("n"), "n is not an integer");
        }
        for (String v : List.of("x", "", "07", "5 6", "0x10")) {
            bad(() -> request(Map.of("n", v)).lng("n"), "n is not valid JSON");
        }
        bad(() -> request(Map.of("n", "3000000000")).integer("n", 0), "n is not an integer");
        bad(() -> request(Map.of()).lng("n"), "Missing 'n' argument");
        assertThatThrownBy(() -> request(Map.of()).str("n")).isInstanceOf(ApiError.class)
                .satisfies(e -> assertThat(((ApiError) e).code()).isEqualTo(ErrorCode.REQUEST_VARIABLE_MISSING))
                .satisfies(e -> assertThat(((ApiError) e).extra()).containsEntry("var_name", "n"));
        bad(() -> request(Map.of("l", "[1, \"a\"]")).longList("l"), "l[1] is not an integer");
        bad(() -> request(Map.of("l", "{\"a\": 1}")).longList("l"), "l is not a list");
        bad(() -> request(Map.of("l", "[1,")).longList("l"), "l is not valid JSON");
    }

    @Test
    void overHttpTheSameMessages() {
        admin.post("/realm/profile_fields", "name", "B", "field_type", 1, "required", "maybe").badRequest("required is not valid JSON");
        admin.post("/realm/profile_fields", "name", "B", "field_type", "1.5").badRequest("field_type is not an integer");
        member.get("/users", "client_gravatar", "2").badRequest("client_gravatar is not a boolean");
        member.get("/users", "user_ids", "[\"x\"]").badRequest("user_ids[0] is not an integer");
        member.get("/users/me", "include_custom_profile_fields", "nope").success(); // not a parameter of /users/me: ignored
    }
}
