package dev.stoa.messages;

import dev.stoa.markdown.Rendered;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Zulip's user_message flag bits and their API names. */
public final class Flags {
    public static final long READ = 1, STARRED = 2, COLLAPSED = 4, MENTIONED = 8, STREAM_WILDCARD = 16,
            TOPIC_WILDCARD = 32, HAS_ALERT_WORD = 1024, HISTORICAL = 2048, IS_PRIVATE = 4096;
    public static final long ANY_MENTION = MENTIONED | STREAM_WILDCARD | TOPIC_WILDCARD;

    static final Map<String, Long> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put("read", READ);
        BY_NAME.put("starred", STARRED);
        BY_NAME.put("collapsed", COLLAPSED);
        BY_NAME.put("mentioned", MENTIONED);
        BY_NAME.put("stream_wildcard_mentioned", STREAM_WILDCARD);
        BY_NAME.put("topic_wildcard_mentioned", TOPIC_WILDCARD);
        BY_NAME.put("has_alert_word", HAS_ALERT_WORD);
        BY_NAME.put("historical", HISTORICAL);
    }

    /** Flags a client may change with POST /messages/flags. */
    static final Set<String> EDITABLE = Set.of("read", "starred", "collapsed");

    private Flags() {}

    /** The API names of a bitmask; `wildcard_mentioned` is the legacy union of the two wildcard flags. */
    public static List<String> names(long flags) {
        List<String> out = new ArrayList<>();
        BY_NAME.forEach((name, bit) -> {
            if ((flags & bit) != 0) out.add(name);
        });
        if ((flags & (STREAM_WILDCARD | TOPIC_WILDCARD)) != 0) out.add("wildcard_mentioned");
        return out;
    }

    /**
     * The mention and alert-word bits a message's content gives recipient u, on sending and on
     * every edit: direct or group mention, channel wildcard, topic wildcard (for the topic's
     * participants; null means everyone, as in a direct message), alert words; never for the sender.
     */
    static long mentionBits(long u, long senderId, Rendered r, Set<Long> groupMentioned,
                            Collection<Long> topicParticipants, String content, List<String> alertWords) {
        if (u == senderId) return 0;
        long f = 0;
        if (r.mentionedUserIds().contains(u) || groupMentioned.contains(u)) f |= MENTIONED;
        if (r.streamWildcard()) f |= STREAM_WILDCARD;
        if (r.topicWildcard() && (topicParticipants == null || topicParticipants.contains(u))) f |= TOPIC_WILDCARD;
        if (AlertWords.matches(content, alertWords)) f |= HAS_ALERT_WORD;
        return f;
    }

    static Long bit(String name) {
        return BY_NAME.get(name);
    }
}
