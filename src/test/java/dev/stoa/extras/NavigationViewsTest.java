package dev.stoa.extras;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import org.junit.jupiter.api.Test;

class NavigationViewsTest extends StoaTestBase {
    @Test
    void addUpdateRemoveWithEvents() {
        Queues q = Queues.register(member, "navigation_view");
        member.post("/navigation_views", "fragment", "inbox", "is_pinned", false).success();
        member.post("/navigation_views", "fragment", "narrow/is/alerted", "is_pinned", true, "name", "Alerts").success();
        JsonNode views = member.get("/navigation_views").success().get("navigation_views");
        assertThat(views).hasSize(2);
        JsonNode inbox = views.get(0);
        assertThat(inbox.get("fragment").asText()).isEqualTo("inbox");
        assertThat(inbox.has("name")).isFalse();
        member.patch("/navigation_views/inbox", "is_pinned", true).success();
        member.patch("/navigation_views/narrow%2Fis%2Falerted", "name", "My alerts").success();
        member.delete("/navigation_views/inbox").success();
        JsonNode state = member.post("/register", "fetch_event_types", List.of("navigation_view")).success();
        assertThat(state.get("navigation_views")).hasSize(1);
        assertThat(state.get("navigation_views").get(0).get("name").asText()).isEqualTo("My alerts");
        List<JsonNode> events = q.drain();
        assertThat(events).extracting(e -> e.get("op").asText()).containsExactly("add", "add", "update", "update", "remove");
        assertThat(events.get(3).get("fragment").asText()).isEqualTo("narrow/is/alerted");
        assertThat(events.get(3).get("data").get("name").asText()).isEqualTo("My alerts");
    }

    @Test
    void errors() {
        moderator.post("/navigation_views", "fragment", "recent", "is_pinned", true, "name", "x").badRequest("Built-in views cannot have a custom name.");
        moderator.post("/navigation_views", "fragment", "narrow/x", "is_pinned", true).badRequest("Custom views must have a valid name.");
        moderator.post("/navigation_views", "fragment", "feed").missing("is_pinned");
        moderator.post("/navigation_views", "is_pinned", true).missing("fragment");
        moderator.post("/navigation_views", "fragment", "feed", "is_pinned", "maybe").badRequest("is_pinned is not valid JSON");
        moderator.post("/navigation_views", "fragment", "feed", "is_pinned", true).success();
        moderator.post("/navigation_views", "fragment", "feed", "is_pinned", true).badRequest("Navigation view already exists.");
        moderator.patch("/navigation_views/feed", "name", "x").badRequest("Built-in views cannot have a custom name.");
        moderator.patch("/navigation_views/nothing", "is_pinned", true).error(404, "NOT_FOUND", "Navigation view does not exist.");
        moderator.delete("/navigation_views/nothing").error(404, "NOT_FOUND", "Navigation view does not exist.");
        admin.patch("/navigation_views/feed", "is_pinned", false).error(404, "NOT_FOUND", "Navigation view does not exist.");
        moderator.post("/navigation_views", "fragment", "a", "is_pinned", true, "name", "Same").success();
        moderator.post("/navigation_views", "fragment", "b", "is_pinned", true, "name", "Same").badRequest("Navigation view already exists.");
    }
}
