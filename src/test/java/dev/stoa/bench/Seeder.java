package dev.stoa.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Writes a big realm straight into the tables of a STOPPED server (creating 10,000 people through
 * the API costs two Argon2 hashes each; a million sends take hours): the rows a send or a sign-up
 * writes, in the SQL that SQLite and PostgreSQL share. The server rebuilds its caches when it starts.
 */
final class Seeder implements AutoCloseable {
    private final Connection c;
    private final boolean postgres;

    Seeder(String jdbcUrl) throws SQLException {
        this.c = DriverManager.getConnection(jdbcUrl);
        this.postgres = jdbcUrl.startsWith("jdbc:postgresql:");
        c.setAutoCommit(false);
    }

    /** Members named prefix0..prefix(n-1), with API keys, in the role groups a sign-up joins. */
    List<BenchHttp.Cred> users(String prefix, int n) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO users (delivery_email, full_name, role, api_key, date_joined) VALUES (?, ?, 400, ?, 1700000000)")) {
            for (int i = 0; i < n; i++) {
                p.setString(1, prefix + i + "@bench.example.com");
                p.setString(2, "Bench " + prefix + " " + i);
                p.setString(3, String.format("%s%0" + (32 - prefix.length()) + "d", prefix, i));
                p.addBatch();
                if (i % 2000 == 1999) p.executeBatch();
            }
            p.executeBatch();
        }
        try (Statement s = c.createStatement()) {
            for (String group : List.of("role:members", "role:fullmembers")) {
                s.execute("INSERT INTO group_members (group_id, user_id) SELECT g.id, u.id FROM user_groups g, users u WHERE g.name = '" + group
                        + "' AND u.delivery_email LIKE '" + prefix + "%@bench.example.com'");
            }
            // They visited just now: soft deactivation (docs/DEVELOPING.md) would otherwise count from date_joined
            // and make every seeded person idle at the server's first collector pass.
            s.execute("INSERT INTO user_activity (user_id, last_visit) SELECT id, " + System.currentTimeMillis() / 1000
                    + " FROM users WHERE delivery_email LIKE '" + prefix + "%@bench.example.com' ON CONFLICT DO NOTHING");
        }
        List<BenchHttp.Cred> creds = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT id, delivery_email, api_key FROM users WHERE delivery_email LIKE '"
                + prefix + "%@bench.example.com' ORDER BY id")) {
            while (r.next()) creds.add(new BenchHttp.Cred(r.getLong(1), r.getString(2), r.getString(3)));
        }
        c.commit();
        return creds;
    }

    /** Subscribes these users to the channel. */
    void subscribe(Collection<Long> userIds, long channelId) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO subscriptions (user_id, channel_id, color) VALUES (?, ?, '#76ce90') ON CONFLICT DO NOTHING")) {
            int i = 0;
            for (long u : userIds) {
                p.setLong(1, u);
                p.setLong(2, channelId);
                p.addBatch();
                if (++i % 2000 == 0) p.executeBatch();
            }
            p.executeBatch();
        }
        c.commit();
    }

    /**
     * `count` channel messages from `senderId`, round-robin over the channels, ten topics each, with a
     * user_message row for `readerId` (all read but the newest 2%, every 50th starred) and their search entries.
     */
    void messages(long count, List<Long> channelIds, long senderId, long readerId) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO recipients (channel_id) SELECT id FROM channels WHERE id IN (" + join(channelIds) + ") ON CONFLICT DO NOTHING");
            s.execute("DROP TABLE IF EXISTS bench_ch");
            s.execute("CREATE TEMP TABLE bench_ch AS SELECT row_number() OVER (ORDER BY channel_id) - 1 AS idx, channel_id, id AS recipient_id"
                    + " FROM recipients WHERE channel_id IN (" + join(channelIds) + ")");
            long base = one(s, "SELECT COALESCE(MAX(id), 0) + 1 FROM messages"), channels = channelIds.size();
            long now = System.currentTimeMillis() / 1000;
            s.execute("WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < " + (count - 1) + ")"
                    + " INSERT INTO messages (id, sender_id, recipient_id, channel_id, topic, content, rendered_content, date_sent, sending_client)"
                    + " SELECT " + base + " + i, " + senderId + ", bench_ch.recipient_id, bench_ch.channel_id, 'topic ' || ((i / " + channels + ") % 10),"
                    + " 'Message ' || i || ': an update on the plan with word' || (i % 1000) || ' in it.',"
                    + " '<p>Message ' || i || ': an update on the plan with word' || (i % 1000) || ' in it.</p>', " + now + " - (" + count + " - i),"
                    + " 'bench' FROM n JOIN bench_ch ON bench_ch.idx = i % " + channels);
            if (postgres) {
                s.execute("UPDATE messages SET search_tsv = to_tsvector('english', topic || ' ' || content) WHERE id >= " + base);
                s.execute("SELECT setval(pg_get_serial_sequence('messages', 'id'), (SELECT MAX(id) FROM messages))");
            } else {
                s.execute("INSERT INTO message_search (rowid, topic, content) SELECT id, topic, content FROM messages WHERE id >= " + base);
            }
            s.execute("INSERT INTO user_message (user_id, message_id, flags) SELECT " + readerId + ", id, CASE WHEN id >= "
                    + (base + count * 98 / 100) + " THEN 0 ELSE 1 END + CASE WHEN id % 50 = 0 THEN 2 ELSE 0 END FROM messages WHERE id >= " + base);
        }
        c.commit();
        if (postgres) {
            try (Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("ANALYZE");
                c.setAutoCommit(false);
            }
        }
    }

    /**
     * Marks these people soft-deactivated as the server's collector would after their weeks away (rows owed
     * after message 0: none are owed for the seeded history, which has rows only for its reader).
     */
    void idle(Collection<Long> userIds) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO soft_deactivated (user_id, last_active_message_id, since) SELECT id, 0, 0 FROM users WHERE id IN ("
                    + join(userIds) + ")");
        }
        c.commit();
    }

    /**
     * Ends every idle marking without the catch-up a request would do: the rows they are owed are the
     * scale sends' only, which no later scenario reads, and a catch-up would weigh on the scenarios after.
     */
    void wake() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DELETE FROM soft_deactivated");
        }
        c.commit();
    }

    private static String join(Collection<Long> ids) {
        return String.join(",", ids.stream().map(String::valueOf).toList());
    }

    private static long one(Statement s, String sql) throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
