package dev.stoa.messages;

import dev.stoa.render.MessageRenderer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.groups.GroupResolver;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.markdown.Rendered;
import dev.stoa.realm.Realm;
import dev.stoa.realm.RealmHolder;
import dev.stoa.identity.User;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** POST /messages, GET /messages, GET /messages/{id}, GET /messages/matches_narrow. */
public final class MessageViews {
    /** Zulip's threshold above which wildcard mentions need can_mention_many_users_group. */
    static final int WILDCARD_MENTION_THRESHOLD = 15;

    private final Db db;
    private final MessageStore store;
    private final UserStore users;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final GroupStore groups;
    private final GroupResolver resolver;
    private final RealmHolder realm;
    private final Access access;
    private final MessageRenderer renderer;
    private final MessageActions actions;
    private final MessageFetch fetch;
    private final UserAccess userAccess;

    public MessageViews(Db db, MessageStore store, UserStore users, ChannelStore channels, SubscriptionStore subs, GroupStore groups,
                        GroupResolver resolver, RealmHolder realm, Access access, UserAccess userAccess, MessageRenderer renderer,
                        MessageActions actions, MessageJson json) {
        this.userAccess = userAccess;
        this.db = db;
        this.store = store;
        this.users = users;
        this.channels = channels;
        this.subs = subs;
        this.groups = groups;
        this.resolver = resolver;
        this.realm = realm;
        this.access = access;
        this.renderer = renderer;
        this.actions = actions;
        this.fetch = new MessageFetch(store, users, access, json);
    }

    // ---- sending ----

    public Object send(Request req) {
        User me = req.user();
        String type = req.str("type");
        String to = req.str("to");
        String content = MessageRules.normalizeContent(req.str("content"));
        String queueId = req.raw("queue_id");
        String localId = req.raw("local_id");
        boolean readBySender = req.bool("read_by_sender", true);
        Realm rs = realm.get();
        String topicRaw = req.raw("topic");
        long id = switch (type) {
            case "direct", "private" -> sendDm(me, to, content, readBySender, req.clientName(), queueId, localId);
            case "stream", "channel" -> sendChannel(me, to, topicRaw, content, readBySender, req.clientName(), queueId, localId, rs);
            default -> throw ApiError.bad("Invalid message type");
        };
        return Json.success().put("id", id);
    }

    private long sendDm(User me, String to, String content, boolean readBySender, String client, String queueId, String localId) {
        Rendered[] r = new Rendered[1];
        Set<Long> participants = db.read(h -> {
            Set<Long> ids = new LinkedHashSet<>();
            List<User> recipients = dmRecipients(h, to);
            for (User u : recipients) {
                if (!u.isActive() && !u.isBot()) throw ApiError.bad("'" + u.deliveryEmail() + "' is no longer using Zulip.");
                ids.add(u.id());
            }
            if (!recipients.stream().allMatch(userAccess.visibleTo(h, me))) {
                throw ApiError.bad("You do not have permission to access some of the recipients.");
            }
            ids.add(me.id());
            checkDmPermission(h, me, ids);
            r[0] = renderer.render(h, me, content);
            return ids;
        });
        return actions.doSend(me, new MessageActions.Target(null, "", participants), content, r[0], client, readBySender,
                List.of(), List.of(), groupMembers(r[0]), new MessageActions.Echo(queueId, localId));
    }

    private void checkDmPermission(Handle h, User me, Set<Long> participants) {
        Realm rs = realm.get();
        boolean onlyBotsOrSelf = true;
        for (User u : users.byIds(h, participants)) if (u.id() != me.id() && !u.isBot()) onlyBotsOrSelf = false;
        if (onlyBotsOrSelf) return;
        if (!resolver.isMember(h, me.id(), rs.get("direct_message_permission_group"))) {
            throw ApiError.bad("You do not have permission to send direct messages to this recipient.");
        }
    }

