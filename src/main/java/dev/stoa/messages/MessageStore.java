package dev.stoa.messages;

import dev.stoa.db.Db;
import dev.stoa.db.Dialect;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.StatementContext;

/** SQL for messages, per-recipient rows, edit history and reactions. */
public final class MessageStore {
    static final String COLUMNS = "m.id, m.sender_id, m.recipient_id, m.channel_id, r.dm_key, m.topic, m.content, m.rendered_content, "
            + "m.date_sent, m.last_edit_time, m.last_moved_time, m.sending_client, m.has_link, m.has_attachment, m.has_image";
    static final String FROM = " FROM messages m JOIN recipients r ON r.id = m.recipient_id";

    public final SearchIndex search;

    /** How a JSON array of ids becomes rows in this dialect (one statement instead of a row per recipient). */
    private final String idsFromJson;

    private final Dialect dialect;

    public MessageStore(Dialect dialect) {
        this.dialect = dialect;
        this.search = SearchIndex.of(dialect);
        this.idsFromJson = dialect == Dialect.POSTGRES ? "SELECT CAST(value AS BIGINT) AS id FROM json_array_elements_text(CAST(:ids AS json))"
                : "SELECT value AS id FROM json_each(:ids)";
    }

    /** The dialect's subquery over a JSON array of ids bound as :ids (for the package's other stores). */
    String idsFromJson() {
        return idsFromJson;
    }

    static Message map(ResultSet rs, StatementContext ctx) throws SQLException {
        long ch = rs.getLong(4);
        Long channelId = rs.wasNull() ? null : ch;
        long e = rs.getLong(10);
        Long edit = rs.wasNull() ? null : e;
        long mv = rs.getLong(11);
        Long moved = rs.wasNull() ? null : mv;
        return new Message(rs.getLong(1), rs.getLong(2), rs.getLong(3), channelId, rs.getString(5), rs.getString(6),
                rs.getString(7), rs.getString(8), rs.getLong(9), edit, moved, rs.getString(12), rs.getBoolean(13),
                rs.getBoolean(14), rs.getBoolean(15));
    }

    /** The channel's recipient row, made on its first message (one SELECT on every later send, no write). */
    public long channelRecipient(Handle h, long channelId) {
        Optional<Long> id = existingChannelRecipient(h, channelId);
        if (id.isPresent()) return id.get();
        h.execute("INSERT INTO recipients (channel_id) VALUES (?) ON CONFLICT DO NOTHING", channelId);
        return h.createQuery("SELECT id FROM recipients WHERE channel_id = ?").bind(0, channelId).mapTo(Long.class).one();
    }

    public long dmRecipient(Handle h, String dmKey) {
        Optional<Long> id = existingDmRecipient(h, dmKey);
        if (id.isPresent()) return id.get();
        h.execute("INSERT INTO recipients (dm_key) VALUES (?) ON CONFLICT DO NOTHING", dmKey);
        return h.createQuery("SELECT id FROM recipients WHERE dm_key = ?").bind(0, dmKey).mapTo(Long.class).one();
    }

    public Optional<Long> existingChannelRecipient(Handle h, long channelId) {
        return h.createQuery("SELECT id FROM recipients WHERE channel_id = ?").bind(0, channelId).mapTo(Long.class).findOne();
    }

    public Optional<Long> existingDmRecipient(Handle h, String dmKey) {
        return h.createQuery("SELECT id FROM recipients WHERE dm_key = ?").bind(0, dmKey).mapTo(Long.class).findOne();
    }

