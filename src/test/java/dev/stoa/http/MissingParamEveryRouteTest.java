package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every route that needs a parameter and gets none answers as Zulip's MissingArgumentError does:
 * 400 REQUEST_VARIABLE_MISSING, "Missing '<name>' argument" and var_name (issue 14, gap 9). The
 * parameter parser raises it in one place; this sweep keeps views from answering it another way.
 */
class MissingParamEveryRouteTest extends StoaTestBase {
    private static final Pattern MISSING = Pattern.compile("Missing '([a-z_]+)' argument");
    /** Zulip answers these with a plain BAD_REQUEST: optional in its signature, required by another parameter's value. */
    private static final Set<String> PLAIN = Set.of("POST /typing to", "POST /typing stream_id", "POST /typing topic",
            "PATCH /users/me/subscriptions/muted_topics stream_id");
    /** Calls that would end the sweep's own session. */
    private static final Set<String> SKIP = Set.of("DELETE /users/me", "POST /users/me/api_key/regenerate");

    @Test
    void everyRouteAnswersMissingArgumentsAsZulip() {
        ApiClient sweeper = server.createUser("sweeper@example.com", "Sweeper", 400);
        List<String> missing = new ArrayList<>();
        for (Router.Route r : server.stoa.router().routes()) {
            String key = r.method() + " " + r.template();
            if (SKIP.contains(key) || r.auth() == Router.Auth.NONE) continue;
            ApiResponse resp = sweeper.call(r.method(), r.template().replaceAll("\\{[^}]+}", "1"), Map.of(), ApiClient.Encoding.FORM);
            assertThat(resp.status()).as(key).isLessThan(500);
            Matcher m = resp.json() == null ? null : MISSING.matcher(resp.msg());
            if (m == null || !m.matches()) continue;
            if (PLAIN.contains(key + " " + m.group(1))) {
                resp.badRequest(resp.msg());
            } else {
                resp.missing(m.group(1));
                missing.add(key);
            }
        }
        assertThat(missing).as("routes that answered a missing parameter").hasSizeGreaterThan(30)
                .contains("POST /messages", "POST /messages/render");
    }

    @Test
    void unauthenticatedRoutesToo() {
        anonymous.post("/fetch_api_key", "password", "x").missing("username");
        anonymous.post("/fetch_api_key", "username", member.email).missing("password");
    }
}
