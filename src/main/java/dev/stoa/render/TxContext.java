package dev.stoa.render;

import dev.stoa.markdown.MarkdownContext;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * A render inside a transaction: people, groups and channels by small indexed queries on its
 * handle (so they see its own writes); custom emoji, linkifiers, the realm URL and the sender's
 * preferences from the in-memory context.
 */
record TxContext(Handle h, MarkdownContext realm) implements MarkdownContext {
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
        return h.createQuery("SELECT id, name FROM user_groups WHERE name = ? AND NOT deactivated").bind(0, name)
                .map((rs, c) -> new MentionGroup(rs.getLong(1), rs.getString(2))).findOne();
    }

    public Optional<ChannelRef> channelByName(String name) {
        return h.createQuery("SELECT id, name FROM channels WHERE lower(name) = lower(?)").bind(0, name)
                .map((rs, c) -> new ChannelRef(rs.getLong(1), rs.getString(2))).findOne();
    }

    public Optional<CustomEmoji> realmEmoji(String name) { return realm.realmEmoji(name); }

    public List<Linkifier> linkifiers() { return realm.linkifiers(); }

    public String realmUrl() { return realm.realmUrl(); }

    public boolean translateEmoticons() { return realm.translateEmoticons(); }
}
