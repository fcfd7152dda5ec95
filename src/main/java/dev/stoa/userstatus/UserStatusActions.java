package dev.stoa.userstatus;

import com.fasterxml.jackson.databind.node.BooleanNode;
import dev.stoa.db.Db;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.events.EventLog;
import dev.stoa.events.OrgEvent;
import dev.stoa.identity.User;
import dev.stoa.settings.SettingsActions;
import dev.stoa.users.UserAccess;
import java.time.Clock;
import java.util.Map;

/**
 * Status changes. The legacy `away` is the presence_enabled setting negated, so it changes that
 * setting (with its own settings events) in the same transaction; the user_status event carries
 * only what the change set and goes to everyone who can see the user.
 */
public final class UserStatusActions {
    /**
     * What a client sent, already parsed: null leaves a field as it is. An empty emoji_name clears
     * the emoji; a non-empty one comes with its code and type, or null ones to look up by name.
     */
    public record StatusInput(Boolean away, String statusText, String emojiName, String emojiCode, String reactionType) {}

    private final Db db;
    private final EventLog log;
    private final UserStatusStore store;
    private final StatusEmoji emoji;
    private final SettingsActions settings;
    private final UserAccess access;
    private final Clock clock;

    public UserStatusActions(Db db, EventLog log, UserStatusStore store, RealmEmoji realmEmoji,
                             SettingsActions settings, UserAccess access, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.emoji = new StatusEmoji(realmEmoji);
        this.settings = settings;
        this.access = access;
        this.clock = clock;
    }

    public void checkUpdate(User caller, StatusInput in, String client) {
        long userId = caller.id();
        db.write(tx -> {
            StatusEmoji.Emoji e = null;
            if (in.emojiName() != null) {
                e = in.emojiName().isEmpty() ? new StatusEmoji.Emoji("", "", StatusEmoji.UNICODE)
                        : emoji.resolve(in.emojiName(), in.emojiCode(), in.reactionType());
            }
            if (in.away() != null) settings.change(tx, userId, Map.of("presence_enabled", BooleanNode.valueOf(!in.away())));
            UserStatusStore.Row old = store.get(tx.h(), userId).orElse(UserStatusStore.Row.empty(userId));
            String text = in.statusText() != null ? in.statusText() : old.statusText();
            UserStatusStore.Row row = e == null ? new UserStatusStore.Row(userId, text, old.emojiName(), old.emojiCode(), old.reactionType())
                    : new UserStatusStore.Row(userId, text, e.name(), e.code(), e.type());
            store.save(tx.h(), row, client, clock.instant().getEpochSecond());
            log.append(tx, new OrgEvent.UserStatus(userId, in.away(), in.statusText(), e == null ? null : e.name(),
                    e == null ? null : e.code(), e == null ? null : e.type()), access.audience(tx.h(), caller));
            return null;
        });
    }
}