    private List<User> dmRecipients(Handle h, String to) {
        JsonNode n = Json.parseOrNull(to);
        List<User> out = new ArrayList<>();
        if (n != null && n.isArray()) {
            // Each distinct recipient is looked up once: a list repeating one id (issue 16: 300,000
            // copies) costs its parsing, not 300,000 lookups.
            Set<Object> distinct = new LinkedHashSet<>();
            for (JsonNode e : n) {
                if (e.isIntegralNumber()) distinct.add(e.longValue());
                else if (e.isTextual()) distinct.add(e.textValue());
                else throw ApiError.bad("Invalid data type for recipients");
            }
            for (Object r : distinct) out.add(r instanceof Long id ? userById(h, id) : userByEmail(h, (String) r));
        } else if (n != null && n.isIntegralNumber()) {
            out.add(userById(h, n.longValue()));
        } else {
            for (String part : to.split(",")) if (!part.isBlank()) out.add(userByEmail(h, part.strip()));
        }
        if (out.isEmpty()) throw ApiError.bad("Message must have recipients");
        return out;
    }

    private User userById(Handle h, long id) {
        return users.byId(h, id).orElseThrow(() -> ApiError.bad("Invalid user ID " + id));
    }

    private User userByEmail(Handle h, String email) {
        User u = MessageRules.userByEmail(h, users, email);
        if (u == null) throw ApiError.bad("Invalid email '" + email + "'");
        return u;
    }

    private long sendChannel(User me, String to, String topicRaw, String content, boolean readBySender, String client, String queueId, String localId, Realm rs) {
        record Prep(Channel c, String topic, Rendered r, List<Long> subscribers, List<Long> participants, Set<Long> groupMentioned) {}
        Prep p = db.read(h -> {
            Channel c = channelFor(h, to);
            Access.View view = access.view(h, me);
            if (!view.canSee(c.id()) && !(c.inviteOnly() && me.isBot() && me.botOwnerId() != null && subs.isSubscribed(h, me.botOwnerId(), c.id()))) {
                throw ApiError.bad("Not authorized to send to channel '" + c.name() + "'");
            }
            if (c.isArchived()) throw ApiError.bad("Not authorized to send to channel '" + c.name() + "'");
            JsonNode sendGroup = c.setting("can_send_message_group");
            if (sendGroup != null && !resolver.isMember(h, me.id(), sendGroup) && !(me.isBot() && me.botOwnerId() != null
                    && resolver.isMember(h, me.botOwnerId(), sendGroup))) {
                throw ApiError.bad("You do not have permission to post in this channel.");
            }
            String topic = MessageRules.checkTopic(h, resolver, topicRaw, c, rs, me);
            Rendered r = renderer.render(h, me, content);
            List<Long> subscribers = subs.subscribers(h, c.id());
            List<Long> participants = r.topicWildcard() ? store.topicParticipants(h, c.id(), topic) : List.of();
            if (r.streamWildcard() && subscribers.size() > WILDCARD_MENTION_THRESHOLD
                    && !resolver.isMember(h, me.id(), rs.get("can_mention_many_users_group"))) {
                throw ApiError.of(ErrorCode.STREAM_WILDCARD_MENTION_NOT_ALLOWED, "You do not have permission to use channel wildcard mentions in this channel.");
            }
            if (r.topicWildcard() && participants.size() > WILDCARD_MENTION_THRESHOLD
                    && !resolver.isMember(h, me.id(), rs.get("can_mention_many_users_group"))) {
                throw ApiError.of(ErrorCode.TOPIC_WILDCARD_MENTION_NOT_ALLOWED, "You do not have permission to use topic wildcard mentions in this topic.");
            }
            return new Prep(c, topic, r, subscribers, participants, MessageRules.groupMembers(groups, h, r));
        });
        return actions.doSend(me, new MessageActions.Target(p.c(), p.topic(), null), content, p.r(), client, readBySender,
                p.subscribers(), p.participants(), p.groupMentioned(), new MessageActions.Echo(queueId, localId));
    }

