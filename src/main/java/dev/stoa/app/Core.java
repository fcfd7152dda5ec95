package dev.stoa.app;

import dev.stoa.channels.ChannelAccess;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.FolderStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.config.Config;
import dev.stoa.db.Db;
import dev.stoa.emoji.EmojiStore;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.events.EventLog;
import dev.stoa.groups.GroupCache;
import dev.stoa.groups.GroupResolver;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.groups.GroupStore;
import dev.stoa.linkifiers.LinkifierStore;
import dev.stoa.markdown.Katex;
import dev.stoa.markdown.MarkdownContext;
import dev.stoa.markdown.MarkdownRenderer;
import dev.stoa.realm.RealmHolder;
import dev.stoa.realm.RealmStore;
import dev.stoa.render.MessageRenderer;
import dev.stoa.render.RenderData;
import dev.stoa.storage.FileStore;
import dev.stoa.users.AccessChanges;
import dev.stoa.users.AvatarUrls;
import dev.stoa.users.ServerSecretStore;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.io.IOException;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;

/**
 * What every feature shares, built once: configuration, clock, database, event log, the realm's
 * settings, the stores other features read, the in-memory caches, the access services and the
 * one Markdown renderer adapter. The server (Stoa), the CLI (Admin) and the tests build the
 * feature modules (Modules) on it.
 */
public record Core(Config config, Clock clock, Db db, EventLog log,
                   RealmStore realmStore, RealmHolder realm,
                   UserStore users, GroupStore groups, ChannelStore channels, SubscriptionStore subscriptions, FolderStore folders,
                   LinkifierStore linkifiers, EmojiStore emoji,
                   GroupResolver groupResolver, GroupSettingValues groupValues, RealmEmoji realmEmoji,
                   UserJson userJson, UserAccess userAccess, AccessChanges accessChanges, ChannelAccess channelAccess,
                   MessageRenderer renderer, FileStore files) implements AutoCloseable {

    /** Opens the configured database (SQLite under the data directory, or PostgreSQL) and builds the shared services on it. */
    public static Core open(Config config, Clock clock) throws IOException {
        Files.createDirectories(config.dataDir());
        FileStore files = config.storage().open(config.dataDir());
        Db db;
        try {
            int waiting = config.ops().maxWaitingWrites();
            db = config.databaseUrl() == null ? Db.sqlite(config.dataDir().resolve("stoa.db"), waiting) : Db.postgres(config.databaseUrl(), waiting);
        } catch (RuntimeException | Error e) {
            files.close();
            throw e;
        }
        try {
            return build(config, clock, db, files);
        } catch (RuntimeException | Error e) {
            db.close();
            files.close();
            throw e;
        }
    }

    private static Core build(Config config, Clock clock, Db db, FileStore files) {
        EventLog log = new EventLog(db, clock);
        RealmStore realmStore = new RealmStore(log);
        RealmHolder realm = new RealmHolder(db, realmStore);
        GroupStore groups = new GroupStore(log);
        GroupResolver resolver = new GroupResolver(groups, new GroupCache(db, log, groups));
        UserStore users = new UserStore(log);
        // Zulip's AVATAR_SALT: one per server, shared by its nodes (server_secrets)
        byte[] fresh = new byte[16];
        new SecureRandom().nextBytes(fresh);
        String salt = db.write(tx -> new ServerSecretStore().avatarSalt(tx.h(), HexFormat.of().formatHex(fresh)));
        UserJson userJson = new UserJson(config.realmHost(), new AvatarUrls(config.extras().gravatar(), salt));
        UserAccess userAccess = new UserAccess(realm, users);
        ChannelStore channels = new ChannelStore(log);
        SubscriptionStore subscriptions = new SubscriptionStore();
        LinkifierStore linkifiers = new LinkifierStore(log);
        EmojiStore emoji = new EmojiStore(log);
        RealmEmoji realmEmoji = new RealmEmoji(db, emoji, log);
        // A channel link costs one indexed lookup per #**mention** (not per message).
        RenderData renderData = new RenderData(db, log, realmEmoji, linkifiers, users, groups,
                (h, name) -> channels.byName(h, name).map(c -> new MarkdownContext.ChannelRef(c.id(), c.name())),
                config.externalUrl());
        MessageRenderer renderer = new MessageRenderer(new MarkdownRenderer(Katex.at(config.katexDir())), renderData);
        return new Core(config, clock, db, log, realmStore, realm, users, groups, channels, subscriptions, new FolderStore(),
                linkifiers, emoji, resolver, new GroupSettingValues(groups, realm::systemGroup), realmEmoji,
                userJson, userAccess, new AccessChanges(log, users, userAccess, userJson),
                new ChannelAccess(channels, subscriptions, resolver, realm), renderer, files);
    }

    @Override
    public void close() {
        db.close();
        files.close();
    }
}
