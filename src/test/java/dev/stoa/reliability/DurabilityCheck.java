package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ServerProcess;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What must hold after crashes: checked through the API (as a reader who never sends) and in the database. */
final class DurabilityCheck {
    private final Map<String, LoadSenders.Sent> sent;
    private final List<Long> channels;
    private final List<ApiClient> senders;
    private final ApiClient reader;
    private final Map<String, JsonNode> stored = new HashMap<>();

    DurabilityCheck(Map<String, LoadSenders.Sent> sent, List<Long> channels, List<ApiClient> senders, ApiClient reader) {
        this.sent = sent;
        this.channels = channels;
        this.senders = senders;
        this.reader = reader;
    }

    private long count(LoadSenders.Outcome o) {
        return sent.values().stream().filter(s -> s.outcome() == o).count();
    }

    String summary() {
        return "acked=" + count(LoadSenders.Outcome.ACKED) + " refused=" + count(LoadSenders.Outcome.REFUSED) + " unanswered="
                + count(LoadSenders.Outcome.UNKNOWN) + " stored=" + stored.size() + " lost=0";
    }

    /** Every acknowledged message once, in order per sender and channel, unread for the reader; no refused one. */
    void messages() {
        List<String> problems = new ArrayList<>();
        for (long channel : channels) {
            Map<Long, Long> lastSeq = new HashMap<>();
            for (JsonNode m : fetchAll(reader, channel)) {
                String content = m.get("content").asText().replaceAll("<[^>]+>", "").strip();
                if (stored.put(content, m) != null) problems.add("stored twice: " + content);
                LoadSenders.Sent s = sent.get(content);
                if (s == null) problems.add("stored but never sent: " + content);
                else if (s.outcome() == LoadSenders.Outcome.REFUSED) problems.add("refused yet stored: " + content);
                else if (s.outcome() == LoadSenders.Outcome.ACKED && s.id() != m.get("id").asLong()) problems.add("stored under another id: " + content);
                String[] parts = content.split(" ");
                long sender = Long.parseLong(parts[1]), seq = Long.parseLong(parts[2]);
                if (lastSeq.getOrDefault(sender, -1L) >= seq) problems.add("out of order in channel " + channel + ": " + content);
                lastSeq.put(sender, seq);
                List<String> flags = new ArrayList<>();
                m.get("flags").forEach(f -> flags.add(f.asText()));
                if (flags.contains("read")) problems.add("the reader's row is missing or marked read: " + content + " " + flags);
            }
        }
        for (LoadSenders.Sent s : sent.values()) {
            if (s.outcome() == LoadSenders.Outcome.ACKED && !stored.containsKey(s.content())) problems.add("acknowledged but lost: " + s.content());
        }
        ApiClient first = senders.get(0);
        for (long channel : channels) {
            for (JsonNode m : fetchAll(first, channel)) {
                boolean own = m.get("sender_id").asLong() == first.userId;
                boolean read = m.get("flags").toString().contains("\"read\"");
                if (own && !read) problems.add("the sender's own message is unread: " + m.get("id"));
            }
        }
        assertThat(problems).as(summary()).isEmpty();
        assertThat(count(LoadSenders.Outcome.ACKED)).isPositive();
    }

    /**
     * The queue registered before the load delivers each stored message exactly once, each sender's in
     * the order sent. (Concurrent senders' message ids need not follow commit order on PostgreSQL.)
     */
    void queue(List<JsonNode> events) {
        Set<Long> ids = new HashSet<>();
        Map<String, Long> lastSeq = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (JsonNode e : events) {
            if (!e.path("type").asText().equals("message")) continue;
            long id = e.at("/message/id").asLong();
            if (!ids.add(id)) problems.add("delivered twice: " + id);
            String[] parts = e.at("/message/content").asText().replaceAll("<[^>]+>", "").strip().split(" ");
            long seq = Long.parseLong(parts[2]);
            if (lastSeq.getOrDefault(parts[1], -1L) >= seq) problems.add("delivered out of the sender's order: " + id);
            lastSeq.put(parts[1], seq);
        }
        Set<Long> expected = new HashSet<>();
        stored.values().forEach(m -> expected.add(m.get("id").asLong()));
        Set<Long> missing = new HashSet<>(expected);
        missing.removeAll(ids);
        if (!missing.isEmpty()) problems.add("never delivered to the queue: " + missing);
        assertThat(problems).isEmpty();
    }

    static List<JsonNode> fetchAll(ApiClient c, long channel) {
        List<JsonNode> out = new ArrayList<>();
        String anchor = "oldest";
        while (true) {
            JsonNode r = c.get("/messages", "anchor", anchor, "num_before", "0", "num_after", "2000", "include_anchor", "false",
                    "apply_markdown", "false", "narrow", List.of(Map.of("operator", "channel", "operand", channel))).success();
            r.get("messages").forEach(out::add);
            if (r.get("found_newest").asBoolean() || r.get("messages").isEmpty()) return out;
            anchor = String.valueOf(Reliability.last(out).get("id").asLong());
        }
    }

    /** The database's own integrity check, and every channel message has a row for each of its subscribers. */
    void integrity(ServerProcess p) throws Exception {
        boolean sqlite = p.databaseUrl == null;
        String url = sqlite ? "jdbc:sqlite:" + p.dataDir.resolve("data").resolve("stoa.db") : p.databaseUrl;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            if (sqlite) {
                assertThat(one(s, "PRAGMA integrity_check")).isEqualTo("ok");
                try (ResultSet rs = s.executeQuery("PRAGMA foreign_key_check")) {
                    assertThat(rs.next()).as("foreign key violations").isFalse();
                }
            } else {
                PrivatePostgres.amcheck(s);
            }
            String missingRows = "SELECT COUNT(*) FROM messages m JOIN subscriptions s ON s.channel_id = m.channel_id AND s.active "
                    + "WHERE m.channel_id IN (" + String.join(", ", channels.stream().map(String::valueOf).toList()) + ") "
                    + "AND NOT EXISTS (SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_id = s.user_id)";
            assertThat(one(s, missingRows)).as("recipient rows missing").isEqualTo("0");
            assertThat(one(s, "SELECT COUNT(*) FROM user_message um WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = um.message_id)"))
                    .as("rows of no message").isEqualTo("0");
        }
    }

    static String one(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
