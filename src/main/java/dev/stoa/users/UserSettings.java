package dev.stoa.users;

import dev.stoa.identity.User;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.realm.Realm;

/** A user's settings as the API shows them: defaults overlaid with the user's choices. */
public final class UserSettings {
    private UserSettings() {}

    public static ObjectNode of(User u) {
        ObjectNode s = User.SETTINGS_DEFAULTS.deepCopy();
        s.setAll(u.settings());
        s.put("timezone", u.timezone());
        return withChoices(s);
    }

    /** The read-only choice lists register shows beside the settings. */
    static ObjectNode withChoices(ObjectNode s) {
        s.set("available_notification_sounds", Json.array().add("zulip").add("ding").add("chime"));
        var choices = Json.array();
        for (String[] c : new String[][] {{"google", "Google"}, {"twitter", "Twitter"}, {"text", "Plain text"}}) {
            choices.add(Json.object().put("key", c[0]).put("text", c[1]));
        }
        s.set("emojiset_choices", choices);
        return s;
    }
}
