package dev.stoa.render;

import dev.stoa.db.Db;
import dev.stoa.events.LogTail;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.events.EventLog;
import dev.stoa.linkifiers.LinkifierStore;
import dev.stoa.markdown.MarkdownContext;
import dev.stoa.markdown.MarkdownContext.ChannelRef;
import dev.stoa.markdown.MarkdownContext.CustomEmoji;
import dev.stoa.markdown.MarkdownContext.Linkifier;
import dev.stoa.markdown.MarkdownContext.MentionGroup;
import dev.stoa.markdown.MarkdownContext.MentionUser;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The realm data the renderer looks up, in memory: active users (by id and by lower-cased full
 * name; a name several users share maps to nobody), mentionable groups, linkifiers, custom emoji.
 * Each part is reloaded (one query) when a committed event of its kind has been published since
 * the last render, so a mention costs a map access and never a query. Channels come from a
 * lookup the channels feature provides at wiring time.
 */
public final class RenderData {
    private record Users(Map<Long, MentionUser> byId, Map<String, MentionUser> byName) {}

    private final Db db;
    private final RealmEmoji emoji;
    private final LinkifierStore linkifierStore;
    private final Function<String, Optional<ChannelRef>> channelByName;
    private final String realmUrl;
    private final LogTail usersTail, groupsTail, linkifiersTail;
    private volatile Users users;
    private volatile Map<String, MentionGroup> groups;
    private volatile List<Linkifier> linkifiers;

    public RenderData(Db db, EventLog log, RealmEmoji emoji, LinkifierStore linkifierStore,
                      Function<String, Optional<ChannelRef>> channelByName, String realmUrl) {
        this.db = db;
        this.emoji = emoji;
        this.linkifierStore = linkifierStore;
        this.channelByName = channelByName;
        this.realmUrl = realmUrl;
        this.usersTail = new LogTail(log, Set.of("realm_user", "realm_bot"));
        this.groupsTail = new LogTail(log, Set.of("user_group"));
        this.linkifiersTail = new LogTail(log, Set.of("realm_linkifiers"));
        loadUsers();
        loadGroups();
        loadLinkifiers();
    }

    private void loadUsers() {
        Map<Long, MentionUser> byId = new HashMap<>();
        Map<String, MentionUser> byName = new HashMap<>();
        Set<String> ambiguous = new HashSet<>();
        db.read(h -> h.createQuery("SELECT id, full_name FROM users WHERE is_active ORDER BY id")
                .map((rs, c) -> new MentionUser(rs.getLong(1), rs.getString(2))).list()).forEach(u -> {
            byId.put(u.id(), u);
            String key = u.fullName().toLowerCase(Locale.ROOT);
            if (byName.putIfAbsent(key, u) != null) ambiguous.add(key);
        });
        ambiguous.forEach(byName::remove);
        users = new Users(Map.copyOf(byId), Map.copyOf(byName));
    }

    private void loadGroups() {
        Map<String, MentionGroup> byName = new HashMap<>();
        db.read(h -> h.createQuery("SELECT id, name FROM user_groups WHERE NOT deactivated AND NOT is_system_group ORDER BY id")
                .map((rs, c) -> new MentionGroup(rs.getLong(1), rs.getString(2))).list())
                .forEach(g -> byName.putIfAbsent(g.name().toLowerCase(Locale.ROOT), g));
        groups = Map.copyOf(byName);
    }

    private void loadLinkifiers() {
        linkifiers = db.read(h -> linkifierStore.all(h)).stream()
                .map(l -> new Linkifier(l.id(), l.pattern(), l.urlTemplate())).toList();
    }

    private Users users() {
        if (usersTail.changed()) loadUsers();
        return users;
    }

    private Map<String, MentionGroup> groups() {
        if (groupsTail.changed()) loadGroups();
        return groups;
    }

    List<Linkifier> linkifiers() {
        if (linkifiersTail.changed()) loadLinkifiers();
        return linkifiers;
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
            public Optional<ChannelRef> channelByName(String name) { return channelByName.apply(name); }

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
