package dev.stoa.twofactor;

import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.users.UserRules;

/**
 * The account's two-factor pages, as JSON for the settings screen (Zulip serves them as
 * /account/two_factor/... pages): status, begin with the password, confirm with the app's first code,
 * turn off with a code. Signed-in people only (a web session with its CSRF token, or HTTP Basic).
 */
public final class TwoFactorViews {
    private final TwoFactorActions actions;

    public TwoFactorViews(TwoFactorActions actions) {
        this.actions = actions;
    }

    public Object status(Request req) {
        return Json.success().put("offered", actions.offered()).put("enabled", actions.isOn(req.user()))
                .put("recovery_codes_left", actions.recoveryCodesLeft(req.user()));
    }

    public Object begin(Request req) {
        TwoFactorActions.Setup s = actions.checkBegin(UserRules.humanOnly(req.user()), req.str("password"));
        return Json.success().put("secret", s.secret()).put("otpauth_url", s.otpauthUrl());
    }

    public Object confirm(Request req) {
        var codes = Json.array();
        actions.checkConfirm(req.user(), req.str("otp_token")).forEach(codes::add);
        return Json.success().set("recovery_codes", codes);
    }

    public Object disable(Request req) {
        actions.checkDisable(req.user(), req.str("otp_token"));
        return Json.success();
    }
}
