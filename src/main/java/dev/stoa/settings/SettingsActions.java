package dev.stoa.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.ExportEvent;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.http.Json;
import dev.stoa.realm.Realm;
import dev.stoa.identity.User;
import dev.stoa.users.ApiEmail;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Changes a user's settings in one transaction. Each changed setting sends the user's clients a
 * user_settings event and, for the settings that had one, the legacy update_display_settings or
 * update_global_notifications event (Delivery drops those for clients with user_settings_object).
 */
public final class SettingsActions {
    private final Db db;
    private final EventLog log;
    private final UserStore users;
    private final UserAccess access;
    private final ApiEmail apiEmail;

    public SettingsActions(Db db, EventLog log, UserStore users, UserAccess access, ApiEmail apiEmail) {
        this.access = access;
        this.db = db;
        this.log = log;
        this.users = users;
        this.apiEmail = apiEmail;
    }

    public void doChange(long userId, Map<String, JsonNode> changes) {
        db.write(tx -> {
            change(tx, userId, changes);
            return null;
        });
    }

    /** The same change inside the caller's transaction (user status's legacy `away` sets presence_enabled). */
    public void change(Tx tx, long userId, Map<String, JsonNode> changes) {
        User u = users.byId(tx.h(), userId).orElseThrow();
        ObjectNode settings = u.settings().deepCopy();
        boolean changed = false;
        for (var c : changes.entrySet()) {
            if (u.setting(c.getKey()).equals(c.getValue())) continue;
            if (c.getValue().equals(User.SETTINGS_DEFAULTS.get(c.getKey()))) settings.remove(c.getKey());
            else settings.set(c.getKey(), c.getValue());
            announce(tx, u, c.getKey(), c.getValue());
            changed = true;
        }
        if (changed) users.saveSettings(tx, userId, settings);
        if (changed && !u.setting("email_address_visibility").equals(settings.path("email_address_visibility").isMissingNode()
                ? User.SETTINGS_DEFAULTS.get("email_address_visibility") : settings.get("email_address_visibility"))) {
            emailVisibilityChanged(tx, u, users.byId(tx.h(), userId).orElseThrow());
        }
    }

    /**
     * Who sees the user's real address changed: everyone gets the new API email (new_email) when
     * it changed; viewers who gain or lose sight of the address get delivery_email (or null).
     */
    private void emailVisibilityChanged(Tx tx, User before, User after) {
        String oldEmail = apiEmail.of(before), newEmail = apiEmail.of(after);
        if (!oldEmail.equals(newEmail)) {
            log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", after.id()).put("new_email", newEmail)),
                    access.audience(tx.h(), after));
        }
        Set<Long> blind = access.blindTo(tx.h(), after);
        List<Long> gain = new ArrayList<>(), lose = new ArrayList<>();
        for (User v : users.all(tx.h())) {
            if (!v.isActive() || v.isSystemBot() || v.id() == after.id() || blind.contains(v.id())) continue;
            boolean saw = UserJson.canSeeEmail(v, before), sees = UserJson.canSeeEmail(v, after);
            if (sees && !saw) gain.add(v.id());
            if (saw && !sees) lose.add(v.id());
        }
        for (var group : List.of(Map.entry(true, gain), Map.entry(false, lose))) {
            if (group.getValue().isEmpty()) continue;
            Recipients who = Recipients.users(group.getValue());
            ObjectNode p = Json.object().put("user_id", after.id());
            if (group.getKey()) p.put("delivery_email", after.deliveryEmail()); else p.putNull("delivery_email");
            log.append(tx, new UserEvent.RealmUserUpdate(p), who);
        }
    }

    private void announce(Tx tx, User u, String name, JsonNode value) {
        String language = "default_language".equals(name) ? SettingTypes.LANGUAGES.get(value.asText()) : null;
        Recipients me = Recipients.users(u.id());
        log.append(tx, new UserEvent.UserSettingsUpdate(name, value, language), me);
        switch (SettingTypes.ALL.get(name).legacy()) {
            case DISPLAY -> log.append(tx, new MiscEvent.UpdateDisplaySettings(apiEmail.of(u), name, value, language), me);
            case NOTIFICATION -> log.append(tx, new MiscEvent.UpdateGlobalNotifications(apiEmail.of(u), name, value), me);
            case NONE -> { }
        }
        if (name.equals("allow_private_data_export") && !u.isBot()) {
            // Administrators' clients keep the export consents (GET /export/realm/consents) current from this event.
            log.append(tx, new ExportEvent.RealmExportConsent(u.id(), value.asBoolean()), Recipients.users(users.activeHumanAdminIds(tx.h())));
        }
    }
}
