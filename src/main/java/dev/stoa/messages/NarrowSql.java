package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.channels.Channel;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;

/**
 * Compiles a narrow to SQL over messages {@code m} and the viewer's user_message row {@code um}.
 * Without a channel term the base is the viewer's user_message rows (Zulip's "all messages");
 * with one, the channel's whole history when the viewer may read it. Every term only removes rows.
 */
final class NarrowSql {
    final StringBuilder from = new StringBuilder();
    final List<String> where = new ArrayList<>();
    final Map<String, Object> binds = new HashMap<>();
    final List<String> searchTerms = new ArrayList<>();
    private final Handle h;
    private final Access.View view;
    private final UserStore users;
    private final MessageStore store;
    private int n;

    NarrowSql(Handle h, Access.View view, UserStore users, MessageStore store, Narrow narrow) {
        this.h = h;
        this.view = view;
        this.users = users;
        this.store = store;
        long me = view.user().id();
        binds.put("me", me);
        Narrow.Term ch = narrow.first("channel");
        boolean publicChannels = narrow.terms().stream().anyMatch(t -> t.operator().equals("channels") && !t.negated());
        boolean history = publicChannels || (ch != null && channelOf(ch) != null && view.canReadHistory(channelOf(ch).id()));
        if (history) {
            from.append(" FROM messages m LEFT JOIN user_message um ON um.message_id = m.id AND um.user_id = :me");
            where.add("(um.user_id IS NOT NULL OR m.channel_id IN (" + ids(view.channels().history()) + "))");
        } else {
            from.append(" FROM user_message um JOIN messages m ON m.id = um.message_id");
            where.add("um.user_id = :me");
        }
        for (Narrow.Term t : narrow.terms()) {
            String c = condition(t);
            if (c != null) where.add(t.negated() ? "NOT (" + c + ")" : c);
        }
    }

    String whereSql() {
        return String.join(" AND ", where);
    }

    void bind(Query q) {
        binds.forEach(q::bind);
    }

    private String param(Object v) {
        String p = "p" + (n++);
        binds.put(p, v);
        return ":" + p;
    }

    private static String ids(Set<Long> ids) {
        if (ids.isEmpty()) return "-1";
        StringBuilder b = new StringBuilder();
        for (long id : ids) b.append(b.isEmpty() ? "" : ",").append(id);
        return b.toString();
    }

    private Channel channelOf(Narrow.Term t) {
        JsonNode o = t.operand();
        Channel c = null;
        if (o.isIntegralNumber()) c = view.channels().channel(o.longValue());
        else if (o.isTextual()) {
            c = view.channels().channelByName(o.textValue());
            if (c == null && o.textValue().matches("\\d{1,18}")) c = view.channels().channel(Long.parseLong(o.textValue()));
        }
        if (c != null && !view.canSee(c.id()) && !view.canReadHistory(c.id())) {
            // A private channel the viewer is not in: same answer as a nonexistent one.
            if (!(c.inviteOnly() && view.user().isAdmin())) return null;
        }
        return c;
    }

    private String condition(Narrow.Term t) {
        String text = t.operand().isTextual() ? t.operand().textValue() : t.operand().toString();
        return switch (t.operator()) {
            case "channel" -> {
                Channel c = channelOf(t);
                if (c == null) throw Narrow.badNarrow("unknown channel " + text);
                yield store.existingChannelRecipient(h, c.id()).map(r -> "m.recipient_id = " + r).orElse("1 = 0");
            }
            case "channels" -> switch (text) {
                case "public" -> "m.channel_id IN (" + ids(publicChannels()) + ")";
                case "web-public" -> "m.channel_id IN (" + ids(webPublic()) + ")";
                default -> throw Narrow.badNarrow("unknown channels operand " + text);
            };
            case "topic" -> "m.channel_id IS NOT NULL AND lower(m.topic) = lower(" + param(text) + ")";
            case "sender" -> "m.sender_id = " + user(t.operand()).id();
            case "dm" -> dm(t.operand());
            case "dm-including" -> {
                User u = user(t.operand());
                yield "m.channel_id IS NULL AND EXISTS (SELECT 1 FROM user_message x WHERE x.message_id = m.id AND x.user_id = " + u.id() + ")";
            }
            case "is", "in" -> is(text.toLowerCase(Locale.ROOT));
            case "has" -> switch (text.toLowerCase(Locale.ROOT)) {
                case "link" -> "m.has_link";
                case "attachment" -> "m.has_attachment";
                case "image" -> "m.has_image";
                case "reaction" -> "EXISTS (SELECT 1 FROM reactions x WHERE x.message_id = m.id)";
                default -> throw Narrow.badNarrow("unknown 'has' operand " + text);
            };
            case "search" -> {
                String q = store.search.query(text);
                searchTerms.addAll(SearchIndex.terms(text));
                yield q == null ? null : store.search.condition(param(q).substring(1));
            }
            case "id" -> {
                long id = messageId(t.operand());
                yield "m.id = " + id;
            }
            case "near", "with" -> null;
            default -> throw Narrow.badNarrow("unknown operator " + t.operator());
        };
    }

