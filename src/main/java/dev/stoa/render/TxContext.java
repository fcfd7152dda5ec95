package dev.stoa.render;

import dev.stoa.groups.GroupStore;
import dev.stoa.markdown.MarkdownContext;
import dev.stoa.users.UserStore;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * A render inside a transaction: people, groups and channels by small indexed queries on its
 * handle (so they see its own writes); custom emoji, linkifiers, the realm URL and the sender's
 * preferences from the in-memory context.
 */
record TxContext(Handle h, MarkdownContext realm, UserStore users, GroupStore groups, RenderData.ChannelLookup channels)
        implements MarkdownContext {
    /** A name several active users share mentions nobody. */
    public Optional<MentionUser> userByFullName(String fullName) {
        List<UserStore.Name> found = users.activeByFullName(h, fullName);
        return found.size() == 1 ? Optional.of(mention(found.getFirst())) : Optional.empty();
    }

    public Optional<MentionUser> userById(long id) {
        return users.activeName(h, id).map(TxContext::mention);
    }

    private static MentionUser mention(UserStore.Name n) {
        return new MentionUser(n.id(), n.fullName());
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
