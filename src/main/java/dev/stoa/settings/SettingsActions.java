package dev.stoa.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MiscEvent;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.realm.Realm;
import dev.stoa.users.User;
import dev.stoa.users.UserStore;
import java.util.Map;
import java.util.function.Function;

/**
 * Changes a user's settings in one transaction. Each changed setting sends the user's clients a
 * user_settings event and, for the settings that had one, the legacy update_display_settings or
 * update_global_notifications event (Delivery drops those for clients with user_settings_object).
 */
public final class SettingsActions {
    private final Db db;
    private final EventLog log;
    private final UserStore users;
    private final Function<User, String> apiEmail;

    public SettingsActions(Db db, EventLog log, UserStore users, Function<User, String> apiEmail) {
        this.db = db;
        this.log = log;
        this.users = users;
        this.apiEmail = apiEmail;
    }

    public void doChange(long userId, Map<String, JsonNode> changes) {
        db.write(tx -> {
            User u = users.byId(tx.h(), userId).orElseThrow();
            ObjectNode settings = u.settings().deepCopy();
            boolean changed = false;
            for (var c : changes.entrySet()) {
                if (u.setting(c.getKey()).equals(c.getValue())) continue;
                if (c.getValue().equals(Realm.USER_SETTINGS_DEFAULTS.get(c.getKey()))) settings.remove(c.getKey());
                else settings.set(c.getKey(), c.getValue());
                announce(tx, u, c.getKey(), c.getValue());
                changed = true;
            }
            if (changed) users.saveSettings(tx.h(), userId, settings);
            return null;
        });
    }

    private void announce(Tx tx, User u, String name, JsonNode value) {
        String language = "default_language".equals(name) ? SettingTypes.LANGUAGES.get(value.asText()) : null;
        Recipients me = Recipients.users(u.id());
        log.append(tx, new UserEvent.UserSettingsUpdate(name, value, language), me);
        switch (SettingTypes.ALL.get(name).legacy()) {
            case DISPLAY -> log.append(tx, new MiscEvent.UpdateDisplaySettings(apiEmail.apply(u), name, value, language), me);
            case NOTIFICATION -> log.append(tx, new MiscEvent.UpdateGlobalNotifications(apiEmail.apply(u), name, value), me);
            case NONE -> { }
        }
    }
}
