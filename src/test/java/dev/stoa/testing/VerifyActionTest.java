package dev.stoa.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** VerifyAction must be able to fail: a test that cannot fail proves nothing about the events it claims to check. */
class VerifyActionTest extends StoaTestBase {
    private int renames;

    /** One realm_user/update event for everyone, which changes realm_users in their state. */
    private void rename() {
        admin.patch("/users/" + guest.userId, "full_name", "Renamed " + ++renames).success();
    }

    private void typing() {
        member.post("/typing", "op", "start", "to", List.of(admin.userId)).success();
    }

    @Test
    void passesWhenTheStatedEventsArriveAndReproduceTheState() {
        assertThat(VerifyAction.verify(admin, this::rename)).hasSize(1);
        VerifyAction.as(admin).events("realm_user/update", "realm_user").run(() -> {
            rename();
            rename();
        });
        VerifyAction.as(admin).events("typing").noStateChange().run(this::typing);
        VerifyAction.as(admin).events(0).noStateChange().run(() -> {});
    }

    @Test
    void failsWhenTheActionSendsNoEvent() {
        assertThatThrownBy(() -> VerifyAction.verify(admin, () -> {}))
                .isInstanceOf(AssertionError.class).hasMessageContaining("expected 1 event(s) but the queue got 0");
        assertThatThrownBy(() -> VerifyAction.as(admin).events("typing").noStateChange().run(() -> {}))
                .isInstanceOf(AssertionError.class).hasMessageContaining("expected [typing] but the queue got 0");
    }

    @Test
    void failsWhenTheActionSendsMoreEventsThanStated() {
        assertThatThrownBy(() -> VerifyAction.verify(admin, () -> {
            rename();
            rename();
        })).isInstanceOf(AssertionError.class).hasMessageContaining("expected 1 event(s) but the queue got 2");
        assertThatThrownBy(() -> VerifyAction.as(admin).events(0).noStateChange().run(this::rename))
                .isInstanceOf(AssertionError.class).hasMessageContaining("expected 0 event(s) but the queue got 1");
    }

    @Test
    void failsWhenTheEventsAreOfOtherTypes() {
        assertThatThrownBy(() -> VerifyAction.as(admin).events("realm_user/add").run(this::rename))
                .isInstanceOf(AssertionError.class).hasMessageContaining("expected [realm_user/add] but the queue got 1: [realm_user/update]");
    }

    @Test
    void failsWhenTheEventsLeaveTheStateUnchangedAlthoughAChangeIsExpected() {
        assertThatThrownBy(() -> VerifyAction.as(admin).events("typing").run(this::typing))
                .isInstanceOf(AssertionError.class).hasMessageContaining("the events leave the register state unchanged");
    }

    @Test
    void failsWhenNoStateChangeIsDeclaredButTheEventsChangeTheState() {
        assertThatThrownBy(() -> VerifyAction.as(admin).noStateChange().run(this::rename))
                .isInstanceOf(AssertionError.class).hasMessageContaining("noStateChange() was declared, but the events change the register state");
    }

    @Test
    void failsWhenStatePlusEventsDiffersFromAFreshRegister() {
        // realm_users is fetched but realm_user events are not delivered: the rename reaches only a fresh register
        Object[] blind = {"fetch_event_types", List.of("realm_user"), "event_types", List.of("typing")};
        assertThatThrownBy(() -> VerifyAction.as(admin).register(blind).events(0).noStateChange().run(this::rename))
                .isInstanceOf(AssertionError.class).hasMessageContaining("register state + events != fresh register state")
                .hasMessageContaining("/realm_users/");
    }
}
