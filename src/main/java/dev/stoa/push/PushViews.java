package dev.stoa.push;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.util.Set;

/**
 * The mobile push registrations: the legacy token routes store the token (Zulip stores them even
 * without a push service); POST /mobile_push/register, the end-to-end encrypted registration,
 * answers what a Zulip server without the push notification service answers once its parameters
 * are valid. Nothing is delivered: push_notifications_enabled is false.
 */
public final class PushViews {
    private static final long MAX_UINT32 = 4_294_967_295L;

    private final PushActions actions;
    private final DeviceActions devices;

    public PushViews(PushActions actions, DeviceActions devices) {
        this.actions = actions;
        this.devices = devices;
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

    /** Zulip's parameter checks (device_id required; token_kind fcm or apns; push_key_id an unsigned 32-bit integer), then its answer. */
    public Object registerE2ee(Request req) {
        UserRules.humanOnly(req.user());
        req.lng("device_id");
        req.optStr("token_kind").filter(k -> !Set.of("fcm", "apns").contains(k)).ifPresent(k -> {
            throw ApiError.invalid("token_kind");
        });
        req.optStr("push_key");
        req.optLong("push_key_id").filter(id -> id < 0 || id > MAX_UINT32).ifPresent(id -> {
            throw ApiError.bad("Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer");
        });
        for (String p : new String[] {"bouncer_public_key", "encrypted_push_registration", "token_id"}) req.optStr(p);
        throw ApiError.of(ErrorCode.PUSH_SERVICE_NOT_CONFIGURED, "Server is not configured to use push notification service.");
    }
}
