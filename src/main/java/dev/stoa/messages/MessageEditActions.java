package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.Hints;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.markdown.Rendered;
import dev.stoa.realm.Realm;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Handle;

/**
 * Editing, moving and deleting: {@code checkEdit} and {@code checkDelete} lock the message, check,
 * plan (a move's messages included) and write in one transaction, with their update_message /
 * delete_message events, as Zulip's check_update_message does in one atomic transaction.
 */
public final class MessageEditActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final MessageActions.SendDeps deps;
    private final Access access;
    private final MessageEditRules rules;
    private final NotificationBot notificationBot;
    private final UploadActions uploads;
    private final Clock clock;
    private final MessageChanges changes;
    private final SoftDeactivation idle;
    /** Each recipient's alert words (the alert words feature's store). */
    private final MessageActions.AlertWords alertWords;

    public MessageEditActions(Db db, EventLog log, MessageStore store, MessageActions.SendDeps deps, Access access,
                              NotificationBot notificationBot, UploadActions uploads, Clock clock,
                              MessageActions.AlertWords alertWords, MessageChanges changes, SoftDeactivation idle) {
        this.idle = idle;
        this.changes = changes;
        this.db = db;
        this.log = log;
        this.store = store;
        this.deps = deps;
        this.access = access;
        this.rules = new MessageEditRules(deps.resolver(), deps.channelAccess());
        this.notificationBot = notificationBot;
        this.uploads = uploads;
        this.clock = clock;
        this.alertWords = alertWords;
    }

    /** A move: the messages, and where they go (channel may be the same; recipient ids of the destination's subscribers). */
    record Move(List<Message> messages, Channel from, Channel to, String newTopic, String propagateMode,
                List<Long> gaining, List<Long> losing, boolean toPublic) {}

    record ContentEdit(String content, Rendered rendered) {}

    /** PATCH /messages/{id}, parsed: content normalized (or null), topic as sent (or null), the mode validated. */
    public record EditInput(long messageId, String content, String topic, Long streamId, String propagateMode,
                            boolean notifyOld, boolean notifyNew, String prevContentSha256) {}

    /** Edits and/or moves as caller; returns the uploads the edit detached. */
    public ArrayNode checkEdit(User me, EditInput in) {
        long now = clock.instant().getEpochSecond();
        Realm rs = deps.realm().get();
        return db.write(tx -> {
            Handle h = tx.h();
            store.lock(h, in.messageId());
            // PostgreSQL: a move's plan then sees every message whose event precedes its own.
            if (in.topic() != null || in.streamId() != null) tx.lockAppends();
            Message m = MessageRules.readable(h, store, access, me, in.messageId());
            if (!m.isChannel() && in.streamId() != null) throw MessageErrors.directMessagesCannotBeMovedToChannels();
            if (!m.isChannel() && in.topic() != null) throw MessageErrors.directMessagesCannotHaveTopics();
            if (in.topic() != null && MessageEditRules.resolvesEmptyTopic(in.topic())) throw MessageErrors.generalChatCannotBeMarkedAsResolved();
            String newTopic = changedTopic(m, in, rs);
            ContentEdit ce = in.content() == null ? null : contentEdit(h, me, m, in, rs, now);
            Move mv = null;
            boolean resolveOnly = false;
            if (m.isChannel() && (newTopic != null || in.streamId() != null)) {
                Channel from = deps.channels().byId(h, m.channelId()).orElseThrow();
                Channel to = in.streamId() == null ? from : deps.channels().byId(h, in.streamId()).orElseThrow(() -> CommonErrors.invalidChannelId());
                String topic = newTopic == null ? m.topic() : MessageRules.checkTopic(h, store, deps.resolver(), newTopic, to, rs, me);
                resolveOnly = to.id() == from.id() && MessageEditRules.isResolveToggle(m.topic(), topic);
                Access.View view = access.view(h, me);
                rules.checkMove(h, me, m, from, to, topic, resolveOnly, rs, now, view);
                mv = planMove(tx, me, view, m, from, to, topic, resolveOnly ? "change_all" : in.propagateMode(), rs, now);
            }
            ArrayNode detached = apply(tx, me, m, ce, mv, now);
            if (mv != null && !resolveOnly) notifyMove(tx, me, m, mv, in.notifyOld(), in.notifyNew());
            if (mv != null && resolveOnly) notifyResolve(tx, me, mv);
            return detached;
        });
    }

    /**
     * The topic the edit sets, or null: as Zulip's check_update_message, a topic equal to the
     * current one (once normalized) is no topic edit at all — no move, no last_moved_timestamp,
     * no history entry, no notices — and the request is then judged without it.
     */
    private static String changedTopic(Message m, EditInput in, Realm rs) {
        String topic = in.topic();
        if (topic != null && m.isChannel() && MessageRules.normalizeTopic(topic, rs).equals(m.topic())) topic = null;
        if (in.content() == null && topic == null && in.streamId() == null) throw MessageErrors.nothingToChange();
        if (topic == null && in.streamId() == null && !in.propagateMode().equals("change_one")) {
            throw MessageErrors.invalidPropagateModeWithoutTopicEdit();
        }
        return topic;
    }

    private ContentEdit contentEdit(Handle h, User me, Message m, EditInput in, Realm rs, long now) {
        MessageEditRules.checkContentEdit(m, me, rs, now, in.prevContentSha256());
        Rendered r = deps.renderer().render(h, me, in.content());
        if (m.isChannel()) {
            MessageRules.checkWildcardMentions(h, deps.resolver(), rs, me, r, deps.subs().subscribers(h, m.channelId()).size(),
                    () -> store.topicParticipants(h, m.channelId(), m.topic()).size());
        }
        return new ContentEdit(in.content(), r);
    }

    private Move planMove(Tx tx, User me, Access.View view, Message m, Channel from, Channel to, String topic, String mode,
                          Realm rs, long now) {
        Handle h = tx.h();
        List<Message> candidates = new ArrayList<>();
        if (mode.equals("change_one")) {
            candidates.add(m);
        } else {
            List<Long> ids = store.topicMessageIds(h, m.recipientId(), m.topic(), mode.equals("change_later") ? m.id() : 0);
            Map<Long, Long> flags = store.flags(h, me.id(), ids);
            for (Message x : store.byIds(h, ids)) if (Access.canRead(view, x, flags.get(x.id()))) candidates.add(x);
            boolean resolve = from.id() == to.id() && MessageEditRules.isResolveToggle(m.topic(), topic);
            if (!resolve) MessageEditRules.checkPropagatedTimeLimit(me, candidates, to.id() != from.id(), rs, now);
        }
        List<Long> gaining = new ArrayList<>();
        List<Long> losing = new ArrayList<>();
        if (to.id() != from.id()) {
            // Idle subscribers of the old channel hold the rows they are owed first, as everyone else's:
            // who gains or loses rows, and their flags, are then what they would be without idleness.
            idle.settleMessages(tx, from.id(), candidates.stream().map(Message::id).toList());
            Set<Long> newSubs = new HashSet<>(deps.subs().subscribers(h, to.id()));
            Set<Long> haveRows = new HashSet<>(store.recipientsOf(h, m.id()));
            for (long u : newSubs) if (!haveRows.contains(u)) gaining.add(u);
            if (to.inviteOnly()) for (long u : haveRows) if (!newSubs.contains(u)) losing.add(u);
        }
        return new Move(candidates, from, to, topic, mode, gaining, losing, !to.inviteOnly());
    }

    /** The notification bot's breadcrumbs in the old and new threads, as Zulip posts them. */
    private void notifyMove(Tx tx, User me, Message m, Move mv, boolean notifyOld, boolean notifyNew) {
        String who = "@_**" + me.fullName() + "|" + me.id() + "**";
        String oldLink = "#**" + mv.from().name() + ">" + m.topic() + "**";
        String newLink = "#**" + mv.to().name() + ">" + mv.newTopic() + "**";
        int n = mv.messages().size();
        boolean whole = mv.propagateMode().equals("change_all");
        if (notifyOld) notificationBot.post(tx, mv.from(), m.topic(), whole ? "This topic was moved to " + newLink + " by " + who + "."
                : (n == 1 ? "A message was" : n + " messages were") + " moved from this topic to " + newLink + " by " + who + ".");
        if (notifyNew) notificationBot.post(tx, mv.to(), mv.newTopic(), whole ? "This topic was moved here from " + oldLink + " by " + who + "."
                : (n == 1 ? "A message was" : n + " messages were") + " moved here from " + oldLink + " by " + who + ".");
    }

    /**
     * Zulip's maybe_send_resolve_topic_notifications: the notification bot says who (un)resolved the topic, in
     * the topic under its new name, unread only for its participants (the moved messages' senders and reactors).
     */
    private void notifyResolve(Tx tx, User me, Move mv) {
        List<Long> ids = mv.messages().stream().map(Message::id).toList();
        Set<Long> participants = new HashSet<>();
        for (Message x : mv.messages()) participants.add(x.senderId());
        store.reactions(tx.h(), ids).values().forEach(rs -> rs.forEach(r -> participants.add(r.userId())));
        boolean resolved = mv.newTopic().startsWith(MessageRules.RESOLVED_PREFIX);
        String who = "@_**" + me.fullName() + "|" + me.id() + "**";
        notificationBot.post(tx, mv.to(), mv.newTopic(), who + " has marked this topic as " + (resolved ? "resolved." : "unresolved."), participants);
    }

    /** Deletes as caller, checking the delete permissions against the locked message. */
    public void checkDelete(User me, long messageId) {
        long now = clock.instant().getEpochSecond();
        db.write(tx -> {
            Handle h = tx.h();
            store.lock(h, messageId);
            Message m = MessageRules.readable(h, store, access, me, messageId);
            Channel c = m.isChannel() ? deps.channels().byId(h, m.channelId()).orElse(null) : null;
            rules.checkDelete(h, me, m, c, deps.realm().get(), now);
            delete(tx, m);
            return null;
        });
    }

    /** Applies a content edit and/or a move of target (and its propagated messages); returns detached uploads. */
    private ArrayNode apply(Tx tx, User editor, Message target, ContentEdit edit, Move move, long now) {
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
        Collections.sort(ids);
        if (edit != null) {
            // With a move too, the move's history entry for target carries the content change: one entry, as Zulip's.
            applyContent(tx, editor, target, edit, now, detached, move == null);
            f.put("orig_content", target.content());
            f.put("orig_rendered_content", target.renderedContent());
            f.put("content", edit.content());
            f.put("rendered_content", edit.rendered().html());
            f.put("is_me_message", edit.content().startsWith("/me ") && !edit.content().contains("\n"));
        }
        if (move != null) {
            for (Message m : move.messages()) audience.addAll(store.recipientsOf(h, m.id()));
            applyMove(tx, editor, move, target.id(), edit, now);
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
        Map<Long, ObjectNode> perUser = new LinkedHashMap<>();
        Map<Long, Long> flags = store.flagsByUser(h, target.id());
        for (long u : audience) {
            Long fl = flags.get(u);
            if (fl == null || fl == 0) continue; // "flags": [] above is the default
            ArrayNode a = perUser.computeIfAbsent(u, k -> Json.object()).putArray("flags");
            Flags.names(fl).forEach(a::add);
        }
        boolean pub = target.isChannel() && (move == null ? false : move.toPublic());
        log.append(tx, new MessageEvent.Update(f, Hints.NONE.withPerUser(perUser.isEmpty() ? null : perUser)), Recipients.channelMessage(audience, pub));
        return detached;
    }

    private void applyContent(Tx tx, User editor, Message m, ContentEdit e, long now, ArrayNode detached, boolean history) {
        Handle h = tx.h();
        if (history) store.insertEdit(h, new MessageStore.Edit(0, m.id(), editor.id(), now, m.content(), m.renderedContent(), null, null, null, null));
        Rendered r = e.rendered();
        UploadActions.Relinked links = uploads.doRelink(tx, m, r.uploadPathIds(), editor.id());
        store.updateContent(h, m.id(), e.content(), r.html(), r.hasLink(), links.hasUploads() || r.hasAttachment(), r.hasImage(), now);
        store.index(h, m.id(), m.topic(), e.content());
        detached.addAll(links.detached());
        // Mentions and alert words follow the new content on every row: an idle subscriber's owed row first.
        if (m.isChannel()) idle.settleMessages(tx, m.channelId(), List.of(m.id()));
        Set<Long> newlyMentioned = recomputeMentionFlags(h, m, e.content(), r);
        if (m.isChannel() && !newlyMentioned.isEmpty()) changes.mentionedByEdit(tx, m.id(), newlyMentioned);
    }

    /**
     * Mention and alert-word flags follow the new content, as when it was sent: direct and group
     * mentions, channel and topic wildcards (topic: its participants), alert words; never the sender's.
     * Returns the users mentioned now who were not before (Zulip's prior_mention_user_ids: any mention).
     */
    private Set<Long> recomputeMentionFlags(Handle h, Message m, String content, Rendered r) {
        List<Long> recipients = store.recipientsOf(h, m.id());
        Set<Long> groupMentioned = MessageRules.groupMembers(deps.groups(), h, r);
        List<Long> participants = r.topicWildcard() && m.isChannel() ? store.topicParticipants(h, m.channelId(), m.topic()) : null;
        Map<Long, List<String>> words = alertWords.of(h, recipients);
        long mask = Flags.ANY_MENTION | Flags.HAS_ALERT_WORD;
        Map<Long, Long> bits = new HashMap<>();
        for (long u : recipients) bits.put(u, Flags.mentionBits(u, m.senderId(), r, groupMentioned, participants, content, words.get(u)));
        Map<Long, Long> before = store.flagsByUser(h, m.id());
        store.replaceFlagBits(h, m.id(), mask, bits);
        Set<Long> newly = new HashSet<>();
        bits.forEach((u, f) -> {
            if ((f & Flags.ANY_MENTION) != 0 && (before.getOrDefault(u, 0L) & Flags.ANY_MENTION) == 0) newly.add(u);
        });
        return newly;
    }

    /** edit: target's content change in the same request (null: none); target's entry then records both. */
    private void applyMove(Tx tx, User editor, Move mv, long targetId, ContentEdit edit, long now) {
        Handle h = tx.h();
        long recipient = store.channelRecipient(h, mv.to().id());
        List<Long> ids = mv.messages().stream().map(Message::id).toList();
        for (Message m : mv.messages()) {
            boolean both = edit != null && m.id() == targetId;
            store.insertEdit(h, new MessageStore.Edit(0, m.id(), editor.id(), now, both ? m.content() : null, both ? m.renderedContent() : null,
                    m.topic().equals(mv.newTopic()) ? null : m.topic(), m.topic().equals(mv.newTopic()) ? null : mv.newTopic(),
                    mv.from().id() == mv.to().id() ? null : mv.from().id(), mv.from().id() == mv.to().id() ? null : mv.to().id()));
            store.index(h, m.id(), mv.newTopic(), both ? edit.content() : m.content());
        }
        store.move(h, ids, recipient, mv.to().id(), mv.newTopic(), now);
        for (long id : ids) {
            store.insertUserMessages(h, id, mv.gaining().stream().collect(Collectors.toMap(u -> u, u -> Flags.READ, (a, b) -> a)));
        }
        if (!mv.losing().isEmpty()) {
            store.removeRecipients(h, ids, mv.losing());
            ObjectNode d = Json.object();
            d.set("message_ids", Json.tree(ids));
            d.put("message_type", "stream");
            d.put("stream_id", mv.from().id());
            d.put("topic", mv.messages().getFirst().topic());
            log.append(tx, new MessageEvent.Delete(d), Recipients.users(mv.losing()));
        }
    }

    private void delete(Tx tx, Message m) {
        Handle h = tx.h();
        List<Long> audience = store.recipientsOf(h, m.id());
        ObjectNode d = Json.object();
        d.set("message_ids", Json.array().add(m.id()));
        d.put("message_type", m.isChannel() ? "stream" : "private");
        if (m.isChannel()) {
            d.put("stream_id", m.channelId());
            d.put("topic", m.topic());
        }
        changes.deleted(tx, List.of(m.id()));
        store.delete(h, List.of(m.id()));
        log.append(tx, new MessageEvent.Delete(d), Recipients.channelMessage(audience, false));
    }
}
