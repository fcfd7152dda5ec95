package dev.stoa.render;

import dev.stoa.groups.GroupStore;
import dev.stoa.markdown.MarkdownContext;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * A render inside a transaction: people, groups and channels by small indexed queries on its
 * handle (so they see its own writes); custom emoji, linkifiers, the realm URL and the sender's
 * preferences from the in-memory context.
 */
record TxContext(Handle h, MarkdownContext realm, GroupStore groups, RenderData.ChannelLookup channels) implements MarkdownContext {
    public Optional<MentionUser> userByFullName(String fullName) {
        List<MentionUser> found = h.createQuery("SELECT id, full_name FROM users WHERE lower(full_name) = lower(?) AND is_active")
                .bind(0, fullName).map((rs, c) -> new MentionUser(rs.getLong(1), rs.getString(2))).list();
        return found.size() == 1 ? Optional.of(found.getFirst()) : Optional.empty();
    }

    public Optional<MentionUser> userById(long id) {
        return h.createQuery("SELECT id, full_name FROM users WHERE id = ? AND is_active").bind(0, id)
                .map((rs, c) -> new MentionUser(rs.getLong(1), rs.getString(2))).findOne();
    }

    public Optional<MentionGroup> groupByName(String name) {
        return groups.activeByName(h, name).map(g -> new MentionGroup(g.id(), g.name()));
    }

    public Optional<ChannelRef> channelByName(String name) {
        return channels.byName(h, name);
    }

    public Optional<CustomEmoji> realmEmoji(String name) { return realm.realmEmoji(name); }

    public List<Linkifier> linkifiers() { return realm.linkifiers(); }

    public String realmUrl() { return realm.realmUrl(); }

    public boolean translateEmoticons() { return realm.translateEmoticons(); }
}
