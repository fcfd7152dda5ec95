package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * What the message views read (fetches, one message, narrow matches, edit history, read receipts),
 * each in a read transaction of its own; searches under MessageFetch's statement limit. The views
 * hold no database: reads go through here, writes through the actions.
 */
public final class MessageQueries {
    /** The users a user muted and those who muted the user (the topics feature's store): read receipts hide both. */
    @FunctionalInterface
    public interface MutedEitherWay {
        Collection<Long> of(Handle h, long userId);
    }

    private final Db db;
    private final MessageStore store;
    private final UserStore users;
    private final Access access;
    private final RealmHolder realm;
    private final MessageFetch fetch;
    /** Users the given user muted, and users who muted the given user (the topics feature's table). */
    private final MutedEitherWay mutingEitherWay;

    public MessageQueries(Db db, MessageStore store, UserStore users, Access access, RealmHolder realm, MessageJson json,
                          MutedEitherWay mutingEitherWay) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.access = access;
        this.realm = realm;
        this.fetch = new MessageFetch(store, users, access, json);
        this.mutingEitherWay = mutingEitherWay;
    }

    /** GET /messages' answer (messages, anchor flags), before the view's client-specific touches. */
    public ObjectNode fetch(User me, Narrow narrow, MessageFetch.Params p) {
        return MessageFetch.bounded(db, h -> fetch.fetch(h, me, narrow, p));
    }

    /** One readable message: its stored (raw) content and its rendered dict (a copy the view may change). */
    public record One(String rawContent, ObjectNode message) {}

    public One one(User me, long id, boolean markdown) {
        return db.read(h -> {
            Access.View view = access.view(h, me);
            Message m = store.byId(h, id).orElse(null);
            Long flags = m == null ? null : store.flagsOf(h, me.id(), id).orElse(null);
            if (m == null || !Access.canRead(view, m, flags)) throw MessageErrors.invalidMessage();
            ObjectNode d = fetch.render(h, me, view, List.of(id), List.of(), markdown, false).get(0).deepCopy();
            return new One(m.content(), d);
        });
    }

    /** GET /messages/matches_narrow's answer: which of `ids` the narrow matches, with their highlighted content and topic. */
    public ObjectNode matches(User me, List<Long> ids, Narrow narrow) {
        return MessageFetch.bounded(db, h -> {
            Access.View view = access.view(h, me);
            NarrowSql sql = new NarrowSql(h, view, users, store, MessageRules.resolveWith(h, store, view, narrow));
            ObjectNode out = Json.success();
            ObjectNode msgs = out.putObject("messages");
            if (ids.isEmpty()) return out;
            List<Long> found = store.matching(h, sql, ids);
            for (Message m : store.byIds(h, found)) {
                if (!Access.canRead(view, m, store.flagsOf(h, me.id(), m.id()).orElse(null))) continue;
                ObjectNode x = msgs.putObject(String.valueOf(m.id()));
                x.put("match_content", sql.searchTerms.isEmpty() ? m.renderedContent() : Highlight.html(m.renderedContent(), sql.searchTerms));
                x.put("match_subject", Highlight.text(m.isChannel() ? m.topic() : "", sql.searchTerms));
            }
            return out;
        });
    }

    /** GET /messages/{id}/history's answer: the message's states, oldest first. */
    public ObjectNode history(User me, long id) {
        return db.read(h -> {
            Message m = MessageRules.readable(h, store, access, me, id);
            if (!realm.get().get("allow_edit_history").asBoolean(true)) throw MessageErrors.editHistoryDisabled();
            List<MessageStore.Edit> edits = store.edits(h, id);
            // Walk back from the current state to the original, then emit oldest first.
            String content = m.content(), rendered = m.renderedContent(), topic = m.topic();
            List<ObjectNode> snaps = new ArrayList<>();
            for (int i = edits.size() - 1; i >= 0; i--) {
                MessageStore.Edit e = edits.get(i);
                ObjectNode s = Json.object();
                s.put("topic", topic).put("content", content).put("rendered_content", rendered).put("timestamp", e.editTime());
                if (e.userId() == null) s.putNull("user_id"); else s.put("user_id", e.userId());
                if (e.prevContent() != null) {
                    s.put("prev_content", e.prevContent()).put("prev_rendered_content", e.prevRendered()).put("content_html_diff", rendered);
                    content = e.prevContent();
                    rendered = e.prevRendered();
                }
                if (e.prevTopic() != null) {
                    s.put("prev_topic", e.prevTopic());
                    topic = e.prevTopic();
                }
                if (e.prevChannel() != null) s.put("prev_stream", e.prevChannel()).put("stream", e.newChannel());
                snaps.addFirst(s);
            }
            ObjectNode first = Json.object();
            first.put("topic", topic).put("content", content).put("rendered_content", rendered).put("timestamp", m.dateSent()).put("user_id", m.senderId());
            snaps.addFirst(first);
            ObjectNode out = Json.success();
            ArrayNode a = out.putArray("message_history");
            snaps.forEach(a::add);
            return out;
        });
    }

    /**
     * Zulip's read receipts: the realm must enable them; active users (bots included) who marked the
     * message read and share read receipts, never the sender, nor anyone muted either way.
     */
    public List<Long> readReceipts(User me, long id) {
        return db.read(h -> {
            Message m = MessageRules.readable(h, store, access, me, id);
            if (!realm.get().get("enable_read_receipts").asBoolean(false)) {
                throw MessageErrors.readReceiptsDisabled();
            }
            Collection<Long> hidden = mutingEitherWay.of(h, me.id());
            List<Long> ids = users.byIds(h, store.readerIds(h, m.id())).stream()
                    .filter(u -> u.isActive() && u.id() != m.senderId() && !hidden.contains(u.id()))
                    .filter(u -> u.setting("send_read_receipts").asBoolean(true))
                    .map(User::id).sorted().toList();
            return ids;
        });
    }
}
