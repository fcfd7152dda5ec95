package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.markdown.Rendered;
import dev.stoa.identity.User;
import dev.stoa.groups.GroupStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.jdbi.v3.core.Handle;

/** Editing, moving and deleting: one transaction each, with its update_message / delete_message events. */
public final class MessageEditActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final GroupStore groups;
    /** Each recipient's alert words (the alert words feature's store). */
    private final BiFunction<Handle, Collection<Long>, Map<Long, List<String>>> alertWords;

    public MessageEditActions(Db db, EventLog log, MessageStore store, GroupStore groups,
                              BiFunction<Handle, Collection<Long>, Map<Long, List<String>>> alertWords) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.groups = groups;
        this.alertWords = alertWords;
    }

    /** A move: the messages, and where they go (channel may be the same; recipient ids of the destination's subscribers). */
    public record Move(List<Message> messages, Channel from, Channel to, String newTopic, String propagateMode,
                       List<Long> gaining, List<Long> losing, boolean toPublic) {}

    public record ContentEdit(String content, Rendered rendered) {}

    /** Applies a content edit and/or a move of target (and its propagated messages); returns detached uploads. */
    public ArrayNode doEdit(User editor, Message target, ContentEdit edit, Move move, long now) {
        return db.write(tx -> {
            Handle h = tx.h();
            ArrayNode detached = Json.array();
            Set<Long> audience = new HashSet<>(store.recipientsOf(h, target.id()));
            ObjectNode f = Json.object();
            f.put("user_id", editor.id());
            f.put("edit_timestamp", now);
            f.put("message_id", target.id());
            f.put("rendering_only", false);
            if (target.isChannel()) {
                f.put("stream_id", target.channelId());
            }
            List<Long> ids = new ArrayList<>();
            if (move != null) move.messages().forEach(m -> ids.add(m.id()));
            else ids.add(target.id());
            java.util.Collections.sort(ids);
            if (edit != null) {
                applyContent(h, editor, target, edit, now, detached);
                f.put("orig_content", target.content());
                f.put("orig_rendered_content", target.renderedContent());
                f.put("content", edit.content());
                f.put("rendered_content", edit.rendered().html());
                f.put("is_me_message", edit.content().startsWith("/me ") && !edit.content().contains("\n"));
            }
            if (move != null) {
                for (Message m : move.messages()) audience.addAll(store.recipientsOf(h, m.id()));
                applyMove(tx, editor, move, now);
                f.put("propagate_mode", move.propagateMode());
                f.put("orig_subject", target.topic());
                if (!move.newTopic().equals(target.topic())) {
                    f.put("subject", move.newTopic());
                    f.set("topic_links", Json.array());
                }
                if (move.to().id() != move.from().id()) f.put("new_stream_id", move.to().id());
                audience.addAll(move.gaining());
                audience.removeAll(move.losing());
            }
            f.set("message_ids", Json.tree(ids));
            f.set("flags", Json.array());
            ObjectNode extras = Json.object();
            ObjectNode perUser = extras.putObject("__per_user");
            Map<Long, Long> flags = store.flagsByUser(h, target.id());
            for (long u : audience) {
                Long fl = flags.get(u);
                if (fl == null || fl == 0) continue; // "flags": [] above is the default
                ArrayNode a = perUser.putObject(String.valueOf(u)).putArray("flags");
                Flags.names(fl).forEach(a::add);
            }
            boolean pub = target.isChannel() && (move == null ? false : move.toPublic());
            log.append(tx, new MessageEvent.Update(f, extras), Recipients.channelMessage(audience, pub));
            return detached;
        });
    }

    private void applyContent(Handle h, User editor, Message m, ContentEdit e, long now, ArrayNode detached) {
        store.insertEdit(h, new MessageStore.Edit(0, m.id(), editor.id(), now, m.content(), m.renderedContent(), null, null, null, null));
        Rendered r = e.rendered();
        List<Long> before = h.createQuery("SELECT attachment_id FROM attachment_messages WHERE message_id = ?").bind(0, m.id()).mapTo(Long.class).list();
        h.execute("DELETE FROM attachment_messages WHERE message_id = ?", m.id());
        MessageActions.linkUploads(h, m.id(), m.senderId(), r.uploadPathIds());
        boolean attachment = h.createQuery("SELECT COUNT(*) FROM attachment_messages WHERE message_id = ?").bind(0, m.id()).mapTo(Long.class).one() > 0;
        store.updateContent(h, m.id(), e.content(), r.html(), r.hasLink(), attachment || r.hasAttachment(), r.hasImage(), now);
        store.search.put(h, m.id(), m.topic(), e.content());
        for (long a : before) {
            boolean stillUsed = h.createQuery("SELECT COUNT(*) FROM attachment_messages WHERE attachment_id = ?").bind(0, a).mapTo(Long.class).one() > 0;
            if (stillUsed) continue;
            h.createQuery("SELECT id, file_name, path_id, size, create_time FROM attachments WHERE id = ? AND owner_id = ?")
                    .bind(0, a).bind(1, editor.id())
                    .map((rs, c) -> {
                        ObjectNode o = Json.object().put("id", rs.getLong(1)).put("name", rs.getString(2)).put("path_id", rs.getString(3))
                                .put("size", rs.getLong(4)).put("create_time", rs.getLong(5));
                        o.set("message_ids", Json.array());
                        return o;
                    })
                    .findOne().ifPresent(detached::add);
        }
        recomputeMentionFlags(h, m, e.content(), r);
    }

    /**
     * Mention and alert-word flags follow the new content, as when it was sent: direct and group
     * mentions, channel and topic wildcards (topic: its participants), alert words; never the sender's.
     */
    private void recomputeMentionFlags(Handle h, Message m, String content, Rendered r) {
        List<Long> recipients = store.recipientsOf(h, m.id());
        Set<Long> groupMentioned = MessageRules.groupMembers(groups, h, r);
        List<Long> participants = r.topicWildcard() && m.isChannel() ? store.topicParticipants(h, m.channelId(), m.topic()) : null;
        Map<Long, List<String>> words = alertWords.apply(h, recipients);
        long mask = Flags.ANY_MENTION | Flags.HAS_ALERT_WORD;
        var batch = h.prepareBatch("UPDATE user_message SET flags = (flags & ?) | ? WHERE user_id = ? AND message_id = ?");
        for (long u : recipients) {
            long set = Flags.mentionBits(u, m.senderId(), r, groupMentioned, participants, content, words.get(u));
            batch.bind(0, ~mask).bind(1, set).bind(2, u).bind(3, m.id()).add();
        }
        if (!recipients.isEmpty()) batch.execute();
    }

    private void applyMove(Tx tx, User editor, Move mv, long now) {
        Handle h = tx.h();
        long recipient = store.channelRecipient(h, mv.to().id());
        List<Long> ids = mv.messages().stream().map(Message::id).toList();
        for (Message m : mv.messages()) {
            store.insertEdit(h, new MessageStore.Edit(0, m.id(), editor.id(), now, null, null,
                    m.topic().equals(mv.newTopic()) ? null : m.topic(), m.topic().equals(mv.newTopic()) ? null : mv.newTopic(),
                    mv.from().id() == mv.to().id() ? null : mv.from().id(), mv.from().id() == mv.to().id() ? null : mv.to().id()));
            store.search.put(h, m.id(), mv.newTopic(), m.content());
        }
        store.move(h, ids, recipient, mv.to().id(), mv.newTopic(), now);
        for (long id : ids) {
            store.insertUserMessages(h, id, mv.gaining().stream().collect(java.util.stream.Collectors.toMap(u -> u, u -> Flags.READ, (a, b) -> a)));
        }
        if (!mv.losing().isEmpty()) {
            for (List<Long> chunk : MessageStore.chunks(ids)) {
                h.createUpdate("DELETE FROM user_message WHERE message_id IN (<ids>) AND user_id IN (<users>)")
                        .bindList("ids", chunk).bindList("users", mv.losing()).execute();
            }
            ObjectNode d = Json.object();
            d.set("message_ids", Json.tree(ids));
            d.put("message_type", "stream");
            d.put("stream_id", mv.from().id());
            d.put("topic", mv.messages().getFirst().topic());
            log.append(tx, new MessageEvent.Delete(d), Recipients.users(mv.losing()));
        }
    }

    public void doDelete(Message m) {
        db.write(tx -> {
            Handle h = tx.h();
            List<Long> audience = store.recipientsOf(h, m.id());
            ObjectNode d = Json.object();
            d.set("message_ids", Json.array().add(m.id()));
            d.put("message_type", m.isChannel() ? "stream" : "private");
            if (m.isChannel()) {
                d.put("stream_id", m.channelId());
                d.put("topic", m.topic());
            }
            store.delete(h, List.of(m.id()));
            log.append(tx, new MessageEvent.Delete(d), Recipients.channelMessage(audience, false));
            return null;
        });
    }

    static Map<Long, Long> none() { return Map.of(); }
}
