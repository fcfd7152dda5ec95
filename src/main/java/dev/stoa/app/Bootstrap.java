package dev.stoa.app;

import dev.stoa.db.Db;
import dev.stoa.groups.GroupStore;
import dev.stoa.groups.SystemGroups;
import dev.stoa.http.Json;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.messages.WelcomeBot;
import dev.stoa.realm.RealmHolder;
import dev.stoa.realm.RealmStore;
import dev.stoa.users.Passwords;
import dev.stoa.users.UserActions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * First start on an empty database: the realm with Zulip's defaults, the system groups, the
 * notification bot and an owner whose credentials are printed once and written to a zuliprc; with
 * `--welcome` (the default) also the Welcome Bot, #general and #sandbox.
 */
public final class Bootstrap {
    static final String NOTIFICATION_BOT = "notification-bot@";

    public record Owner(User user, String password) {}

    private Bootstrap() {}

    /** Creates the realm if there is none; returns the new owner, or null when the realm existed. */
    public static Owner ensureRealm(Core core, Modules modules) {
        UserActions users = modules.users().actions;
        Db db = core.db();
        RealmStore realmStore = core.realmStore();
        GroupStore groups = core.groups();
        RealmHolder holder = core.realm();
        Clock clock = core.clock();
        boolean exists = db.read(realmStore::exists);
        if (exists) {
            holder.reload();
            return null;
        }
        long now = clock.instant().getEpochSecond();
        db.write(tx -> {
            realmStore.insert(tx, "Stoa", Json.object(), now);
            Map<String, Long> ids = new HashMap<>();
            for (var e : SystemGroups.SUBGROUPS.entrySet()) {
                long id = groups.insert(tx, e.getKey(), SystemGroups.DESCRIPTIONS.get(e.getKey()), true, now, null, "{}");
                ids.put(e.getKey(), id);
                groups.addSubgroups(tx, id, e.getValue().stream().map(ids::get).toList());
            }
            for (var e : ids.entrySet()) {
                groups.set(tx, e.getValue(), "settings", systemGroupSettings(ids));
            }
            return null;
        });
        holder.reload();
        String host = core.config().realmHost();
        String password = Passwords.randomString(20);
        boolean welcome = core.config().extras().welcome();
        User owner = db.write(tx -> {
            users.createUser(tx, new UserActions.NewUser(NOTIFICATION_BOT + host, null, "Notification Bot", Role.MEMBER, 1, null, true));
            // Before the owner: the Welcome Bot greets every person created after it.
            if (welcome) users.createUser(tx, new UserActions.NewUser(WelcomeBot.EMAIL_PREFIX + host, null, "Welcome Bot", Role.MEMBER, 1, null, true));
            return users.createUser(tx, new UserActions.NewUser("owner@" + host, password, "Stoa Owner", Role.OWNER, null, null, false));
        });
        if (welcome) firstChannels(modules, owner);
        return new Owner(owner, password);
    }

    /**
     * What Zulip gives a new organization: #general and #sandbox as the channels everyone joins,
     * #general announcing new channels, and the Welcome Bot's first messages in both.
     */
    private static void firstChannels(Modules m, User owner) {
        long general = m.channels().actions.checkCreateDefault(owner, "general", "Everyone is added to this channel by default.");
        long sandbox = m.channels().actions.checkCreateDefault(owner, "sandbox", "Experiment with formatting and features here.");
        m.realm().actions.doUpdate(Map.of("new_stream_announcements_stream_id", Json.MAPPER.getNodeFactory().numberNode(general)), Map.of());
        m.messages().welcomeBot.introduce(general, sandbox);
    }

    /** System groups are managed by roles, not by people: nobody may join, leave or manage them. */
    private static String systemGroupSettings(Map<String, Long> ids) {
        var s = Json.object();
        long nobody = ids.get(SystemGroups.NOBODY);
        for (String k : List.of("can_add_members_group", "can_join_group", "can_leave_group", "can_manage_group", "can_remove_members_group")) {
            s.put(k, nobody);
        }
        s.put("can_mention_group", ids.get(SystemGroups.EVERYONE));
        return Json.write(s);
    }

    public static String zuliprc(String email, String apiKey, String site) {
        return "[api]\nemail=" + email + "\nkey=" + apiKey + "\nsite=" + site + "\n";
    }

    /** Writes a zuliprc readable by its owner only (it holds an API key). */
    public static void writeZuliprc(Path rc, String email, String apiKey, String site) throws IOException {
        Files.writeString(rc, zuliprc(email, apiKey, site));
        try {
            Files.setPosixFilePermissions(rc, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException ignored) {
            // not a POSIX file system: the file keeps the default permissions
        }
    }
}
