package dev.stoa.extras;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import org.junit.jupiter.api.Test;

class SavedSnippetsTest extends StoaTestBase {
    @Test
    void createListEditDelete() {
        Queues q = Queues.register(member, "saved_snippets");
        long id = member.post("/saved_snippets", "title", "Hi", "content", "Welcome!").success().get("saved_snippet_id").asLong();
        JsonNode list = member.get("/saved_snippets").success().get("saved_snippets");
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("title").asText()).isEqualTo("Hi");
        assertThat(list.get(0).get("date_created").asLong()).isPositive();
        member.patch("/saved_snippets/" + id, "content", "Bye").success();
        assertThat(member.get("/saved_snippets").success().get("saved_snippets").get(0).get("content").asText()).isEqualTo("Bye");
        member.delete("/saved_snippets/" + id).success();
        assertThat(member.get("/saved_snippets").success().get("saved_snippets")).isEmpty();
        List<JsonNode> events = q.drain();
        assertThat(events).extracting(e -> e.get("op").asText()).containsExactly("add", "update", "remove");
        assertThat(events.get(1).get("saved_snippet").get("content").asText()).isEqualTo("Bye");
        assertThat(events.get(2).get("saved_snippet_id").asLong()).isEqualTo(id);
    }

    @Test
    void registerShowsOwnSnippetsOnly() {
        member.post("/saved_snippets", "title", "Mine", "content", "x").success();
        JsonNode state = member.post("/register", "fetch_event_types", List.of("saved_snippets")).success();
        assertThat(state.get("saved_snippets")).anyMatch(s -> s.get("title").asText().equals("Mine"));
        JsonNode other = admin.post("/register", "fetch_event_types", List.of("saved_snippets")).success();
        assertThat(other.get("saved_snippets")).noneMatch(s -> s.get("title").asText().equals("Mine"));
    }

    @Test
    void errors() {
        member.post("/saved_snippets", "title", " ", "content", "x").badRequest("Title cannot be empty.");
        member.post("/saved_snippets", "title", "t", "content", "").badRequest("Content cannot be empty.");
        member.post("/saved_snippets", "content", "x").missing("title");
        member.post("/saved_snippets", "title", "x").missing("content");
        member.post("/saved_snippets", "title", "x".repeat(61), "content", "x").badRequest("title is too long (limit: 60 characters)");
        member.patch("/saved_snippets/99999", "title", "x").error(404, "BAD_REQUEST", "Saved snippet does not exist.");
        member.patch("/saved_snippets/abc", "title", "x").error(404, "BAD_REQUEST", "Saved snippet does not exist.");
        member.delete("/saved_snippets/99999").error(404, "BAD_REQUEST", "Saved snippet does not exist.");
        long id = member.post("/saved_snippets", "title", "Private", "content", "x").success().get("saved_snippet_id").asLong();
        admin.patch("/saved_snippets/" + id, "title", "stolen").error(404, "BAD_REQUEST", "Saved snippet does not exist.");
        admin.delete("/saved_snippets/" + id).error(404, "BAD_REQUEST", "Saved snippet does not exist.");
        member.patch("/saved_snippets/" + id).badRequest("Nothing to update.");
        member.patch("/saved_snippets/" + id, "content", " ").badRequest("Content cannot be empty.");
    }
}
