package dev.stoa.push;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.Sodium;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestPushRelay;
import dev.stoa.testing.TestServer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Device registrations reach the push relay, full stack, against TestPushRelay (which checks each
 * request as zilencer's views do): the legacy FCM/APNs tokens (push/register, push/unregister), and
 * Zulip 12's E2EE registration (push/e2ee/register: the app's registration, sealed by the app with
 * the relay's public key, opened by the relay with libsodium), whose answer becomes the device's
 * push_token_id in a `device` update event and in register's `devices`. While the relay is down the
 * requests wait in the outbox, across a restart, and go out with backoff.
 */
class PushForwardingTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();
    private TestPushRelay relay;

    @Override
    protected TestServer newServer() {
        relay = new TestPushRelay(true);
        return new TestServer(c -> relay.configure(c.withLimits(1_000_000, 1_000_000, 1_000_000)), clock);
    }

    @BeforeAll
    void relayKnowsTheOrganization() throws InterruptedException {
        relay.nowSeconds = clock.instant().getEpochSecond();
        relay.next("server/analytics"); // sent at start-up (Zulip's initialize_push_notifications)
    }

    @AfterAll
    void stopRelay() {
        if (relay != null) relay.close();
    }

    @Test
    void legacyTokensAreRegisteredAndUnregisteredAtTheRelay() throws Exception {
        member.post("/users/me/android_gcm_reg_id", "token", "fcm-token-of-hamlet").success();
        TestPushRelay.Received reg = relay.next("push/register", x -> x.form().get("token").equals("fcm-token-of-hamlet"));
        assertThat(reg.form()).containsEntry("token", "fcm-token-of-hamlet").containsEntry("token_kind", "2")
                .containsEntry("user_id", String.valueOf(member.userId)).containsKeys("user_uuid", "realm_uuid").doesNotContainKey("ios_app_id");
        assertThat(relay.remoteRealms).contains(reg.form().get("realm_uuid"));
        member.post("/users/me/apns_device_token", "token", "c0ffee", "appid", "org.zulip.Zulip").success();
        assertThat(relay.next("push/register", x -> x.form().get("token").equals("c0ffee")).form()).containsEntry("token_kind", "1").containsEntry("ios_app_id", "org.zulip.Zulip");
        member.delete("/users/me/android_gcm_reg_id", "token", "fcm-token-of-hamlet").success();
        assertThat(relay.next("push/unregister", x -> x.form().get("token").equals("fcm-token-of-hamlet")).form()).containsEntry("token", "fcm-token-of-hamlet").containsEntry("token_kind", "2");
        assertThat(relay.tokens).containsKey("1:c0ffee").doesNotContainKey("2:fcm-token-of-hamlet");
        assertThat(relay.violations).isEmpty();
    }

    @Test
    void anE2eeRegistrationGoesToTheRelayAndItsAnswerReachesTheDevice() throws Exception {
        ApiClient phone = member.withUserAgent("ZulipFlutter/30.0.263 (Android 14)");
        long deviceId = phone.post("/register_client_device").success().get("device_id").asLong();
        JsonNode queue = phone.post("/register", "event_types", List.of("device")).success();
        String pushKey = pushKey();
        String tokenId = "hGsEWGmyyfI=";
        phone.post("/mobile_push/register", "device_id", deviceId, "push_key", pushKey, "push_key_id", 2408, "token_kind", "fcm",
                "token_id", tokenId, "bouncer_public_key", relay.registrationPublicKey(),
                "encrypted_push_registration", sealedRegistration("fcm-token-e2ee", "fcm", null)).success();
        TestPushRelay.Received r = relay.next("push/e2ee/register", x -> x.form().get("token_id").equals(tokenId));
        assertThat(r.form()).containsKey("realm_uuid");
        JsonNode opened = relay.devices.values().stream().filter(d -> d.get("token").asText().equals("fcm-token-e2ee")).findFirst().orElseThrow();
        assertThat(opened.get("token_kind").asText()).isEqualTo("fcm");

        // First the pending registration, then the relay's answer: the token id becomes the device's.
        JsonNode update = awaitDeviceUpdate(phone, queue, deviceId, u -> u.path("push_token_id").asText().equals(tokenId));
        assertThat(update.get("pending_push_token_id").isNull()).isTrue();
        assertThat(update.get("push_key_id").asLong()).isEqualTo(2408);
        JsonNode device = phone.post("/register", "fetch_event_types", List.of("device")).success().get("devices").get(String.valueOf(deviceId));
        assertThat(device.get("push_token_id").asText()).isEqualTo(tokenId);
        assertThat(device.get("push_registration_error_code").isNull()).isTrue();
        assertThat(device.has("push_key")).as("the key stays on the server").isFalse();
        assertThat(relay.violations).isEmpty();
    }

    @Test
    void theRelaysRefusalReachesTheDeviceAsItsErrorCode() throws Exception {
        ApiClient phone = admin.withUserAgent("ZulipFlutter/30.0.263 (Android 14)");
        long deviceId = phone.post("/register_client_device").success().get("device_id").asLong();
        JsonNode queue = phone.post("/register", "event_types", List.of("device")).success();
        phone.post("/mobile_push/register", "device_id", deviceId, "push_key", pushKey(), "push_key_id", 7, "token_kind", "apns",
                "token_id", "AAAAAAAAAAA=", "bouncer_public_key", "not-the-relays-key",
                "encrypted_push_registration", sealedRegistration("c0ffee", "apns", "org.zulip.Zulip")).success();
        JsonNode update = awaitDeviceUpdate(phone, queue, deviceId, u -> !u.path("push_registration_error_code").isNull());
        assertThat(update.get("push_registration_error_code").asText()).isEqualTo("INVALID_BOUNCER_PUBLIC_KEY");
        assertThat(update.get("pending_push_token_id").isNull()).isTrue();
        // Zulip's checks of the request itself.
        phone.post("/mobile_push/register", "device_id", deviceId, "push_key", Base64.getEncoder().encodeToString(new byte[33]), "push_key_id", 1)
                .error(400, "BAD_REQUEST", "Invalid `push_key`");
        phone.post("/mobile_push/register", "device_id", deviceId + 1000, "push_key", pushKey(), "push_key_id", 1)
                .error(400, "BAD_REQUEST", "Invalid `device_id`");
        // zerver/views/push_notifications.py register_push_device's texts (as its tests in zerver/tests/test_push_registration.py).
        phone.post("/mobile_push/register", "device_id", deviceId, "push_key", pushKey(), "token_kind", "apns")
                .error(400, "BAD_REQUEST", "Missing parameters: must provide either all push key fields, all token fields, or both.");
        phone.post("/mobile_push/register", "device_id", deviceId, "push_key", pushKey(), "push_key_id", 7, "token_kind", "apns",
                "token_id", "@abcdefg", "bouncer_public_key", relay.registrationPublicKey(), "encrypted_push_registration", "x")
                .error(400, "BAD_REQUEST", "`token_id` is not Base64 encoded");
        long fresh = phone.post("/register_client_device").success().get("device_id").asLong();
        phone.post("/mobile_push/register", "device_id", fresh, "push_key", pushKey(), "push_key_id", 1)
                .error(400, "BAD_REQUEST", "No push registration exists to rotate key for.");
        phone.post("/mobile_push/register", "device_id", fresh, "token_kind", "apns", "token_id", "AAAAAAAAAAE=",
                "bouncer_public_key", relay.registrationPublicKey(), "encrypted_push_registration", sealedRegistration("c0ffee", "apns", "org.zulip.Zulip"))
                .error(400, "BAD_REQUEST", "No push registration exists to rotate token for.");
    }

    @Test
    void whileTheRelayIsDownRequestsWaitAcrossARestartAndGoOutWithBackoff() throws Exception {
        relay.down = true;
        moderator.post("/users/me/android_gcm_reg_id", "token", "fcm-token-while-down").success();
        assertThat(relay.refusedWhileDown.poll(30, TimeUnit.SECONDS)).isEqualTo("push/register");
        server.restart(() -> {});
        relay.down = false;
        clock.advance(Duration.ofSeconds(30));
        server.stoa.collector().runOnce();
        assertThat(relay.tokens).as("not before the backoff (one minute after the first attempt)").doesNotContainKey("2:fcm-token-while-down");
        clock.advance(Duration.ofSeconds(31));
        server.stoa.collector().runOnce();
        relay.next("push/register", x -> x.form().get("token").equals("fcm-token-while-down"));
        assertThat(relay.tokens).containsKey("2:fcm-token-while-down");
        assertThat(relay.violations).isEmpty();
    }

    private JsonNode awaitDeviceUpdate(ApiClient c, JsonNode queue, long deviceId, Predicate<JsonNode> done) {
        long last = queue.get("last_event_id").asLong();
        for (int round = 0; round < 20; round++) {
            JsonNode events = c.get("/events", "queue_id", queue.get("queue_id").asText(), "last_event_id", last).success().get("events");
            for (JsonNode e : events) {
                last = Math.max(last, e.get("id").asLong());
                if (e.get("type").asText().equals("device") && e.path("op").asText().equals("update")
                        && e.get("device_id").asLong() == deviceId && done.test(e)) return e;
            }
        }
        throw new AssertionError("no such device update");
    }

    private static String pushKey() {
        byte[] k = new byte[33];
        new SecureRandom().nextBytes(k);
        k[0] = 0x31;
        return Base64.getEncoder().encodeToString(k);
    }

    /** What the app sends: its PushRegistration JSON sealed with the relay's public key (crypto_box_seal). */
    private String sealedRegistration(String token, String kind, String iosAppId) {
        String json = "{\"token\":\"" + token + "\",\"token_kind\":\"" + kind + "\",\"ios_app_id\":" + (iosAppId == null ? "null" : "\"" + iosAppId + "\"")
                + ",\"timestamp\":" + clock.instant().getEpochSecond() + "}";
        return Base64.getEncoder().encodeToString(Sodium.seal(json.getBytes(StandardCharsets.UTF_8), relay.registrationKeys[0]));
    }
}
