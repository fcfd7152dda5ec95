package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.realm.RealmHolder;
import dev.stoa.identity.User;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** Flags (by ids, by narrow, mark-as-read shortcuts), typing and message reports. */
public final class MessageMiscViews {
    static final Map<String, String> REPORT_TYPES = new java.util.LinkedHashMap<>(Map.of(
            "spam", "Spam", "harassment", "Harassment", "inappropriate", "Inappropriate content",
            "norms", "Violates community norms", "other", "Other reason"));

    private final Db db;
    private final MessageStore store;
    private final UserStore users;
    private final UserJson userJson;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final RealmHolder realm;
    private final Access access;
    private final MessageFlagActions actions;
    private final NotificationBot notificationBot;
    private final MessageFetch fetch;

    public MessageMiscViews(Db db, MessageStore store, UserStore users, UserJson userJson, ChannelStore channels, SubscriptionStore subs,
                            RealmHolder realm, Access access, MessageFlagActions actions, NotificationBot notificationBot,
                            MessageJson json) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.userJson = userJson;
        this.channels = channels;
        this.subs = subs;
        this.realm = realm;
        this.access = access;
        this.actions = actions;
        this.notificationBot = notificationBot;
        this.fetch = new MessageFetch(store, users, access, json);
    }

    private static String checkFlag(String flag) {
        if (Flags.bit(flag) == null && !flag.equals("wildcard_mentioned")) throw ApiError.bad("Invalid flag: '" + flag + "'");
        if (!Flags.EDITABLE.contains(flag)) throw ApiError.bad("Flag not editable: '" + flag + "'");
        return flag;
    }

    private static boolean checkOp(String op) {
        return switch (op) {
            case "add" -> true;
            case "remove" -> false;
            default -> throw ApiError.bad("Invalid message flag operation: '" + op + "'");
        };
    }

    public Object flags(Request req) {
        User me = req.user();
        List<Long> ids = req.longList("messages");
        if (ids == null) throw ApiError.missing("messages");
        boolean add = checkOp(req.str("op"));
        String flag = checkFlag(req.str("flag"));
        List<Message> historical = new ArrayList<>();
        db.read(h -> {
            Access.View v = access.view(h, me);
            Map<Long, Long> rows = store.flags(h, me.id(), ids);
            List<Message> msgs = store.byIds(h, new LinkedHashSet<>(ids));
            if (msgs.size() != new LinkedHashSet<>(ids).size()) throw ApiError.bad("Invalid message(s)");
            for (Message m : msgs) {
                if (!Access.canRead(v, m, rows.get(m.id()))) throw ApiError.bad("Invalid message(s)");
                if (rows.get(m.id()) == null && flag.equals("starred") && add) historical.add(m);
            }
            return null;
        });
        List<Long> changed = actions.doFlags(me, flag, add, ids, historical);
        ObjectNode out = Json.success();
        out.set("messages", Json.tree(changed));
        return out;
    }

    public Object flagsNarrow(Request req) {
        User me = req.user();
        String anchor = req.str("anchor");
        int before = req.integer("num_before", 0);
        int after = req.integer("num_after", 0);
        if (before < 0 || after < 0) throw ApiError.bad("Invalid num_before");
        if (before + after > MessageRules.MAX_FETCH) throw ApiError.bad("Too many messages requested (maximum 5000).");
        boolean include = req.bool("include_anchor", true);
        Narrow narrow = Narrow.parse(req.json("narrow"));
        boolean add = checkOp(req.str("op"));
        String flag = checkFlag(req.str("flag"));
        ObjectNode r = db.read(h -> fetch.fetch(h, me, narrow, new MessageFetch.Params(anchor, before, after, include, false, false)));
        List<Long> ids = new ArrayList<>();
        r.get("messages").forEach(m -> ids.add(m.get("id").asLong()));
        List<Long> changed = ids.isEmpty() ? List.of() : actions.doFlags(me, flag, add, ids, List.of());
        ObjectNode out = Json.success();
        out.put("processed_count", ids.size());
        out.put("updated_count", changed.size());
        if (ids.isEmpty()) {
            out.putNull("first_processed_id");
            out.putNull("last_processed_id");
        } else {
            out.put("first_processed_id", ids.getFirst());
            out.put("last_processed_id", ids.getLast());
        }
        out.put("found_oldest", r.get("found_oldest").asBoolean());
        out.put("found_newest", r.get("found_newest").asBoolean());
        return out;
    }

    private Object markUnread(User me, String where, Object... binds) {
        List<Long> ids = db.read(h -> {
            var q = h.createQuery("SELECT um.message_id FROM user_message um JOIN messages m ON m.id = um.message_id "
                    + "WHERE um.user_id = ? AND (um.flags & 1) = 0" + where + " ORDER BY um.message_id").bind(0, me.id());
            for (int i = 0; i < binds.length; i++) q.bind(i + 1, binds[i]);
            return q.mapTo(Long.class).list();
        });
        if (!ids.isEmpty()) actions.doFlags(me, "read", true, ids, List.of());
        return Json.success();
    }

    public Object markAll(Request req) {
        User me = req.user();
        markUnread(me, "");
        return Json.success().put("complete", true);
    }

    public Object markStream(Request req) {
        User me = req.user();
        long channelId = req.lng("stream_id");
        db.read(h -> {
            if (!access.view(h, me).canSee(channelId)) throw ApiError.bad("Invalid channel ID");
            return null;
        });
        return markUnread(me, " AND m.channel_id = ?", channelId);
    }

    public Object markTopic(Request req) {
        User me = req.user();
        long channelId = req.lng("stream_id");
        String topic = req.str("topic_name");
        db.read(h -> {
            if (!access.view(h, me).canSee(channelId)) throw ApiError.bad("Invalid channel ID");
            return null;
        });
        return markUnread(me, " AND m.channel_id = ? AND lower(m.topic) = lower(?)", channelId, topic);
    }

    public Object typing(Request req) {
        User me = req.user();
        String op = req.str("op");
        if (!op.equals("start") && !op.equals("stop")) throw ApiError.bad("Invalid op");
        String type = req.str("type", "direct");
        ObjectNode f = Json.object();
        f.set("sender", Json.object().put("user_id", me.id()).put("email", userJson.apiEmail(me)));
        List<Long> recipients = new ArrayList<>();
        switch (type) {
            case "direct", "private" -> {
                List<Long> to = req.longList("to");
                if (to == null) throw ApiError.missing("to");
                if (to.isEmpty()) throw ApiError.bad("Empty 'to' list");
                f.put("message_type", "direct");
                ArrayNode rec = f.putArray("recipients");
                db.read(h -> {
                    Set<Long> all = new LinkedHashSet<>(to);
                    all.add(me.id());
                    for (long u : all) {
                        User x = users.byId(h, u).orElseThrow(() -> ApiError.bad("Invalid user ID " + u));
                        rec.addObject().put("user_id", x.id()).put("email", userJson.apiEmail(x));
                        recipients.add(x.id());
                    }
                    return null;
                });
            }
            case "stream", "channel" -> {
                long channelId = req.optLong("stream_id").orElseThrow(() -> ApiError.missing("stream_id"));
                String topic = req.raw("topic");
                if (topic == null) throw ApiError.missing("topic");
                f.put("message_type", "stream");
                f.put("stream_id", channelId);
                f.put("topic", topic);
                db.read(h -> {
                    if (!access.view(h, me).canSee(channelId)) throw ApiError.bad("Invalid channel ID");
                    recipients.addAll(subs.subscribers(h, channelId));
                    return null;
                });
            }
            default -> throw ApiError.bad("Invalid type");
        }
        actions.doTyping(op, f, recipients);
        return Json.success();
    }

    public Object report(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        String type = req.str("report_type");
        String description = req.str("description", "");
        if (!REPORT_TYPES.containsKey(type)) throw ApiError.bad("Invalid report_type");
        if (description.indexOf('\0') >= 0) throw ApiError.bad("description contains NULL (0x00) characters.");
        if (type.equals("other") && description.isBlank()) throw ApiError.bad("An explanation is required.");
        if (MessageRules.codePoints(description) > 1000) throw ApiError.bad("description is too long (limit: 1000 characters)");
        JsonNode chId = realm.get().get("moderation_request_channel_id");
        if (chId == null || !chId.isNumber() || chId.asLong() < 0) {
            throw ApiError.bad("Moderation request channel must be specified to enable message reporting.");
        }
        record Prep(Channel c, Message m, User sender) {}
        Prep p = db.read(h -> {
            Message m = MessageRules.readable(h, store, access, me, id);
            Channel c = channels.byId(h, chId.asLong()).orElseThrow(
                    () -> ApiError.bad("Moderation request channel must be specified to enable message reporting."));
            return new Prep(c, m, users.byId(h, m.senderId()).orElseThrow());
        });
        String content = "@_**" + me.fullName() + "|" + me.id() + "** reported " + (p.m().isChannel() ? "a message" : "a DM")
                + " sent by @_**" + p.sender().fullName() + "|" + p.sender().id() + "**.\n- Reason: **" + REPORT_TYPES.get(type) + "**\n"
                + (description.isBlank() ? "" : "- Notes:\n```quote\n" + description + "\n```\n")
                + "```spoiler **Message sent by @_**" + p.sender().fullName() + "|" + p.sender().id() + "**" + "**\n"
                + p.m().content() + "\n```";
        notificationBot.post(p.c(), p.sender().fullName() + " reports", content);
        return Json.success();
    }
}
