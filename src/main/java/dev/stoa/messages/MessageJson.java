package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.ChannelStore;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Message dictionaries as Zulip sends them (GET /messages and message events), built for a list
 * of messages with one query per kind of related row (users, channel names, reactions).
 */
public final class MessageJson {
    private final UserStore users;
    private final UserJson userJson;
    private final ChannelStore channels;
    private final MessageStore store;
    /** Widget submessages: a page's are read with it; a send writes a /poll or /todo message's widget through it. */
    final SubmessageStore submessages;

    private final RealmHolder realm;

    public MessageJson(UserStore users, UserJson userJson, ChannelStore channels, MessageStore store, RealmHolder realm) {
        this.realm = realm;
        this.users = users;
        this.userJson = userJson;
        this.channels = channels;
        this.store = store;
        this.submessages = new SubmessageStore(store);
    }

    UserJson userJson() { return userJson; }

    /** A message's submessages as Zulip's messages carry them in `submessages`, oldest first. */
    static ArrayNode submessages(List<SubmessageStore.Submessage> subs) {
        ArrayNode out = Json.array();
        for (var s : subs) {
            out.add(Json.object().put("id", s.id()).put("message_id", s.messageId()).put("sender_id", s.senderId())
                    .put("msg_type", s.msgType()).put("content", s.content()));
        }
        return out;
    }

    /** The dicts, in the order given; content is HTML when applyMarkdown, the raw Markdown otherwise. */
    public List<ObjectNode> build(Handle h, Collection<Message> messages, User viewer, boolean applyMarkdown, boolean clientGravatar) {
        Set<Long> userIds = new HashSet<>();
        Set<Long> channelIds = new HashSet<>();
        for (Message m : messages) {
            userIds.add(m.senderId());
            userIds.addAll(m.dmUserIds());
            if (m.isChannel()) channelIds.add(m.channelId());
        }
        Map<Long, User> byId = new HashMap<>();
        for (User u : users.byIds(h, userIds)) byId.put(u.id(), u);
        Map<Long, String> chans = channels.namesByIds(h, channelIds);
        Map<Long, List<MessageStore.Reaction>> reactions = store.reactions(h, messages.stream().map(Message::id).toList());
        // a sender's email and avatar URL (an MD5 for a Gravatar) once per sender, not once per message
        Map<Long, SenderParts> senders = new HashMap<>();
        Map<Long, List<SubmessageStore.Submessage>> subs = submessages.of(h, messages.stream().map(Message::id).toList());
        Map<Long, List<MessageStore.Edit>> edits = store.edits(h,
                messages.stream().filter(m -> m.lastEditTime() != null || m.lastMovedTime() != null).map(Message::id).toList());
        String policy = EditHistory.policy(realm.get());
        return messages.stream().map(m -> {
            ObjectNode o = one(m, senders.computeIfAbsent(m.senderId(), id -> senderParts(byId.get(id), viewer, clientGravatar)),
                    byId, chans, reactions.getOrDefault(m.id(), List.of()), applyMarkdown);
            if (subs.containsKey(m.id())) o.set("submessages", submessages(subs.get(m.id())));
            ArrayNode history = EditHistory.of(edits.get(m.id()), policy);
            if (history != null) o.set("edit_history", history);
            return o;
        }).toList();
    }

    ObjectNode one(Message m, User viewer, Map<Long, User> byId, Map<Long, String> chans, List<MessageStore.Reaction> reactions,
                   boolean applyMarkdown, boolean clientGravatar) {
        return one(m, senderParts(byId.get(m.senderId()), viewer, clientGravatar), byId, chans, reactions, applyMarkdown);
    }

    /** The parts of a message dict that depend on its sender and the viewer only. */
    private record SenderParts(String fullName, String email, String avatarUrl) {}

    private SenderParts senderParts(User sender, User viewer, boolean clientGravatar) {
        String avatar = userJson.avatarUrl(sender, clientGravatar && viewer != null && UserJson.canSeeEmail(viewer, sender));
        return new SenderParts(sender.fullName(), userJson.apiEmail(sender), avatar);
    }

    private ObjectNode one(Message m, SenderParts sender, Map<Long, User> byId, Map<Long, String> chans, List<MessageStore.Reaction> reactions,
                           boolean applyMarkdown) {
        ObjectNode o = Json.object();
        o.put("id", m.id());
        o.put("sender_id", m.senderId());
        o.put("content", applyMarkdown ? m.renderedContent() : m.content());
        o.put("recipient_id", m.recipientId());
        o.put("timestamp", m.dateSent());
        o.put("client", m.client());
        o.put("subject", m.isChannel() ? m.topic() : "");
        o.set("topic_links", Json.array());
        o.put("is_me_message", m.content().startsWith("/me ") && !m.content().contains("\n"));
        o.set("reactions", reactionsJson(reactions, byId));
        o.set("submessages", Json.array());
        if (m.lastEditTime() != null) o.put("last_edit_timestamp", m.lastEditTime());
        if (m.lastMovedTime() != null) o.put("last_moved_timestamp", m.lastMovedTime());
        o.put("sender_full_name", sender.fullName());
        o.put("sender_email", sender.email());
        o.put("sender_realm_str", "stoa");
        if (m.isChannel()) {
            o.put("display_recipient", chans.getOrDefault(m.channelId(), ""));
            o.put("type", "stream");
            o.put("stream_id", m.channelId());
        } else {
            ArrayNode dr = Json.array();
            for (long id : m.dmUserIds()) {
                User u = byId.get(id);
                if (u == null) continue;
                dr.addObject().put("id", u.id()).put("email", userJson.apiEmail(u)).put("full_name", u.fullName()).put("is_mirror_dummy", false);
            }
            o.set("display_recipient", dr);
            o.put("type", "private");
        }
        if (sender.avatarUrl() == null) o.putNull("avatar_url"); else o.put("avatar_url", sender.avatarUrl());
        o.put("content_type", applyMarkdown ? "text/html" : "text/x-markdown");
        return o;
    }

    ArrayNode reactionsJson(List<MessageStore.Reaction> reactions, Map<Long, User> byId) {
        ArrayNode a = Json.array();
        for (MessageStore.Reaction r : reactions) {
            ObjectNode x = a.addObject();
            x.put("emoji_name", r.emojiName()).put("emoji_code", r.emojiCode()).put("reaction_type", r.reactionType()).put("user_id", r.userId());
        }
        return a;
    }
}