    /** Inserts a new message and indexes it for search: two statements on SQLite (FTS5), one on PostgreSQL. */
    public long insert(Handle h, Message m) {
        boolean pg = dialect == Dialect.POSTGRES;
        var insert = h.createUpdate("INSERT INTO messages (sender_id, recipient_id, channel_id, topic, content, rendered_content, date_sent, "
                        + "sending_client, has_link, has_attachment, has_image" + (pg ? ", search_tsv" : "")
                        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?" + (pg ? ", to_tsvector('english', ?)" : "") + ")")
                .bind(0, m.senderId()).bind(1, m.recipientId()).bind(2, m.channelId()).bind(3, m.topic()).bind(4, m.content())
                .bind(5, m.renderedContent()).bind(6, m.dateSent()).bind(7, m.client()).bind(8, m.hasLink())
                .bind(9, m.hasAttachment()).bind(10, m.hasImage());
        if (pg) insert.bind(11, m.topic() + " " + m.content());
        long id = insert.executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        // A new id: nothing to replace in the full-text table (index() deletes first, for edits).
        if (!pg) h.execute("INSERT INTO message_search (rowid, topic, content) VALUES (?, ?, ?)", id, m.topic(), m.content());
        return id;
    }

    /** (Re)indexes a message's topic and content for search: SQLite's FTS5 table, or PostgreSQL's tsvector column. */
    public void index(Handle h, long id, String topic, String content) {
        if (dialect == Dialect.POSTGRES) {
            h.execute("UPDATE messages SET search_tsv = to_tsvector('english', ?) WHERE id = ?", topic + " " + content, id);
            return;
        }
        h.execute("DELETE FROM message_search WHERE rowid = ?", id);
        h.execute("INSERT INTO message_search (rowid, topic, content) VALUES (?, ?, ?)", id, topic, content);
    }

    /** Rebuilds the whole full-text index from the messages (after an import, which brings no index). */
    public void reindexAll(Handle h) {
        if (dialect == Dialect.POSTGRES) {
            h.execute("UPDATE messages SET search_tsv = to_tsvector('english', topic || ' ' || content)");
            return;
        }
        h.execute("DELETE FROM message_search");
        h.execute("INSERT INTO message_search (rowid, topic, content) SELECT id, topic, content FROM messages");
    }

    /**
     * All recipients' rows in one statement per distinct flags value (most recipients share one):
     * the ids travel as one JSON array, so a big channel costs no per-row binding.
     */
    public void insertUserMessages(Handle h, long messageId, Map<Long, Long> flagsByUser) {
        Map<Long, List<Long>> byFlags = new HashMap<>();
        flagsByUser.forEach((u, f) -> byFlags.computeIfAbsent(f, k -> new ArrayList<>()).add(u));
        byFlags.forEach((flags, users) -> h.createUpdate("INSERT INTO user_message (user_id, message_id, flags) SELECT id, :m, :f FROM ("
                        + idsFromJson + ") ids WHERE TRUE ON CONFLICT DO NOTHING") // WHERE: SQLite reads a bare ON as a join
                .bind("ids", users.toString()).bind("m", messageId).bind("f", flags).execute());
    }

    /**
     * Soft deactivation's catch-up (Zulip's add_missing_messages): a row without flags for every
     * message after {@code after} in a channel the user is subscribed to (but those just {@code joined},
     * and with those just {@code left}), unless one exists. Exact because a send skips only such rows,
     * and a subscription change catches the person up in its own transaction.
     */
    public int insertOwed(Handle h, long userId, long after, Collection<Long> joined, Collection<Long> left) {
        return h.createUpdate("INSERT INTO user_message (user_id, message_id, flags) SELECT :u, m.id, 0 FROM subscriptions s"
                        + " JOIN recipients r ON r.channel_id = s.channel_id JOIN messages m ON m.recipient_id = r.id"
                        + " WHERE s.user_id = :u AND m.id > :after"
                        + " AND ((s.active AND s.channel_id NOT IN (" + idsFromJson.replace(":ids", ":joined") + "))"
                        + " OR s.channel_id IN (" + idsFromJson.replace(":ids", ":left") + ")) ON CONFLICT DO NOTHING")
                .bind("u", userId).bind("after", after).bind("joined", joined.toString()).bind("left", left.toString()).execute();
    }