    static long messageId(JsonNode o) {
        try {
            return o.isIntegralNumber() ? o.longValue() : Long.parseLong(o.asText().strip());
        } catch (NumberFormatException e) {
            throw Narrow.badNarrow("invalid message ID " + o.asText());
        }
    }

    private String is(String operand) {
        return switch (operand) {
            case "dm", "private" -> "um.user_id IS NOT NULL AND (um.flags & 4096) <> 0";
            case "starred" -> "um.user_id IS NOT NULL AND (um.flags & 2) <> 0";
            case "mentioned" -> "um.user_id IS NOT NULL AND (um.flags & 56) <> 0";
            case "alerted" -> "um.user_id IS NOT NULL AND (um.flags & 1024) <> 0";
            case "unread" -> "um.user_id IS NOT NULL AND (um.flags & 1) = 0";
            case "resolved" -> "m.channel_id IS NOT NULL AND m.topic LIKE " + param(MessageRules.RESOLVED_PREFIX + "%");
            case "muted" -> muted();
            case "followed" -> topicPolicy(3);
            case "home" -> "NOT (" + muted() + ")";
            case "all" -> "1 = 1";
            default -> throw Narrow.badNarrow("unknown 'is' operand " + operand);
        };
    }

    /** The viewer's topic visibility policy (extras' user_topics: 1 muted, 2 unmuted, 3 followed) equals policy. */
    private static String topicPolicy(int policy) {
        return "m.channel_id IS NOT NULL AND EXISTS (SELECT 1 FROM user_topics ut WHERE ut.user_id = :me AND ut.stream_id = m.channel_id "
                + "AND ut.topic_lower = lower(m.topic) AND ut.visibility_policy = " + policy + ")";
    }

    /** Muted: a muted topic, or a muted channel's topic that is not unmuted. */
    private String muted() {
        return "((m.channel_id IN (" + ids(mutedChannels()) + ") AND NOT (" + topicPolicy(2) + ")) OR (" + topicPolicy(1) + "))";
    }

    private Set<Long> publicChannels() {
        Set<Long> out = new TreeSet<>();
        for (Channel c : view.channels().channels().values()) if (!c.inviteOnly() && !view.user().isGuest()) out.add(c.id());
        for (Channel c : view.channels().channels().values()) if (!c.inviteOnly() && view.user().isGuest() && view.channels().subscribed(c.id())) out.add(c.id());
        return out;
    }

    private Set<Long> webPublic() {
        Set<Long> out = new TreeSet<>();
        for (Channel c : view.channels().channels().values()) if (c.isWebPublic()) out.add(c.id());
        return out;
    }

    private Set<Long> mutedChannels() {
        Set<Long> out = new TreeSet<>();
        view.channels().subs().values().forEach(s -> {
            if (s.active() && s.isMuted()) out.add(s.channelId());
        });
        return out;
    }

    private User user(JsonNode o) {
        User u = null;
        if (o.isIntegralNumber()) u = users.byId(h, o.longValue()).orElse(null);
        else if (o.isTextual()) {
            String s = o.textValue().strip();
            u = s.matches("\\d{1,18}") ? users.byId(h, Long.parseLong(s)).orElse(null) : MessageRules.userByEmail(h, users, s);
        }
        if (u == null) throw Narrow.badNarrow("unknown user " + o.asText());
        return u;
    }

    private String dm(JsonNode o) {
        List<Long> ids = new ArrayList<>();
        if (o.isArray()) {
            for (JsonNode e : o) ids.add(user(e).id());
        } else if (o.isIntegralNumber()) {
            ids.add(user(o).id());
        } else {
            for (String part : o.asText().split(",")) {
                if (!part.isBlank()) ids.add(user(com.fasterxml.jackson.databind.node.TextNode.valueOf(part.strip())).id());
            }
        }
        if (ids.isEmpty()) throw Narrow.badNarrow("invalid dm operand");
        ids.add(view.user().id());
        String key = Message.dmKey(ids);
        return store.existingDmRecipient(h, key).map(r -> "m.recipient_id = " + r).orElse("1 = 0");
    }
}
