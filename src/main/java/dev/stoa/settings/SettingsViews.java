package dev.stoa.settings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.accounts.PasswordChangeActions;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserRules;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * PATCH /settings: the password (old_password, new_password) through PasswordChangeActions, the
 * account fields (full_name, timezone) through UserActions, every other
 * setting register returns in user_settings through SettingsActions. All parameters are checked
 * before anything is written.
 */
public final class SettingsViews {
    private final SettingsActions actions;
    private final UserActions userActions;
    private final RealmHolder realm;
    private final PasswordChangeActions passwordChange;

    public SettingsViews(SettingsActions actions, UserActions userActions, RealmHolder realm, PasswordChangeActions passwordChange) {
        this.actions = actions;
        this.userActions = userActions;
        this.realm = realm;
        this.passwordChange = passwordChange;
    }

    public Object update(Request req) {
        User me = req.user();
        if (me.isBot()) throw CommonErrors.endpointDoesNotAcceptBotRequests();
        Map<String, JsonNode> changes = parse(req);
        String fullName = req.optStr("full_name").orElse(null);
        String timezone = req.optStr("timezone").orElse(null);
        if (fullName != null) {
            if (realm.get().get("name_changes_disabled").asBoolean(false) && !me.isAdmin()) {
                throw SettingsErrors.nameChangesDisabled();
            }
            fullName = UserRules.checkFullName(fullName);
        }
        if (timezone != null && !timezone.isEmpty() && !UserRules.isTimezone(timezone)) {
            throw SettingsErrors.unknownTimezone();
        }
        String newPassword = req.optStr("new_password").orElse(null);
        String oldPassword = req.optStr("old_password").orElse(null);
        // as Zulip: the password first (a wrong old password changes nothing else)
        if (newPassword != null) passwordChange.checkChange(me, oldPassword, newPassword, req.session() == null ? null : req.session().key());
        if (fullName != null && !fullName.equals(me.fullName())) userActions.doChangeFullName(me, fullName);
        if (timezone != null && !timezone.equals(me.timezone())) userActions.doSetTimezone(me, timezone);
        if (!changes.isEmpty()) actions.doChange(me.id(), changes);
        return Json.success();
    }

    private static Map<String, JsonNode> parse(Request req) {
        Map<String, JsonNode> changes = new LinkedHashMap<>();
        for (SettingTypes.Setting s : SettingTypes.ALL.values()) {
            String raw = req.raw(s.name());
            if (raw != null) changes.put(s.name(), s.parser().parse(s.name(), raw));
        }
        return changes;
    }
}