    /**
     * The rows idle subscribers are owed for these messages of one channel (before an edit or a
     * move changes what those rows would say): flags 0, as the catch-up would write them.
     */
    public void insertOwedFor(Handle h, long channelId, Collection<Long> messageIds) {
        if (messageIds.isEmpty()) return;
        h.createUpdate("INSERT INTO user_message (user_id, message_id, flags) SELECT d.user_id, m.id, 0 FROM messages m"
                        + " JOIN subscriptions s ON s.channel_id = m.channel_id AND s.active"
                        + " JOIN soft_deactivated d ON d.user_id = s.user_id"
                        + " WHERE m.channel_id = :c AND m.id > d.last_active_message_id AND m.id IN (" + idsFromJson + ")"
                        + " ON CONFLICT DO NOTHING")
                .bind("c", channelId).bind("ids", messageIds.toString()).execute();
    }

    /** The newest message's id, or 0. */
    public long newestMessageId(Handle h) {
        return h.createQuery("SELECT COALESCE(MAX(id), 0) FROM messages").mapTo(Long.class).one();
    }

    public Optional<Message> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + FROM + " WHERE m.id = ?").bind(0, id).map(MessageStore::map).findOne();
    }

    /**
     * The ids travel as one JSON array (a collection's toString), as in insertUserMessages: a list of
     * placeholders cost Jdbi a binding per id on each page fetched, and SQLite's parameter limit chunks.
     */
    public List<Message> byIds(Handle h, Collection<Long> ids) {
        if (ids.isEmpty()) return List.of();
        return h.createQuery("SELECT " + COLUMNS + FROM + " WHERE m.id IN (" + idsFromJson + ") ORDER BY m.id")
                .bind("ids", ids.toString()).map(MessageStore::map).list();
    }

    /** The user's flags for these messages (absent: no row). */
    public Map<Long, Long> flags(Handle h, long userId, Collection<Long> ids) {
        Map<Long, Long> out = new HashMap<>();
        if (ids.isEmpty()) return out;
        h.createQuery("SELECT message_id, flags FROM user_message WHERE user_id = :u AND message_id IN (" + idsFromJson + ")")
                .bind("u", userId).bind("ids", ids.toString())
                .map((rs, c) -> Map.entry(rs.getLong(1), rs.getLong(2))).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    public Optional<Long> flagsOf(Handle h, long userId, long messageId) {
        return h.createQuery("SELECT flags FROM user_message WHERE user_id = ? AND message_id = ?")
                .bind(0, userId).bind(1, messageId).mapTo(Long.class).findOne();
    }

    /** Every recipient's flags on one message, in one query. */
    public Map<Long, Long> flagsByUser(Handle h, long messageId) {
        Map<Long, Long> out = new HashMap<>();
        h.createQuery("SELECT user_id, flags FROM user_message WHERE message_id = ?").bind(0, messageId)
                .map((rs, c) -> Map.entry(rs.getLong(1), rs.getLong(2))).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** Who has sent to a channel's topic (a topic wildcard mention reaches them). */
    public List<Long> topicParticipants(Handle h, long channelId, String topic) {
        return h.createQuery("SELECT DISTINCT m.sender_id FROM messages m JOIN recipients r ON r.id = m.recipient_id "
                        + "WHERE r.channel_id = ? AND lower(m.topic) = lower(?)")
                .bind(0, channelId).bind(1, topic).mapTo(Long.class).list();
    }

    public List<Long> recipientsOf(Handle h, long messageId) {
        return h.createQuery("SELECT user_id FROM user_message WHERE message_id = ?").bind(0, messageId).mapTo(Long.class).list();
    }

    public record Reaction(long messageId, long userId, String emojiName, String emojiCode, String reactionType) {}

    public Map<Long, List<Reaction>> reactions(Handle h, Collection<Long> ids) {
        Map<Long, List<Reaction>> out = new HashMap<>();
        if (ids.isEmpty()) return out;
        h.createQuery("SELECT message_id, user_id, emoji_name, emoji_code, reaction_type FROM reactions WHERE message_id IN (" + idsFromJson + ") ORDER BY id")
                .bind("ids", ids.toString())
                .map((rs, c) -> new Reaction(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5)))
                .forEach(r -> out.computeIfAbsent(r.messageId(), k -> new ArrayList<>()).add(r));
        return out;
    }

    public boolean addReaction(Handle h, Reaction r) {
        return h.execute("INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type) VALUES (?, ?, ?, ?, ?) "
                + "ON CONFLICT DO NOTHING", r.messageId(), r.userId(), r.emojiName(), r.emojiCode(), r.reactionType()) > 0;
    }

    public Optional<Reaction> findReaction(Handle h, long messageId, long userId, String type, String code) {
        return h.createQuery("SELECT message_id, user_id, emoji_name, emoji_code, reaction_type FROM reactions "
                        + "WHERE message_id = ? AND user_id = ? AND reaction_type = ? AND emoji_code = ?")
                .bind(0, messageId).bind(1, userId).bind(2, type).bind(3, code)
                .map((rs, c) -> new Reaction(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5))).findOne();
    }

    /** Some user's reaction with this emoji on the message (the oldest), whose name a new vote takes. */
    public Optional<Reaction> anyReaction(Handle h, long messageId, String type, String code) {
        return h.createQuery("SELECT message_id, user_id, emoji_name, emoji_code, reaction_type FROM reactions "
                        + "WHERE message_id = ? AND reaction_type = ? AND emoji_code = ? ORDER BY id LIMIT 1")
                .bind(0, messageId).bind(1, type).bind(2, code)
                .map((rs, c) -> new Reaction(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5))).findOne();
    }

    public void removeReaction(Handle h, Reaction r) {
        h.execute("DELETE FROM reactions WHERE message_id = ? AND user_id = ? AND reaction_type = ? AND emoji_code = ?",
                r.messageId(), r.userId(), r.reactionType(), r.emojiCode());
    }

    public record Edit(long id, long messageId, Long userId, long editTime, String prevContent, String prevRendered,
                       String prevTopic, String newTopic, Long prevChannel, Long newChannel) {}

    public void insertEdit(Handle h, Edit e) {
        h.execute("INSERT INTO message_edits (message_id, user_id, edit_time, prev_content, prev_rendered_content, prev_topic, new_topic, "
                        + "prev_channel_id, new_channel_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", e.messageId(), e.userId(), e.editTime(),
                e.prevContent(), e.prevRendered(), e.prevTopic(), e.newTopic(), e.prevChannel(), e.newChannel());
    }

    private static final String EDIT_COLUMNS = "SELECT id, message_id, user_id, edit_time, prev_content, prev_rendered_content, prev_topic, "
            + "new_topic, prev_channel_id, new_channel_id FROM message_edits ";

    private static Edit edit(ResultSet rs, StatementContext c) throws SQLException {
        return new Edit(rs.getLong(1), rs.getLong(2), rs.getObject(3) == null ? null : rs.getLong(3),
                rs.getLong(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
                rs.getObject(9) == null ? null : rs.getLong(9), rs.getObject(10) == null ? null : rs.getLong(10));
    }

    public List<Edit> edits(Handle h, long messageId) {
        return h.createQuery(EDIT_COLUMNS + "WHERE message_id = ? ORDER BY id").bind(0, messageId).map(MessageStore::edit).list();
    }

    /** The edits of several messages, oldest first per message, in one query (message_edits_message index). */
    public Map<Long, List<Edit>> edits(Handle h, Collection<Long> messageIds) {
        Map<Long, List<Edit>> out = new HashMap<>();
        if (messageIds.isEmpty()) return out;
        h.createQuery(EDIT_COLUMNS + "WHERE message_id IN (<ids>) ORDER BY message_id, id").bindList("ids", List.copyOf(messageIds))
                .map(MessageStore::edit).forEach(e -> out.computeIfAbsent(e.messageId(), k -> new ArrayList<>()).add(e));
        return out;
    }

    public void updateContent(Handle h, long id, String content, String rendered, boolean link, boolean attachment, boolean image, long time) {
        h.execute("UPDATE messages SET content = ?, rendered_content = ?, has_link = ?, has_attachment = ?, has_image = ?, last_edit_time = ? "
                + "WHERE id = ?", content, rendered, link, attachment, image, time, id);
    }

    public void move(Handle h, Collection<Long> ids, long recipientId, Long channelId, String topic, long time) {
        for (List<Long> chunk : Db.idChunks(ids)) {
            h.createUpdate("UPDATE messages SET recipient_id = :r, channel_id = :c, topic = :t, last_moved_time = :now, "
                            + "last_edit_time = :now WHERE id IN (<ids>)")
                    .bind("r", recipientId).bind("c", channelId).bind("t", topic).bind("now", time).bindList("ids", chunk).execute();
        }
    }

    public void delete(Handle h, Collection<Long> ids) {
        for (List<Long> chunk : Db.idChunks(ids)) {
            for (String t : List.of("user_message", "reactions", "message_edits", "attachment_messages")) {
                h.createUpdate("DELETE FROM " + t + " WHERE message_id IN (<ids>)").bindList("ids", chunk).execute();
            }
            h.createUpdate("DELETE FROM messages WHERE id IN (<ids>)").bindList("ids", chunk).execute();
        }
        // PostgreSQL's index is a column of the deleted rows; SQLite's is a table of its own.
        if (dialect == Dialect.SQLITE) for (long id : ids) h.execute("DELETE FROM message_search WHERE rowid = ?", id);
    }

    /** Sets (add) or clears (remove) a flag on the user's rows among ids; returns the ids whose flag changed. */
    public List<Long> changeFlag(Handle h, long userId, Collection<Long> ids, long bit, boolean add) {
        List<Long> changed = new ArrayList<>();
        for (List<Long> chunk : Db.idChunks(ids)) {
            String cond = add ? "(flags & :b) = 0" : "(flags & :b) <> 0";
            changed.addAll(h.createQuery("SELECT message_id FROM user_message WHERE user_id = :u AND " + cond + " AND message_id IN (<ids>)")
                    .bind("u", userId).bind("b", bit).bindList("ids", chunk).mapTo(Long.class).list());
        }
        for (List<Long> chunk : Db.idChunks(changed)) {
            h.createUpdate("UPDATE user_message SET flags = " + (add ? "flags | :b" : "flags & ~:b")
                            + " WHERE user_id = :u AND message_id IN (<ids>)")
                    .bind("u", userId).bind("b", bit).bindList("ids", chunk).execute();
        }
        Collections.sort(changed);
        return changed;
    }

    /** The user's unread message ids, oldest first: all, a channel's (channelId), or a channel topic's (channelId and topic). */
    public List<Long> unreadIds(Handle h, long userId, Long channelId, String topic) {
        String where = channelId == null ? "" : topic == null ? " AND m.channel_id = :c" : " AND m.channel_id = :c AND lower(m.topic) = lower(:t)";
        var q = h.createQuery("SELECT um.message_id FROM user_message um JOIN messages m ON m.id = um.message_id "
                + "WHERE um.user_id = :u AND (um.flags & 1) = 0" + where + " ORDER BY um.message_id").bind("u", userId);
        if (channelId != null) q.bind("c", channelId);
        if (topic != null) q.bind("t", topic);
        return q.mapTo(Long.class).list();
    }

    /** The user's unread messages from one sender, oldest first. */
    public List<Long> unreadFromSender(Handle h, long userId, long senderId) {
        return h.createQuery("SELECT um.message_id FROM user_message um JOIN messages m ON m.id = um.message_id "
                + "WHERE um.user_id = ? AND (um.flags & 1) = 0 AND m.sender_id = ? ORDER BY um.message_id")
                .bind(0, userId).bind(1, senderId).mapTo(Long.class).list();
    }

    // ---- register's message state ----

    public long maxMessageId(Handle h, long userId) {
        return h.createQuery("SELECT MAX(message_id) FROM user_message WHERE user_id = ?").bind(0, userId)
                .mapTo(Long.class).findOne().orElse(-1L);
    }

    public List<Long> starredIds(Handle h, long userId) {
        return h.createQuery("SELECT message_id FROM user_message WHERE user_id = ? AND (flags & 2) <> 0 ORDER BY message_id")
                .bind(0, userId).mapTo(Long.class).list();
    }

    /** One of the user's unread messages: where it is (a channel and topic, or a direct-message key) and the user's flags. */
    public record Unread(long id, long flags, Long channelId, String topic, String dmKey, long senderId) {}

    public List<Unread> unreads(Handle h, long userId) {
        return h.createQuery("SELECT um.message_id, um.flags, m.channel_id, m.topic, r.dm_key, m.sender_id FROM user_message um "
                        + "JOIN messages m ON m.id = um.message_id JOIN recipients r ON r.id = m.recipient_id "
                        + "WHERE um.user_id = ? AND (um.flags & 1) = 0 ORDER BY um.message_id")
                .bind(0, userId).map((rs, c) -> new Unread(rs.getLong(1), rs.getLong(2), rs.getObject(3) == null ? null : rs.getLong(3),
                        rs.getString(4), rs.getString(5), rs.getLong(6))).list();
    }

    /** A direct-message conversation of the user and its newest message id. */
    public record RecentDm(String dmKey, long maxMessageId) {}

    /** The user's most recent direct-message conversations, newest first. */
    public List<RecentDm> recentDms(Handle h, long userId, int limit) {
        return h.createQuery("SELECT r.dm_key, MAX(um.message_id) AS mx FROM user_message um JOIN messages m ON m.id = um.message_id "
                        + "JOIN recipients r ON r.id = m.recipient_id WHERE um.user_id = ? AND (um.flags & 4096) <> 0 "
                        + "GROUP BY r.dm_key ORDER BY mx DESC LIMIT " + limit)
                .bind(0, userId).map((rs, c) -> new RecentDm(rs.getString(1), rs.getLong(2))).list();
    }

    /**
     * Locks the message row until the transaction ends (PostgreSQL; SQLite's single writer already
     * serializes writes), as Zulip's check_update_message does, so an edit or move sees every
     * message committed to the topic before it.
     */
    public void lock(Handle h, long id) {
        if (dialect == Dialect.POSTGRES) h.createQuery("SELECT id FROM messages WHERE id = ? FOR UPDATE").bind(0, id).mapTo(Long.class).findOne();
    }

    public boolean topicExists(Handle h, long channelId, String topic) {
        return h.createQuery("SELECT COUNT(*) FROM messages m JOIN recipients r ON r.id = m.recipient_id "
                + "WHERE r.channel_id = ? AND lower(m.topic) = lower(?)").bind(0, channelId).bind(1, topic).mapTo(Long.class).one() > 0;
    }

    /** The ids in a conversation's topic from fromId on, oldest first. */
    public List<Long> topicMessageIds(Handle h, long recipientId, String topic, long fromId) {
        return h.createQuery("SELECT m.id FROM messages m WHERE m.recipient_id = ? AND lower(m.topic) = lower(?) AND m.id >= ? ORDER BY m.id")
                .bind(0, recipientId).bind(1, topic).bind(2, fromId).mapTo(Long.class).list();
    }

    /**
     * The newest `limit` messages of a channel topic (any case), newest first; with rowOf, only those
     * that user has a user_message row for (a private channel's protected history). Locked on PostgreSQL.
     */
    public List<Long> topicIdsNewestFirst(Handle h, long recipientId, String topic, Long rowOf, int limit) {
        String own = rowOf == null ? "" : " AND EXISTS (SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_id = :u)";
        var q = h.createQuery("SELECT m.id FROM messages m WHERE m.recipient_id = :r AND lower(m.topic) = lower(:t)" + own
                        + " ORDER BY m.id DESC LIMIT " + limit + (dialect == Dialect.POSTGRES ? " FOR UPDATE OF m" : ""))
                .bind("r", recipientId).bind("t", topic);
        if (rowOf != null) q.bind("u", rowOf);
        return q.mapTo(Long.class).list();
    }

    /** Everyone with a user_message row for any of the messages. */
    public List<Long> recipientsOfAny(Handle h, Collection<Long> ids) {
        Set<Long> out = new TreeSet<>();
        for (List<Long> chunk : Db.idChunks(ids)) {
            out.addAll(h.createQuery("SELECT DISTINCT user_id FROM user_message WHERE message_id IN (<ids>)").bindList("ids", chunk)
                    .mapTo(Long.class).list());
        }
        return List.copyOf(out);
    }

    /** Users who still have a user_message row for some message of a channel topic. */
    public Set<Long> usersWithRowsInTopic(Handle h, long recipientId, String topic) {
        return new HashSet<>(h.createQuery("SELECT DISTINCT um.user_id FROM user_message um JOIN messages m ON m.id = um.message_id "
                + "WHERE m.recipient_id = ? AND lower(m.topic) = lower(?)").bind(0, recipientId).bind(1, topic).mapTo(Long.class).list());
    }

    /** Who marked the message as read (flag bit 1), by id. */
    public List<Long> readerIds(Handle h, long messageId) {
        return h.createQuery("SELECT user_id FROM user_message WHERE message_id = ? AND (flags & 1) <> 0 ORDER BY user_id")
                .bind(0, messageId).mapTo(Long.class).list();
    }

    /** The ids of the narrow's messages that meet cond (e.g. "m.id < 42", on sql.idColumn), in order, at most limit. */
    List<Long> narrowIds(Handle h, NarrowSql sql, String cond, String order, int limit) {
        var q = h.createQuery("SELECT m.id" + sql.from + " WHERE " + sql.whereSql() + " AND " + cond + " ORDER BY " + sql.idColumn + " " + order
                + " LIMIT " + limit);
        sql.bind(q);
        return q.mapTo(Long.class).list();
    }

    /** The narrow's first message the viewer has not read, if any. */
    Optional<Long> firstUnread(Handle h, NarrowSql sql) {
        var q = h.createQuery("SELECT MIN(m.id)" + sql.from + " WHERE " + sql.whereSql() + " AND um.user_id IS NOT NULL AND (um.flags & "
                + Flags.READ + ") = 0");
        sql.bind(q);
        return Optional.ofNullable(q.mapTo(Long.class).findOne().orElse(null));
    }

    /** The ids among ids that the narrow's query matches. */
    List<Long> matching(Handle h, NarrowSql sql, Collection<Long> ids) {
        var q = h.createQuery("SELECT m.id" + sql.from + " WHERE " + sql.whereSql() + " AND m.id IN (<ids>)").bindList("ids", List.copyOf(ids));
        sql.bind(q);
        return q.mapTo(Long.class).list();
    }

    public void removeRecipients(Handle h, Collection<Long> messageIds, Collection<Long> userIds) {
        if (userIds.isEmpty()) return;
        for (List<Long> chunk : Db.idChunks(messageIds)) {
            h.createUpdate("DELETE FROM user_message WHERE message_id IN (<ids>) AND user_id IN (<users>)")
                    .bindList("ids", chunk).bindList("users", List.copyOf(userIds)).execute();
        }
    }

    /** Replaces the bits of mask in each user's flags on the message with the given bits. */
    public void replaceFlagBits(Handle h, long messageId, long mask, Map<Long, Long> bitsByUser) {
        if (bitsByUser.isEmpty()) return;
        PreparedBatch batch = h.prepareBatch("UPDATE user_message SET flags = (flags & ?) | ? WHERE user_id = ? AND message_id = ?");
        bitsByUser.forEach((u, bits) -> batch.bind(0, ~mask).bind(1, bits).bind(2, u).bind(3, messageId).add());
        batch.execute();
    }

    public void markHasAttachment(Handle h, long messageId) {
        h.execute("UPDATE messages SET has_attachment = TRUE WHERE id = ?", messageId);
    }
}
