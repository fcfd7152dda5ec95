package dev.stoa.extras;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AlertWordsTest extends StoaTestBase {
    private static List<String> words(JsonNode r) {
        return toList(r.get("alert_words"));
    }

    private static List<String> toList(JsonNode a) {
        return StreamSupport.stream(a.spliterator(), false).map(JsonNode::asText).toList();
    }

    @Test
    void addListRemoveWithEvents() {
        List<JsonNode> ev = VerifyAction.as(member).events("alert_words").run(() ->
                assertThat(words(member.post("/users/me/alert_words", "alert_words", List.of("Natural", " illustrious ", "")).success()))
                        .containsExactly("illustrious", "Natural"));
        assertThat(toList(ev.get(0).get("alert_words"))).containsExactly("illustrious", "Natural");
        // a word already there (in any case) changes nothing and announces nothing (Zulip re-sends the unchanged list)
        VerifyAction.as(member).events(0).noStateChange().run(() -> member.post("/users/me/alert_words", "alert_words", List.of("NATURAL")).success());
        assertThat(words(member.get("/users/me/alert_words").success())).containsExactly("illustrious", "Natural");
        VerifyAction.verify(member, () ->
                assertThat(words(member.delete("/users/me/alert_words", "alert_words", List.of("natural", "absent")).success()))
                        .containsExactly("illustrious"));
        assertThat(words(admin.get("/users/me/alert_words").success())).isEmpty();
    }

    @Test
    void errors() {
        member.post("/users/me/alert_words").missing("alert_words");
        member.delete("/users/me/alert_words").missing("alert_words");
        member.post("/users/me/alert_words", "alert_words", List.of("ok", "x".repeat(101)))
                .badRequest("alert_words[1] is too long (limit: 100 characters)");
        member.post("/users/me/alert_words", "alert_words", "word").badRequest("alert_words is not valid JSON");
        member.post("/users/me/alert_words", "alert_words", List.of(1)).badRequest("alert_words[0] is not a string");
        member.post("/users/me/alert_words", "alert_words", Map.of()).badRequest("alert_words is not a list");
    }
}
