package dev.stoa.messages;

import dev.stoa.markdown.MarkdownContext;
import dev.stoa.markdown.MarkdownRenderer;
import dev.stoa.markdown.Rendered;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Renders message Markdown. People, groups and channels are looked up by small indexed queries on
 * the acting transaction's handle (so they see its own writes); custom emoji and linkifiers come
 * from the realm's in-memory rendering data.
 */
public final class Renderer {
    private final MarkdownRenderer renderer = new MarkdownRenderer();
    private final String realmUrl;
    private final java.util.function.Supplier<MarkdownContext> realmData;

    public Renderer(String realmUrl, java.util.function.Supplier<MarkdownContext> realmData) {
        this.realmUrl = realmUrl;
        this.realmData = realmData;
    }

    public Rendered render(Handle h, String content) {
        return renderer.render(content, new Context(h, realmUrl, realmData.get()));
    }

    private record Context(Handle h, String realmUrl, MarkdownContext realm) implements MarkdownContext {
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
    }
}
