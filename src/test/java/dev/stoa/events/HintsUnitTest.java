package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Hints go to the table and back unchanged, most events store none, and rows of before V91 read as the same hints. */
class HintsUnitTest {
    private static final Hints EVERY_FIELD = Hints.NONE
            .withPerUser(Map.of(11L, (ObjectNode) Json.parse("{\"flags\":[\"mentioned\"]}")))
            .withRawContent("**x**")
            .withGravatar(new Hints.GravatarViewers(false, null, List.of(4L)))
            .withNarrowFacts(Set.of("public", "link"))
            .withEcho(new Hints.Echo("q1", "7"))
            .withArchived(true)
            .withStream((ObjectNode) Json.parse("{\"stream_id\":5}"))
            .withResolved(Json.array().add(Json.object().put("stream_id", 5)))
            .withArchivedIds(List.of(5L))
            .withLegacyOnly(true)
            .withDeactivated(true)
            .withGroup((ObjectNode) Json.parse("{\"id\":4}"))
            .withPresence(new Hints.PresenceForms(Json.object().put("m", 1), Json.object().put("l", 2)))
            .withRealmEmoji((ObjectNode) Json.parse("{\"1\":{\"name\":\"a\"}}"))
            .withPlaceholder(true)
            .withSplitFirstId(42);

    @Test
    void everyFieldRoundTrips() {
        assertThat(Hints.read(Hints.write(EVERY_FIELD))).isEqualTo(EVERY_FIELD);
        for (var c : Hints.class.getRecordComponents()) {
            assertThat(Json.parse(Hints.write(EVERY_FIELD)).has(snake(c.getName()))).as(c.getName() + " is set above").isTrue();
        }
    }

    @Test
    void nothingSetStoresNothing() {
        assertThat(Hints.write(Hints.NONE)).isNull();
        assertThat(Hints.write(null)).isNull();
        assertThat(Hints.read((String) null)).isEqualTo(Hints.NONE);
        assertThat(Hints.write(Hints.NONE.withArchived(false).withDeactivated(false))).isNull();
        assertThat(Hints.write(Hints.NONE.withArchived(true))).isEqualTo("{\"archived\":true}");
    }

    @Test
    void aPayloadOfBeforeV91GivesUpItsKeys() {
        ObjectNode payload = (ObjectNode) Json.parse("""
                {"type":"message","flags":[],"message":{"id":1},"__per_user":{"11":{"flags":["mentioned"]}},"__raw_content":"**x**",
                 "__gravatar":{"except":[4]},"__narrow":{"public":true,"link":true},"__sender_queue_id":"q1","__local_id":"7",
                 "__archived":true,"__stream":{"stream_id":5},"__resolved":[{"stream_id":5}],"__archived_ids":[5],"__legacy_only":true,
                 "__deactivated":true,"__group":{"id":4},"__modern":{"m":1},"__legacy":{"l":2},"__realm_emoji":{"1":{"name":"a"}},
                 "__split_first_id":42,"person":{"user_id":3,"__placeholder":true}}""");
        assertThat(Hints.takeLegacy(payload)).isEqualTo(EVERY_FIELD);
        assertThat(Json.write(payload)).isEqualTo("{\"type\":\"message\",\"flags\":[],\"message\":{\"id\":1},\"person\":{\"user_id\":3}}");
        assertThat(Hints.takeLegacy((ObjectNode) Json.parse("{\"__gravatar\":\"all\"}")).gravatar().includes(99)).isTrue();
    }

    @Test
    void gravatarViewers() {
        assertThat(Hints.GravatarViewers.EVERYONE.includes(1)).isTrue();
        assertThat(new Hints.GravatarViewers(false, List.of(1L), null).includes(1)).isTrue();
        assertThat(new Hints.GravatarViewers(false, List.of(1L), null).includes(2)).isFalse();
        assertThat(new Hints.GravatarViewers(false, null, List.of(1L)).includes(1)).isFalse();
        assertThat(new Hints.GravatarViewers(false, null, List.of(1L)).includes(2)).isTrue();
    }

    private static String snake(String camel) {
        return camel.replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
    }
}
