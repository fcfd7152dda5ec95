package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.events.LoggedEvent;
import dev.stoa.events.Recipients;
import java.util.Set;

/**
 * Which users a client-visible log entry changed, for UserCache (register's user dicts, which also
 * change with profile data). ApiKeyCache follows the users table itself ({@link dev.stoa.events.RowsChanged}).
 */
final class UserRowEntries {
    /** The client-visible entries that change a user's dict. */
    static final Set<String> TYPES = Set.of("realm_user", "realm_bot", "user_settings");

    private UserRowEntries() {}

    /** The users this entry of TYPES changed; null when it cannot say (the caller then treats everyone as changed). */
    static long[] changed(LoggedEvent e) {
        return switch (e.type()) {
            case "realm_user" -> id(e.payload().path("person").path("user_id"));
            case "realm_bot" -> id(e.payload().path("bot").path("user_id"));
            // a user's settings go to that user's queues alone: the recipient is the user who changed
            case "user_settings" -> e.recipients() instanceof Recipients.Users r && !r.publicChannel() ? r.sortedIds() : null;
            default -> null;
        };
    }

    private static long[] id(JsonNode userId) {
        return userId.canConvertToLong() ? new long[] {userId.asLong()} : null;
    }
}
