package dev.stoa.messages;

import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import org.jdbi.v3.core.Handle;

/** Small shared rules: resolved-topic prefix, topic and content limits, lookups by API email. */
final class MessageRules {
    static final String RESOLVED_PREFIX = "✔ ";
    static final long LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000L;
    static final int MAX_FETCH = 5000;

    private MessageRules() {}

    /** Looks a user up by delivery email or the API email Zulip clients send (user<id>@host). */
    static User userByEmail(Handle h, UserStore users, String email) {
        User u = users.byEmail(h, email).orElse(null);
        if (u != null) return u;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)user(\\d{1,18})@.*").matcher(email);
        if (m.matches()) return users.byId(h, Long.parseLong(m.group(1))).orElse(null);
        return null;
    }

    /** Zulip strips surrounding whitespace and drops control characters from topics. */
    static String cleanTopic(String topic) {
        StringBuilder b = new StringBuilder();
        topic.strip().codePoints().forEach(cp -> {
            if (!Character.isISOControl(cp)) b.appendCodePoint(cp);
        });
        return b.toString();
    }

    static int codePoints(String s) {
        return s.codePointCount(0, s.length());
    }
}
