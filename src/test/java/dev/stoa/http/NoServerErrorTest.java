package dev.stoa.http;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded random input to the users, bots, settings and profile-field routes, in every encoding and
 * role: every answer is a documented 2xx/4xx (the client validates it against the contract), never a 500.
 */
class NoServerErrorTest extends StoaTestBase {
    private static final String[] PREFIXES = {"/users", "/bots", "/settings", "/realm/profile_fields", "/fetch_api_key", "/server_settings"};
    private static final String[] NAMES = {"name", "full_name", "email", "password", "role", "field_type", "field_data", "order",
            "data", "profile_data", "user_ids", "hint", "timezone", "short_name", "bot_type", "display_in_profile_summary", "required",
            "editable_by_user", "use_for_user_matching", "client_gravatar", "client_public_avatar", "include_custom_profile_fields",
            "username", "topic", "subject"};
    private static final String[] VALUES = {"", " ", "x", "0", "-1", "1", "3", "7", "100", "600", "99999999999999999999", "1.5",
            "true", "false", "True", "null", "[", "]", "{", "[]", "{}", "[1,2]", "[\"a\"]", "[{}]", "[{\"id\":1}]",
            "[{\"id\":1,\"value\":null}]", "[{\"id\":1,\"value\":[1,\"x\"]}]", "{\"0\":{\"text\":\"a\",\"order\":\"1\"}}",
            "{\"subtype\":\"custom\",\"url_pattern\":\"%(username)s\"}", "{\"subtype\":{}}", "\u0000", "é\u202e😀", "a".repeat(5000),
            "Europe/Paris", "UTC", "../../etc/passwd", "<script>", "x@y.z", "owner@127.0.0.1"};
    private static final String[] PATH_VALUES = {"1", "2", "0", "-1", "999999", "abc", "99999999999999999999999", "x@y.z", "%00"};

    @Test
    void randomInputNeverFails() {
        Random random = new Random(20261125);
        List<Router.Route> routes = server.stoa.router().routes().stream()
                .filter(r -> Arrays.stream(PREFIXES).anyMatch(p -> r.template().startsWith(p))).toList();
        assertThat(routes).hasSizeGreaterThan(15);
        List<ApiClient> callers = List.of(admin, moderator, member, guest, bot, anonymous);
        List<String> failures = new ArrayList<>();
        for (Router.Route route : routes) {
            for (int i = 0; i < 25; i++) {
                String path = route.template().replaceAll("\\{[^}]+}", PATH_VALUES[random.nextInt(PATH_VALUES.length)]);
                Map<String, String> params = new LinkedHashMap<>();
                int n = 1 + random.nextInt(4);
                for (int k = 0; k < n; k++) params.put(NAMES[random.nextInt(NAMES.length)], VALUES[random.nextInt(VALUES.length)]);
                ApiClient.Encoding enc = ApiClient.Encoding.values()[random.nextInt(3)];
                ApiClient caller = callers.get(random.nextInt(callers.size()));
                ApiResponse r = caller.call(route.method(), path, params, enc);
                if (r.status() >= 500) failures.add(route.method() + " " + path + " " + params + " -> " + r.body());
            }
        }
        assertThat(failures).isEmpty();
        // The harness users are still usable: nothing above broke the realm.
        owner.get("/users/me").success();
    }
}
