package dev.stoa.messages;

import dev.stoa.events.Hints;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The in-memory evaluation of a Narrow, for queue delivery: a new message's event as one
 * recipient receives it (its `message`, that recipient's `flags`, and the narrow facts the
 * send adds to its hints: public, web_public, link, attachment, image). Each term means what NarrowSql makes
 * it mean for GET /messages. Terms that need more than the event (search, with, and topic or
 * channel muting) are refused at register, as Zulip refuses operators its queues cannot apply.
 */
final class NarrowMatch {
    private static final Pattern API_EMAIL = Pattern.compile("(?i)user(\\d{1,18})@.*");
    private static final Set<String> QUEUE_IS = Set.of("dm", "private", "starred", "mentioned", "alerted", "unread", "resolved", "all");

    private NarrowMatch() {}

    /** Throws Zulip's errors for what a queue cannot evaluate. */
    static void checkForQueues(Narrow narrow) {
        for (Narrow.Term t : narrow.terms()) {
            if (t instanceof Narrow.Search || t instanceof Narrow.With) throw MessageErrors.operatorNotSupported(t.operator());
            if (t instanceof Narrow.Is i && !QUEUE_IS.contains(i.what())) throw MessageErrors.operandNotSupported(i.what());
        }
    }

    /** Whether the message event matches every term (a negated term: its opposite). */
    static boolean matches(Narrow narrow, JsonNode event, Hints hints, long viewerId) {
        JsonNode m = event.path("message");
        for (Narrow.Term t : narrow.terms()) {
            if (holds(t, m, event, hints, viewerId) == t.negated()) return false;
        }
        return true;
    }

    private static boolean holds(Narrow.Term t, JsonNode m, JsonNode event, Hints hints, long viewerId) {
        boolean channel = "stream".equals(m.path("type").asText());
        return switch (t) {
            case Narrow.InChannel c -> channel && isChannel(c.channel(), m);
            case Narrow.InChannels c -> channel && hints.hasNarrowFact(c.kind().equals("public") ? "public" : "web_public");
            case Narrow.Topic x -> channel && lower(m.path("subject").asText()).equals(lower(x.name()));
            case Narrow.Sender s -> isUser(s.user(), m.path("sender_id").asLong(), m.path("sender_email").asText());
            case Narrow.Dm d -> !channel && isConversation(d, m.path("display_recipient"), viewerId);
            case Narrow.DmIncluding d -> !channel && includes(d.user(), m.path("display_recipient"));
            case Narrow.Is i -> is(i.what(), channel, m, event.path("flags"));
            case Narrow.Has x -> hints.hasNarrowFact(x.what()); // a new message has no reactions yet
            case Narrow.Id i -> m.path("id").asLong() == i.messageId();
            case Narrow.Near x -> true;
            case Narrow.Search x -> throw new IllegalStateException("refused at register");
            case Narrow.With x -> throw new IllegalStateException("refused at register");
        };
    }

    private static boolean is(String what, boolean channel, JsonNode m, JsonNode flags) {
        return switch (what) {
            case "dm", "private" -> !channel;
            case "starred" -> flag(flags, "starred");
            case "mentioned" -> flag(flags, "mentioned") || flag(flags, "stream_wildcard_mentioned") || flag(flags, "topic_wildcard_mentioned");
            case "alerted" -> flag(flags, "has_alert_word");
            case "unread" -> !flag(flags, "read");
            case "resolved" -> channel && m.path("subject").asText().startsWith(MessageRules.RESOLVED_PREFIX);
            default -> true; // all
        };
    }

    /** A channel by id, else by name, else by digits as its id (NarrowSql's order). */
    private static boolean isChannel(Narrow.Ref ref, JsonNode m) {
        long id = m.path("stream_id").asLong();
        if (ref.id() != null) return ref.id() == id;
        if (m.path("display_recipient").asText().equalsIgnoreCase(ref.text())) return true;
        return ref.text().matches("\\d{1,18}") && Long.parseLong(ref.text()) == id;
    }

    /** A user by id, digits, email, or the API email user{id}@host. */
    private static boolean isUser(Narrow.Ref ref, long id, String email) {
        if (ref.id() != null) return ref.id() == id;
        String s = ref.text();
        if (s.matches("\\d{1,18}")) return Long.parseLong(s) == id;
        if (s.equalsIgnoreCase(email)) return true;
        Matcher x = API_EMAIL.matcher(s);
        return x.matches() && Long.parseLong(x.group(1)) == id;
    }

    private static boolean includes(Narrow.Ref ref, JsonNode participants) {
        for (JsonNode p : participants) if (isUser(ref, p.path("id").asLong(), p.path("email").asText())) return true;
        return false;
    }

    /** Exactly the named users and the viewer. */
    private static boolean isConversation(Narrow.Dm d, JsonNode participants, long viewerId) {
        Set<Long> all = new HashSet<>();
        for (JsonNode p : participants) all.add(p.path("id").asLong());
        Set<Long> named = new HashSet<>();
        named.add(viewerId);
        for (Narrow.Ref ref : d.users()) {
            Long found = null;
            for (JsonNode p : participants) if (isUser(ref, p.path("id").asLong(), p.path("email").asText())) found = p.path("id").asLong();
            if (found == null) return false;
            named.add(found);
        }
        return named.equals(all);
    }

    private static boolean flag(JsonNode flags, String flag) {
        for (JsonNode f : flags) if (flag.equals(f.asText())) return true;
        return false;
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
