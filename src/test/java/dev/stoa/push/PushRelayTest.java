package dev.stoa.push;

import dev.stoa.cli.Cli;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestPushRelay;
import dev.stoa.testing.TestServer;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The push relay's configuration, full stack: with --push-relay-url and the server's credentials,
 * server_settings and register say push notifications are enabled, and `./stoa register-push-relay`
 * registers the server with the relay as Zulip's `manage.py register_server` does (checked by
 * TestPushRelay against zilencer's views), never printing the key.
 */
class PushRelayTest extends StoaTestBase {
    private TestPushRelay relay;

    @Override
    protected TestServer newServer() {
        relay = new TestPushRelay();
        return new TestServer(c -> relay.configure(c.withLimits(1_000_000, 1_000_000, 1_000_000)));
    }

    @AfterAll
    void stopRelay() {
        if (relay != null) relay.close();
    }

    @Test
    void serverSettingsAndRegisterSayPushNotificationsAreEnabled() {
        assertThat(anonymous.get("/server_settings").success().get("push_notifications_enabled").asBoolean()).isTrue();
        var state = member.post("/register", "fetch_event_types", List.of("realm")).success();
        assertThat(state.get("realm_push_notifications_enabled").asBoolean()).isTrue();
        assertThat(state.get("realm_push_notifications_enabled_end_timestamp").isNull()).isTrue();
    }

    @Test
    void registerPushRelayRegistersTheServerAndDescribesTheOrganization() throws Exception {
        Cli.Result r = Cli.run(server, "register-push-relay", "--push-relay-url", relay.url().toString(), "--push-relay-org-id", relay.orgId,
                "--push-relay-org-key", relay.orgKey, "--push-relay-contact-email", "ops@stoa-test.org");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("registered this server with the push relay").contains(relay.orgId).doesNotContain(relay.orgKey);
        var register = relay.next("server/register");
        assertThat(register.form()).containsEntry("zulip_org_id", relay.orgId).containsEntry("contact_email", "ops@stoa-test.org")
                .containsEntry("hostname", URI.create(server.baseUrl).getAuthority());
        relay.next("server/analytics");
        assertThat(relay.remoteRealms).hasSize(1);
        // Again: an update of the same registration, the same organization uuid.
        Cli.Result again = Cli.run(server, "register-push-relay", "--push-relay-url", relay.url().toString(), "--push-relay-org-id", relay.orgId,
                "--push-relay-org-key", relay.orgKey, "--push-relay-contact-email", "ops@stoa-test.org");
        assertThat(again.out()).as(again.err()).contains("updated the registration");
        assertThat(relay.remoteRealms).hasSize(1);
        assertThat(relay.violations).isEmpty();
    }

    @Test
    void aWrongKeyIsRefusedWithTheRelaysMessageAndNeverPrinted() {
        String wrong = "x".repeat(64);
        Cli.Result r = Cli.run(server, "register-push-relay", "--push-relay-url", relay.url().toString(), "--push-relay-org-id", relay.orgId,
                "--push-relay-org-key", wrong, "--push-relay-contact-email", "ops@stoa-test.org");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("the push relay refused the registration").doesNotContain(wrong);
        Cli.Result missing = Cli.run(server, "register-push-relay", "--push-relay-url", relay.url().toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("--push-relay-org-id");
    }
}
