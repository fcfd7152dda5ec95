package dev.stoa.org;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.push.PushTokenStore;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import org.junit.jupiter.api.Test;

class PushRegistrationTest extends StoaTestBase {
    private int tokens(ApiClient u) {
        return server.stoa.db().read(h -> new PushTokenStore().count(h, u.userId));
    }

    @Test
    void fcmTokensAreStoredAndRemoved() {
        ApiClient u = server.createUser("push1@example.com", "Push One", 400);
        // nothing in register describes push tokens: no event
        VerifyAction.as(u).events(0).noStateChange().run(() -> u.post("/users/me/android_gcm_reg_id", "token", "android-token").success());
        u.post("/users/me/android_gcm_reg_id", "token", "android-token").success(); // again: still one
        assertThat(tokens(u)).isEqualTo(1);
        member.delete("/users/me/android_gcm_reg_id", "token", "android-token").badRequest("Token does not exist");
        u.delete("/users/me/android_gcm_reg_id", "token", "android-token").success();
        assertThat(tokens(u)).isZero();
        u.delete("/users/me/android_gcm_reg_id", "token", "android-token").badRequest("Token does not exist");
    }

    @Test
    void apnsTokensAreStoredAndRemoved() {
        ApiClient u = server.createUser("push2@example.com", "Push Two", 400);
        String token = "c0ffee".repeat(10) + "abcd";
        u.post("/users/me/apns_device_token", "token", token, "appid", "org.zulip.Zulip").success();
        u.post("/users/me/apns_device_token", "token", "c0ffee", "appid", "org.zulip.Zulip").success(); // Zulip's documented example
        assertThat(tokens(u)).isEqualTo(2);
        // an APNs token and an FCM token are different registrations
        u.delete("/users/me/android_gcm_reg_id", "token", token).badRequest("Token does not exist");
        u.delete("/users/me/apns_device_token", "token", token).success();
        u.delete("/users/me/apns_device_token", "token", "c0ffee").success();
        assertThat(tokens(u)).isZero();
    }

    @Test
    void errors() {
        member.post("/users/me/android_gcm_reg_id", "token", "").badRequest("Empty or invalid length token");
        member.post("/users/me/android_gcm_reg_id", "token", "x".repeat(4097)).badRequest("Empty or invalid length token");
        member.delete("/users/me/android_gcm_reg_id", "token", "").badRequest("Empty or invalid length token");
        // Zulip's current rule (item 11 of issue 26): hex, as bytes.fromhex reads it
        member.post("/users/me/apns_device_token", "token", "abcde", "appid", "org.zulip.Zulip").badRequest("Invalid APNS token");
        member.post("/users/me/apns_device_token", "token", "abc=", "appid", "org.zulip.Zulip").badRequest("Invalid APNS token");
        member.post("/users/me/apns_device_token", "token", "apple-token", "appid", "org.zulip.Zulip").badRequest("Invalid APNS token");
        member.post("/users/me/apns_device_token", "token", "ab cd", "appid", "org.zulip.Zulip").success();
        member.delete("/users/me/apns_device_token", "token", "abcde").badRequest("Invalid APNS token");
        member.post("/users/me/apns_device_token", "token", "abcd", "appid", "org zulip!").badRequest("appid has invalid format");
        assertThat(member.post("/users/me/apns_device_token", "token", "abcd").msg()).isEqualTo("Missing 'appid' argument");
        bot.post("/users/me/android_gcm_reg_id", "token", "t").badRequest("This endpoint does not accept bot requests.");
        bot.delete("/users/me/apns_device_token", "token", "abcd").badRequest("This endpoint does not accept bot requests.");
    }

    @Test
    void e2eeRegistrationAnswersThatNoPushServiceIsConfigured() {
        member.post("/mobile_push/register", "device_id", 1, "push_key_id", 2408, "push_key", "MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt",
                "token_kind", "fcm", "token_id", "hGsEWGmyyfI=", "bouncer_public_key", "k", "encrypted_push_registration", "e")
                .error(400, "PUSH_SERVICE_NOT_CONFIGURED", "Server is not configured to use push notification service.");
        member.post("/mobile_push/register", "device_id", 1, "token_kind", "gcm").badRequest("Invalid token_kind");
        member.post("/mobile_push/register", "device_id", 1, "push_key_id", 4294967296L)
                .badRequest("Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer");
        member.post("/mobile_push/register", "device_id", "one").badRequest("device_id is not valid JSON");
        assertThat(member.post("/mobile_push/register").msg()).isEqualTo("Missing 'device_id' argument");
        bot.post("/mobile_push/register", "device_id", 1).badRequest("This endpoint does not accept bot requests.");
        // and nothing claims otherwise
        assertThat(anonymous.get("/server_settings").success().get("push_notifications_enabled").asBoolean()).isFalse();
    }
}
