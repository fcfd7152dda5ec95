package dev.stoa.render;

import dev.stoa.db.Db;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.RowsChanged;
import dev.stoa.groups.Group;
import dev.stoa.groups.GroupStore;
import dev.stoa.linkifiers.LinkifierStore;
import dev.stoa.markdown.MarkdownContext.ChannelRef;
import dev.stoa.markdown.MarkdownContext.CustomEmoji;
import dev.stoa.markdown.MarkdownContext.Linkifier;
import dev.stoa.markdown.MarkdownContext.MentionGroup;
import dev.stoa.markdown.MarkdownContext.MentionUser;
import dev.stoa.markdown.MarkdownContext;
import dev.stoa.users.UserStore;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * The realm data the renderer looks up, in memory: active users (by id and by lower-cased full
 * name; a name several users share maps to nobody), mentionable groups, linkifiers, custom emoji.
 * Each part is reloaded (one query) when a change of its table has been published since the
 * last render (it follows the log as every cache does, {@link LogFollower}), so a mention costs a map access and never a query. Channels come from a
 * lookup the channels feature provides at wiring time (channels renders descriptions, so render
 * cannot name its store).
 */
public final class RenderData extends LogFollower {
    /** A channel by name, case-insensitively, on a handle. */
    @FunctionalInterface
    public interface ChannelLookup {
        Optional<ChannelRef> byName(Handle h, String name);
    }

    private record Users(Map<Long, MentionUser> byId, Map<String, MentionUser> byName) {}

    private final Db db;
    private final RealmEmoji emoji;
    private final LinkifierStore linkifierStore;
    private final UserStore userStore;
    private final GroupStore groupStore;
    private final ChannelLookup channels;
    private final String realmUrl;
    private volatile Users users;
    private volatile Map<String, MentionGroup> groups;
    private volatile List<Linkifier> linkifiers;

    public RenderData(Db db, EventLog log, RealmEmoji emoji, LinkifierStore linkifierStore, UserStore userStore, GroupStore groupStore,
                      ChannelLookup channels, String realmUrl) {
        super(log, Set.of(CachedTable.USERS, CachedTable.USER_GROUPS, CachedTable.LINKIFIERS));
        this.db = db;
        this.userStore = userStore;
        this.emoji = emoji;
        this.linkifierStore = linkifierStore;
        this.groupStore = groupStore;
        this.channels = channels;
        this.realmUrl = realmUrl;
        loadUsers();
        loadGroups();
        loadLinkifiers();
    }

    private void loadUsers() {
        Map<Long, MentionUser> byId = new HashMap<>();
        Map<String, MentionUser> byName = new HashMap<>();
        Set<String> ambiguous = new HashSet<>();
        db.read(userStore::activeNames).stream().map(n -> new MentionUser(n.id(), n.fullName())).forEach(u -> {
            byId.put(u.id(), u);
            String key = u.fullName().toLowerCase(Locale.ROOT);
            if (byName.putIfAbsent(key, u) != null) ambiguous.add(key);
        });
        ambiguous.forEach(byName::remove);
        users = new Users(Map.copyOf(byId), Map.copyOf(byName));
    }

    private void loadGroups() {
        Map<String, MentionGroup> byName = new HashMap<>();
        for (Group g : db.read(groupStore::all)) {
            if (!g.deactivated() && !g.system()) byName.putIfAbsent(g.name().toLowerCase(Locale.ROOT), new MentionGroup(g.id(), g.name()));
        }
        groups = Map.copyOf(byName);
    }

    private void loadLinkifiers() {
        linkifiers = db.read(h -> linkifierStore.all(h)).stream()
                .map(l -> new Linkifier(l.id(), l.pattern(), l.urlTemplate())).toList();
    }

    /** Reloads the parts whose tables changed (null: entries were missed, every part). */
    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
        Set<CachedTable> tables = EnumSet.noneOf(CachedTable.class);
        if (changes != null) for (RowsChanged.Seen c : changes) tables.add(c.table());
        if (changes == null || tables.contains(CachedTable.USERS)) loadUsers();
        if (changes == null || tables.contains(CachedTable.USER_GROUPS)) loadGroups();
        if (changes == null || tables.contains(CachedTable.LINKIFIERS)) loadLinkifiers();
    }

    private Users users() {
        follow();
        return users;
    }

    private Map<String, MentionGroup> groups() {
        follow();
        return groups;
    }

    List<Linkifier> linkifiers() {
        follow();
        return linkifiers;
    }

    /** A context for a render inside a transaction: people, groups and channels looked up on its handle. */
    MarkdownContext context(Handle h, boolean translateEmoticons) {
        return new TxContext(h, context(translateEmoticons), userStore, groupStore, channels);
    }

    /** A context for one render; {@code translateEmoticons} is the sender's setting. */
    public MarkdownContext context(boolean translateEmoticons) {
        Users u = users();
        Map<String, MentionGroup> g = groups();
        List<Linkifier> l = linkifiers();
        return new MarkdownContext() {
            @Override
            public Optional<MentionUser> userByFullName(String fullName) {
                return Optional.ofNullable(u.byName().get(fullName.toLowerCase(Locale.ROOT)));
            }

            @Override
            public Optional<MentionUser> userById(long id) { return Optional.ofNullable(u.byId().get(id)); }

            @Override
            public Optional<MentionGroup> groupByName(String name) {
                return Optional.ofNullable(g.get(name.toLowerCase(Locale.ROOT)));
            }

            @Override
            public Optional<ChannelRef> channelByName(String name) { return db.read(h -> channels.byName(h, name)); }

            @Override
            public Optional<CustomEmoji> realmEmoji(String name) { return emoji.byName(name); }

            @Override
            public List<Linkifier> linkifiers() { return l; }

            @Override
            public String realmUrl() { return realmUrl; }

            @Override
            public boolean translateEmoticons() { return translateEmoticons; }
        };
    }
}
