package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.Realm;
import dev.stoa.users.UserStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** GET /messages: anchor arithmetic as Zulip does it, over the compiled narrow. */
final class MessageFetch {
    private final MessageStore store;
    private final UserStore users;
    private final Access access;
    private final MessageJson json;

    MessageFetch(MessageStore store, UserStore users, Access access, MessageJson json) {
        this.store = store;
        this.users = users;
        this.access = access;
        this.json = json;
    }

    /**
     * How long a narrow's statements may run (issue 30): a client chooses what a narrow costs, so a
     * statement timeout on both databases bounds what one request can take from everyone else.
     */
    static final Duration STATEMENT_LIMIT = Duration.ofSeconds(5);

    /** A read snapshot for a narrow: bounded by STATEMENT_LIMIT, refused in Zulip's error shape past it. */
    static <T> T bounded(Db db, Db.ReadFn<T> fn) {
        try {
            return db.readBounded(STATEMENT_LIMIT, fn);
        } catch (Db.TooSlow e) {
            throw MessageErrors.searchTookTooLong();
        }
    }

    record Params(String anchor, int numBefore, int numAfter, boolean includeAnchor, boolean applyMarkdown, boolean clientGravatar) {}

    ObjectNode fetch(Handle h, User me, Narrow narrow, Params p) {
        Access.View view = access.view(h, me);
        narrow = MessageRules.resolveWith(h, store, view, narrow);
        NarrowSql sql = new NarrowSql(h, view, users, store, narrow);
        long anchor;
        String a = p.anchor();
        Narrow.Near near = narrow.first(Narrow.Near.class);
        if (near != null && a == null) a = near.anchor();
        if (a == null || a.equals("first_unread")) {
            anchor = firstUnread(h, sql);
        } else if (a.equals("newest")) {
            anchor = MessageRules.LARGER_THAN_MAX_MESSAGE_ID;
        } else if (a.equals("oldest")) {
            anchor = 0;
        } else {
            try {
                anchor = Long.parseLong(a.strip());
            } catch (NumberFormatException e) {
                throw MessageErrors.invalidAnchor();
            }
            if (anchor < 0) anchor = 0;
            if (anchor > MessageRules.LARGER_THAN_MAX_MESSAGE_ID) anchor = MessageRules.LARGER_THAN_MAX_MESSAGE_ID;
        }
        boolean toLeft = anchor == 0;
        boolean toRight = anchor >= MessageRules.LARGER_THAN_MAX_MESSAGE_ID;
        List<Long> before = p.numBefore() > 0 && !toLeft ? ids(h, sql, sql.idColumn + " < " + anchor, "DESC", p.numBefore()) : List.of();
        List<Long> at = p.includeAnchor() && !toLeft && !toRight ? ids(h, sql, sql.idColumn + " = " + anchor, "ASC", 1) : List.of();
        List<Long> after = p.numAfter() > 0 && !toRight ? ids(h, sql, sql.idColumn + " > " + anchor, "ASC", p.numAfter()) : List.of();
        List<Long> all = new ArrayList<>(before);
        Collections.reverse(all);
        all.addAll(at);
        all.addAll(after);
        ObjectNode out = Json.success();
        out.set("messages", render(h, me, view, all, sql.searchTerms, p.applyMarkdown(), p.clientGravatar()));
        out.put("found_anchor", !at.isEmpty());
        out.put("found_oldest", toLeft || before.size() < p.numBefore());
        out.put("found_newest", toRight || after.size() < p.numAfter());
        out.put("history_limited", false);
        out.put("anchor", anchor);
        return out;
    }

    private List<Long> ids(Handle h, NarrowSql sql, String cond, String order, int limit) {
        return store.narrowIds(h, sql, cond, order, limit);
    }

    private long firstUnread(Handle h, NarrowSql sql) {
        return store.firstUnread(h, sql).orElse(MessageRules.LARGER_THAN_MAX_MESSAGE_ID);
    }

    /**
     * For clients that did not send allow_empty_topic_name: a channel message in the empty topic
     * carries realm_empty_topic_display_name as its subject, as in events without the
     * empty_topic_name capability. A direct message's "" (no topic at all) stays.
     */
    static void showEmptyTopic(ObjectNode message) {
        if ("stream".equals(message.path("type").asText()) && message.path("subject").asText().isEmpty()) {
            message.put("subject", Realm.EMPTY_TOPIC_DISPLAY_NAME);
        }
    }

    /** Message dicts with the viewer's flags (historical when no row), plus highlights for searches. */
    ArrayNode render(Handle h, User me, Access.View view, List<Long> ids, List<String> searchTerms, boolean markdown, boolean gravatar) {
        List<Message> msgs = store.byIds(h, ids);
        Map<Long, Long> flags = store.flags(h, me.id(), ids);
        ArrayNode a = Json.array();
        Map<Long, ObjectNode> byId = new HashMap<>();
        List<Message> readable = new ArrayList<>();
        for (Message m : msgs) if (Access.canRead(view, m, flags.get(m.id()))) readable.add(m);
        List<ObjectNode> dicts = json.build(h, readable, me, markdown, gravatar);
        for (int i = 0; i < readable.size(); i++) byId.put(readable.get(i).id(), dicts.get(i));
        for (Message m : readable) {
            ObjectNode d = byId.get(m.id());
            Long f = flags.get(m.id());
            ArrayNode fl = d.putArray("flags");
            Flags.names(f == null ? Flags.READ | Flags.HISTORICAL : f).forEach(fl::add);
            if (!searchTerms.isEmpty()) {
                d.put("match_content", Highlight.html(m.renderedContent(), searchTerms));
                d.put("match_subject", Highlight.text(m.isChannel() ? m.topic() : "", searchTerms));
            }
            a.add(d);
        }
        return a;
    }
}
