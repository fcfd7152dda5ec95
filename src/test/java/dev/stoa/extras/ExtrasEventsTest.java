package dev.stoa.extras;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verify-action for every event of snippets, drafts and navigation views. */
class ExtrasEventsTest extends StoaTestBase {
    private static final Object[] MODERN = {"client_capabilities", Map.of("user_settings_object", true)};

    @Test
    void savedSnippets() {
        long[] id = new long[1];
        VerifyAction.verify(member, MODERN, () -> id[0] = member.post("/saved_snippets", "title", "A", "content", "B").success().get("saved_snippet_id").asLong());
        VerifyAction.verify(member, MODERN, () -> member.patch("/saved_snippets/" + id[0], "title", "A2").success());
        VerifyAction.verify(member, MODERN, () -> member.delete("/saved_snippets/" + id[0]).success());
    }

    @Test
    void drafts() {
        long[] id = new long[1];
        List<JsonNode> ev = VerifyAction.verify(member, MODERN, () -> id[0] = member.post("/drafts", "drafts", List.of(
                Map.of("type", "private", "to", List.of(owner.userId, admin.userId), "topic", "", "content", "x"),
                Map.of("type", "", "to", List.of(), "topic", "", "content", "y"))).success().get("ids").get(0).asLong());
        assertThat(ev).hasSize(1);
        VerifyAction.verify(member, MODERN, () -> member.patch("/drafts/" + id[0], "draft",
                Map.of("type", "private", "to", List.of(owner.userId), "topic", "", "content", "z", "timestamp", 1700000000)).success());
        VerifyAction.verify(member, MODERN, () -> member.delete("/drafts/" + id[0]).success());
    }

    @Test
    void navigationViews() {
        VerifyAction.verify(member, MODERN, () -> member.post("/navigation_views", "fragment", "recent", "is_pinned", false).success());
        VerifyAction.verify(member, MODERN, () -> member.post("/navigation_views", "fragment", "narrow/is/dm", "is_pinned", true, "name", "DMs").success());
        VerifyAction.verify(member, MODERN, () -> member.patch("/navigation_views/recent", "is_pinned", true).success());
        VerifyAction.verify(member, MODERN, () -> member.patch("/navigation_views/narrow%2Fis%2Fdm", "name", "Direct", "is_pinned", false).success());
        VerifyAction.verify(member, MODERN, () -> member.delete("/navigation_views/narrow%2Fis%2Fdm").success());
    }
}
