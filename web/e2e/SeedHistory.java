// Seeds a stopped Stoa's SQLite database with channel history for `npm run bench` (realm figures):
//   java -cp target/stoa.jar web/e2e/SeedHistory.java <data-dir>/stoa.db <messages> <reader-user-id>
// Sending 100,000 messages through the API would take minutes on this machine; the rows written
// here are what a send writes (message, search entry, the reader's user_message row), spread
// round-robin over every channel the reader is subscribed to, ten topics each, one message every
// 20 s up to now, all read but the newest 2%.
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

public class SeedHistory {
    public static void main(String[] args) throws Exception {
        String db = args[0];
        long messages = Long.parseLong(args[1]);
        long reader = Long.parseLong(args[2]);
        long now = System.currentTimeMillis() / 1000;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            // A channel's conversation row is created with its first message.
            s.execute("INSERT OR IGNORE INTO recipients (channel_id) SELECT channel_id FROM subscriptions WHERE user_id = " + reader + " AND active");
            s.execute("CREATE TEMP TABLE ch AS SELECT row_number() OVER (ORDER BY c.id) - 1 AS idx, c.id AS channel_id, r.id AS recipient_id"
                    + " FROM channels c JOIN recipients r ON r.channel_id = c.id JOIN subscriptions s ON s.channel_id = c.id"
                    + " WHERE s.user_id = " + reader + " AND s.active");
            s.execute("CREATE TEMP TABLE snd AS SELECT row_number() OVER (ORDER BY id) - 1 AS idx, id AS user_id FROM users WHERE NOT is_bot AND is_active");
            long base = one(s, "SELECT COALESCE(MAX(id), 0) + 1 FROM messages");
            long channels = one(s, "SELECT COUNT(*) FROM ch");
            long senders = one(s, "SELECT COUNT(*) FROM snd");
            if (channels == 0 || senders == 0) throw new IllegalStateException("no channels or senders to seed");
            s.execute("WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < " + (messages - 1) + ")"
                    + " INSERT INTO messages (id, sender_id, recipient_id, channel_id, topic, content, rendered_content, date_sent, sending_client)"
                    + " SELECT " + base + " + i, snd.user_id, ch.recipient_id, ch.channel_id, 'topic ' || ((i / " + channels + ") % 10),"
                    + " 'Message ' || i || ': an update on the plan, with a **bold** word.',"
                    + " '<p>Message ' || i || ': an update on the plan, with a <strong>bold</strong> word.</p>',"
                    + now + " - (" + messages + " - i) * 20, 'bench'"
                    + " FROM n JOIN ch ON ch.idx = i % " + channels + " JOIN snd ON snd.idx = i % " + senders);
            s.execute("INSERT INTO message_search (rowid, topic, content) SELECT id, topic, content FROM messages WHERE id >= " + base);
            s.execute("INSERT INTO user_message (user_id, message_id, flags) SELECT " + reader + ", id, CASE WHEN id < "
                    + (base + messages * 98 / 100) + " THEN 1 ELSE 0 END FROM messages WHERE id >= " + base);
            c.commit();
            System.out.printf("seeded %d messages over %d channels from %d senders%n", messages, channels, senders);
        }
    }

    private static long one(Statement s, String sql) throws Exception {
        try (var r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }
}
