package dev.stoa.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Hostile and malformed input to the message routes never produces a 500 (seeded, repeatable). */
class MessageBadInputTest extends StoaTestBase {
    static final String[] VALUES = {"", " ", "\u0000", "x\u0000y", "-1", "0", "99999999999999999999", "1.5", "true", "null", "[]", "{}",
            "[1,\"a\"]", "[[\"search\",\"\\u0000\"]]", "[{\"operator\":{},\"operand\":1}]", "[[\"dm\",[99999]]]", "[[\"channel\",[]]]",
            "newest", "oldest", "first_unread", "\"5\"", "[[\"id\",\"abc\"]]", "[[\"near\",\"x\"]]", "[[\"with\",\"-5\"]]",
            "\uD83D\uDE00".repeat(100), "a".repeat(20000), "[[\"topic\",\"x\\u0000\"]]", "[\"\"]", "[0]"};

    @Test
    void noServerErrors() {
        long id = member.post("/messages", "type", "direct", "to", List.of(admin.userId), "content", "target").success().get("id").asLong();
        Random r = new Random(42);
        String[][] routes = {
                {"POST", "/messages", "type", "to", "content", "topic", "queue_id", "local_id", "read_by_sender"},
                {"GET", "/messages", "anchor", "num_before", "num_after", "narrow", "include_anchor", "apply_markdown"},
                {"GET", "/messages/" + id, "apply_markdown"},
                {"GET", "/messages/matches_narrow", "msg_ids", "narrow"},
                {"PATCH", "/messages/" + id, "content", "topic", "stream_id", "propagate_mode", "prev_content_sha256"},
                {"POST", "/messages/flags", "messages", "op", "flag"},
                {"POST", "/messages/flags/narrow", "anchor", "num_before", "num_after", "narrow", "op", "flag"},
                {"POST", "/messages/" + id + "/reactions", "emoji_name", "emoji_code", "reaction_type"},
                {"DELETE", "/messages/" + id + "/reactions", "emoji_name", "emoji_code", "reaction_type"},
                {"POST", "/typing", "op", "type", "to", "stream_id", "topic"},
                {"POST", "/messages/" + id + "/report", "report_type", "description"},
                {"POST", "/mark_topic_as_read", "stream_id", "topic_name"},
                {"GET", "/messages/" + id + "/history"},
        };
        List<String> failures = new ArrayList<>();
        for (int round = 0; round < 15; round++) {
            for (String[] route : routes) {
                List<Object> kv = new ArrayList<>();
                for (int i = 2; i < route.length; i++) {
                    if (r.nextInt(4) == 0) continue;
                    kv.add(route[i]);
                    kv.add(VALUES[r.nextInt(VALUES.length)]);
                }
                ApiResponse resp = switch (route[0]) {
                    case "GET" -> member.get(route[1], kv.toArray());
                    case "PATCH" -> member.patch(route[1], kv.toArray());
                    case "DELETE" -> member.delete(route[1], kv.toArray());
                    default -> member.post(route[1], kv.toArray());
                };
                if (resp.status() >= 500) failures.add(route[0] + " " + route[1] + " " + kv + " -> " + resp.body());
            }
        }
        assertThat(failures).isEmpty();
    }
}
