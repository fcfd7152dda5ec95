package dev.stoa.push;

import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.util.Base64;
import java.util.Set;

/**
 * The mobile push registrations: the legacy token routes store the token (Zulip stores them even
 * without a push service); POST /mobile_push/register, the end-to-end encrypted registration,
 * answers what a Zulip server without the push notification service answers once its parameters
 * are valid, and with a relay forwards it; test notifications (PushTestActions).
 */
public final class PushViews {
    private static final long MAX_UINT32 = 4_294_967_295L;

    private final PushActions actions;
    private final DeviceActions devices;
    private final PushTestActions tests;

    public PushViews(PushActions actions, DeviceActions devices, PushTestActions tests) {
        this.actions = actions;
        this.devices = devices;
        this.tests = tests;
    }

    /** POST /mobile_push/test_notification: to the legacy token `token`, else to all of the user's tokens. */
    public Object testNotification(Request req) {
        tests.checkLegacyTest(req.user(), req.optStr("token").orElse(null));
        return Json.success();
    }

    /** POST /mobile_push/e2ee/test_notification: to the E2EE device `device_id`, else to all of the user's. */
    public Object e2eeTestNotification(Request req) {
        tests.checkE2eeTest(req.user(), req.optLong("device_id").orElse(null));
        return Json.success();
    }

    /** POST /register_client_device (Zulip 12, level 468): {device_id}. */
    public Object registerDevice(Request req) {
        return Json.success().put("device_id", devices.checkRegister(req.user()));
    }

    /** POST /remove_client_device (level 470). */
    public Object removeDevice(Request req) {
        devices.checkRemove(req.user(), req.lng("device_id"));
        return Json.success();
    }

    public Object addApns(Request req) {
        User me = UserRules.humanOnly(req.user());
        String token = req.str("token");
        String appId = PushRules.checkAppId(req.str("appid"));
        actions.checkAdd(me, PushTokenStore.APNS, PushRules.checkToken(token, PushTokenStore.APNS), appId);
        return Json.success();
    }

    public Object addFcm(Request req) {
        User me = UserRules.humanOnly(req.user());
        actions.checkAdd(me, PushTokenStore.FCM, PushRules.checkToken(req.str("token"), PushTokenStore.FCM), null);
        return Json.success();
    }

    public Object removeApns(Request req) {
        return remove(req, PushTokenStore.APNS);
    }

    public Object removeFcm(Request req) {
        return remove(req, PushTokenStore.FCM);
    }

    private Object remove(Request req, int kind) {
        User me = UserRules.humanOnly(req.user());
        actions.checkRemove(me, kind, PushRules.checkToken(req.str("token"), kind));
        return Json.success();
    }

    /**
     * POST /mobile_push/register (level 468): Zulip's parameter checks (zerver/views/push_notifications.py
     * register_push_device: device_id required; token_kind fcm or apns; push_key_id an unsigned 32-bit
     * integer; push_key as check_push_key: base64 of 33 bytes, the first 0x31; token_id base64); a group
     * of fields counts only when whole (push_key and push_key_id; token_kind, token_id, bouncer_public_key
     * and encrypted_push_registration); then the action.
     */
    public Object registerE2ee(Request req) {
        User me = UserRules.humanOnly(req.user());
        long deviceId = req.lng("device_id");
        String kind = req.optStr("token_kind").orElse(null);
        if (kind != null && !Set.of("fcm", "apns").contains(kind)) throw ApiError.invalid("token_kind");
        String key = req.optStr("push_key").orElse(null);
        Long keyId = req.optLong("push_key_id").orElse(null);
        if (keyId != null && (keyId < 0 || keyId > MAX_UINT32)) {
            throw ApiError.bad("Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer");
        }
        String publicKey = req.optStr("bouncer_public_key").orElse(null), encrypted = req.optStr("encrypted_push_registration").orElse(null);
        String tokenId = req.optStr("token_id").orElse(null);
        boolean keyFields = key != null && keyId != null;
        boolean tokenFields = kind != null && publicKey != null && encrypted != null && tokenId != null;
        if (tokenFields) checkTokenId(tokenId);
        devices.checkRegisterPush(me, new DeviceActions.PushRegistration(deviceId, keyFields ? keyId : null, keyFields ? checkPushKey(key) : null,
                tokenFields ? kind : null, tokenFields ? tokenId : null, tokenFields ? publicKey : null, tokenFields ? encrypted : null));
        return Json.success();
    }

    /** b64decode_token_id_base64: the app's token id is base64. */
    static void checkTokenId(String tokenId) {
        try {
            Base64.getDecoder().decode(tokenId);
        } catch (IllegalArgumentException e) {
            throw ApiError.bad("`token_id` is not Base64 encoded");
        }
    }

    /** zerver/lib/push_registration.py check_push_key. */
    static byte[] checkPushKey(String key) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(key);
        } catch (IllegalArgumentException e) {
            throw ApiError.bad("Invalid `push_key`");
        }
        if (bytes.length != 33 || bytes[0] != 0x31) throw ApiError.bad("Invalid `push_key`");
        return bytes;
    }
}