    private Set<Long> groupMembers(Rendered r) {
        if (r.mentionedGroupIds().isEmpty()) return Set.of();
        return db.read(h -> MessageRules.groupMembers(groups, h, r));
    }

    Channel channelFor(Handle h, String to) {
        JsonNode n = Json.parseOrNull(to);
        if (n != null && n.isArray() && n.size() == 1) n = n.get(0);
        if (n != null && n.isIntegralNumber()) {
            long id = n.longValue();
            return channels.byId(h, id).orElseThrow(() -> ApiError.of(ErrorCode.STREAM_DOES_NOT_EXIST, "Channel with ID '" + id + "' does not exist").with("stream_id", id));
        }
        String name = n != null && n.isTextual() ? n.textValue() : to;
        return channels.byName(h, name.strip()).orElseThrow(() -> ApiError.of(ErrorCode.STREAM_DOES_NOT_EXIST, "Channel '" + name.strip() + "' does not exist").with("stream", name.strip()));
    }


    // ---- fetching ----

    public Object list(Request req) {
        User me = req.user();
        Narrow narrow = Narrow.parse(req.json("narrow"));
        String anchor = req.raw("anchor");
        if (anchor == null && req.optBool("use_first_unread_anchor").orElse(false)) anchor = "first_unread";
        int before = req.integer("num_before", 0);
        int after = req.integer("num_after", 0);
        if (before < 0) throw ApiError.bad("Invalid num_before");
        if (after < 0) throw ApiError.bad("Invalid num_after");
        if (before + after > MessageRules.MAX_FETCH) throw ApiError.bad("Too many messages requested (maximum 5000).");
        var p = new MessageFetch.Params(anchor, before, after, req.bool("include_anchor", true),
                req.bool("apply_markdown", true), req.bool("client_gravatar", true));
        req.raw("client_gravatar");
        return db.read(h -> fetch.fetch(h, me, narrow, p));
    }

    public Object one(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        boolean markdown = req.bool("apply_markdown", true);
        return db.read(h -> {
            Access.View view = access.view(h, me);
            Message m = store.byId(h, id).orElse(null);
            Long flags = m == null ? null : store.flagsOf(h, me.id(), id).orElse(null);
            if (m == null || !Access.canRead(view, m, flags)) throw ApiError.bad("Invalid message(s)");
            ObjectNode d = fetch.render(h, me, view, List.of(id), List.of(), markdown, false).get(0).deepCopy();
            ObjectNode out = Json.success();
            out.put("raw_content", m.content());
            out.set("message", d);
            return out;
        });
    }

    public Object matchesNarrow(Request req) {
        User me = req.user();
        List<Long> ids = req.longList("msg_ids");
        if (ids == null) throw ApiError.missing("msg_ids");
        JsonNode narrowJson = req.json("narrow");
        if (narrowJson == null) throw ApiError.missing("narrow");
        Narrow narrow = Narrow.parse(narrowJson);
        return db.read(h -> {
            Access.View view = access.view(h, me);
            NarrowSql sql = new NarrowSql(h, view, users, store, MessageRules.resolveWith(h, store, view, narrow));
            ObjectNode out = Json.success();
            ObjectNode msgs = out.putObject("messages");
            if (ids.isEmpty()) return out;
            var q = h.createQuery("SELECT m.id" + sql.from + " WHERE " + sql.whereSql() + " AND m.id IN (<ids>)").bindList("ids", ids);
            sql.bind(q);
            List<Long> found = q.mapTo(Long.class).list();
            for (Message m : store.byIds(h, found)) {
                if (!Access.canRead(view, m, store.flagsOf(h, me.id(), m.id()).orElse(null))) continue;
                ObjectNode x = msgs.putObject(String.valueOf(m.id()));
                x.put("match_content", sql.searchTerms.isEmpty() ? m.renderedContent() : Highlight.html(m.renderedContent(), sql.searchTerms));
                x.put("match_subject", Highlight.text(m.isChannel() ? m.topic() : "", sql.searchTerms));
            }
            return out;
        });
    }

}
