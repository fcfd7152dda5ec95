package dev.stoa.presence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The write rule behind cheap pings, and the legacy status derivation, with explicit times. */
class PresenceRulesTest {
    @Test
    void writesAtMostOncePerMinutePerField() {
        PresenceRow r = new PresenceRow(1, 1000, 1000L, 5);
        assertThat(PresenceActions.needsWrite(null, false, 1000)).isTrue();
        assertThat(PresenceActions.needsWrite(r, true, 1059)).isFalse();
        assertThat(PresenceActions.needsWrite(r, false, 1059)).isFalse();
        assertThat(PresenceActions.needsWrite(r, false, 1060)).isTrue();
        PresenceRow idle = new PresenceRow(1, 1000, null, 5);
        assertThat(PresenceActions.needsWrite(idle, false, 1010)).isFalse();
        assertThat(PresenceActions.needsWrite(idle, true, 1010)).isTrue();
    }

    @Test
    void legacyStatus() {
        assertThat(new PresenceRow(1, 1100, 1050L, 1).legacyEntry(false).get("status").asText()).isEqualTo("active");
        assertThat(new PresenceRow(1, 1100, 1000L, 1).legacyEntry(false).get("status").asText()).isEqualTo("idle");
        assertThat(new PresenceRow(1, 1100, 1000L, 1).legacyEntry(false).get("timestamp").asLong()).isEqualTo(1100);
        assertThat(new PresenceRow(1, 1100, null, 1).modern().get("active_timestamp").asLong()).isZero();
    }
}
