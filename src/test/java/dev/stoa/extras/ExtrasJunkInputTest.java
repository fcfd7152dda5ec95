package dev.stoa.extras;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Odd values for every parameter of every extras endpoint: always a Zulip error or success, never a 500. */
class ExtrasJunkInputTest extends StoaTestBase {
    private static final String[] JUNK = {"", " ", "\u0000", "a\u0000b", "null", "true", "-1", "0", "99999999999999999999",
            "9223372036854775807", "-9223372036854775808", "1.5", "1e400", "[]", "{}", "[null]", "[[[[[]]]]]", "[1,\"a\"]",
            "[{\"type\":\"stream\",\"to\":[9223372036854775807],\"topic\":\"\\u0000\",\"content\":\"x\"}]",
            "{\"type\":\"private\",\"to\":[-1],\"topic\":1,\"content\":\"\\u0000\"}", "\"x\"", "x".repeat(5000), "\uD83D\uDE00", "%00"};

    private static final String[][] CALLS = {
            {"POST", "/saved_snippets", "title", "content"},
            {"PATCH", "/saved_snippets/{id}", "title", "content"},
            {"DELETE", "/saved_snippets/{id}"},
            {"POST", "/drafts", "drafts"},
            {"PATCH", "/drafts/{id}", "draft"},
            {"DELETE", "/drafts/{id}"},
            {"POST", "/navigation_views", "fragment", "is_pinned", "name"},
            {"PATCH", "/navigation_views/{id}", "is_pinned", "name"},
            {"DELETE", "/navigation_views/{id}"},
            {"POST", "/calls/meeting/create", "is_video_call"},
            {"POST", "/users/me/alert_words", "alert_words"},
            {"DELETE", "/users/me/alert_words", "alert_words"},
            {"POST", "/users/me/presence", "status", "ping_only", "new_user_input", "last_update_id", "history_limit_days", "slim_presence"},
            {"GET", "/users/{id}/presence"},
            {"POST", "/user_topics", "stream_id", "topic", "visibility_policy"},
            {"POST", "/users/me/muted_users/{id}"},
            {"DELETE", "/users/me/muted_users/{id}"},
            {"PATCH", "/settings", "color_scheme", "default_language", "web_font_size_px", "enter_sends", "notification_sound",
                    "email_notifications_batching_period_seconds", "web_home_view"},
    };

    // %00 and invalid UTF-8 in the path are refused by Jetty before routing (HTML 400, connection closed): the HTTP layer's concern.
    private static final String[] PATH_JUNK = {"0", "-1", "99999999999999999999", "abc", "%2F%2F", "%20", "1.5", "me", "%25"};

    @Test
    void neverA500() {
        Random random = new Random(8);
        List<String> failures = new ArrayList<>();
        for (String[] call : CALLS) {
            for (int round = 0; round < 12; round++) {
                List<Object> kv = new ArrayList<>();
                for (int i = 2; i < call.length; i++) {
                    if (random.nextInt(4) == 0) continue;
                    kv.add(call[i]);
                    kv.add(JUNK[random.nextInt(JUNK.length)]);
                }
                String path = call[1].replace("{id}", PATH_JUNK[random.nextInt(PATH_JUNK.length)]);
                ApiResponse r = switch (call[0]) {
                    case "GET" -> member.get(path, kv.toArray());
                    case "POST" -> member.post(path, kv.toArray());
                    case "PATCH" -> member.patch(path, kv.toArray());
                    default -> member.delete(path, kv.toArray());
                };
                if (r.status() >= 500 || r.json() == null) failures.add(call[0] + " " + path + " " + kv + " -> " + r.status() + " " + r.body());
            }
        }
        assertThat(failures).isEmpty();
    }
}
