package dev.stoa.export;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * THE list of what an export holds: every table of the schema is either exported (TABLES, in an
 * order where each table comes after the tables its foreign keys name, which is the import's
 * insertion order) or excluded with the reason (EXCLUDED). ExportTablesTest compares this against
 * the database's own table list, so a new table cannot be left out silently: add it to one of the two.
 */
public final class ExportTables {
    private ExportTables() {}

    /**
     * Which rows a public export or one with member consent takes (a full export takes all), as
     * Zulip's export does: private channels' messages and direct messages only when a consenting
     * member received them, a person's private data (drafts, snippets, muting...) only if they consented.
     */
    public enum Scope {
        /** Organization data and public per-user data (profiles, subscriptions, presence): every row. */
        ALL,
        /** A person's private data: rows of consenting users only (column: the owner's user id). */
        USER_PRIVATE,
        /** Messages: public channels' messages, and those a consenting user received. */
        MESSAGES,
        /** Rows about one message (column: its message id): those of exported messages. */
        MESSAGE_CHILD,
        /** Conversations: every channel's, and the direct-message conversations of exported messages. */
        RECIPIENTS,
        /** Uploads: those linked to an exported message, and those of consenting uploaders. */
        ATTACHMENTS
    }

    /** An exported table: its rows in orderBy order, chosen by scope (column: the user or message id column). */
    public record Table(String name, String orderBy, Scope scope, String column) {
        static Table all(String name, String orderBy) { return new Table(name, orderBy, Scope.ALL, null); }

        static Table personal(String name, String orderBy) { return new Table(name, orderBy, Scope.USER_PRIVATE, "user_id"); }

        static Table ofMessage(String name, String orderBy) { return new Table(name, orderBy, Scope.MESSAGE_CHILD, "message_id"); }
    }

    public static final List<Table> TABLES = List.of(
            Table.all("realm", "id"),
            Table.all("users", "id"),
            Table.all("signin_methods_disabled", "backend"),
            Table.all("user_groups", "id"),
            Table.all("group_members", "group_id, user_id"),
            Table.all("group_subgroups", "group_id, subgroup_id"),
            Table.all("custom_profile_fields", "id"),
            Table.all("custom_profile_values", "user_id, field_id"),
            Table.all("channel_folders", "id"),
            Table.all("channels", "id"),
            Table.all("subscriptions", "user_id, channel_id"),
            Table.all("default_channels", "channel_id"),
            new Table("recipients", "id", Scope.RECIPIENTS, null),
            new Table("messages", "id", Scope.MESSAGES, null),
            Table.ofMessage("user_message", "message_id, user_id"),
            Table.ofMessage("message_edits", "id"),
            Table.ofMessage("reactions", "id"),
            Table.ofMessage("submessages", "id"),
            new Table("attachments", "id", Scope.ATTACHMENTS, "owner_id"),
            Table.ofMessage("attachment_messages", "attachment_id, message_id"),
            Table.all("linkifiers", "id"),
            Table.all("realm_emoji", "id"),
            Table.personal("saved_snippets", "id"),
            Table.personal("drafts", "id"),
            Table.personal("navigation_views", "user_id, fragment"),
            Table.personal("alert_words", "user_id, word_lower"),
            Table.personal("user_topics", "user_id, stream_id, topic_lower"),
            Table.personal("muted_users", "user_id, muted_user_id"),
            Table.all("presence", "user_id"),
            Table.all("presence_sequence", "id"),
            Table.personal("meeting_tokens", "user_id, provider"),
            Table.personal("user_status", "user_id"),
            Table.all("realm_domains", "id"),
            Table.all("playgrounds", "id"),
            Table.personal("push_device_tokens", "id"),
            Table.personal("client_devices", "id"),
            new Table("scheduled_messages", "id", Scope.USER_PRIVATE, "sender_id"),
            // Pending invitations are the organization's (GET /invites): their links keep working on the new server.
            Table.all("invites", "id"),
            // How far missed-message mail got (message ids survive the import): nothing is mailed twice.
            Table.all("missed_mail_progress", "user_id"),
            // Bots' services, configuration and storage are the bots' (Zulip exports Service, BotConfigData, BotStorageData).
            Table.all("bot_services", "id"),
            Table.all("bot_config", "bot_id, config_key"),
            Table.all("bot_storage", "bot_id, storage_key"));

    /** Tables an export leaves out, and why. */
    public static final Map<String, String> EXCLUDED = Map.ofEntries(
            Map.entry("events", "the event log: the old server's deliveries, not data; the new server starts its own log"),
            Map.entry("event_queues", "clients' event queues end with the old server: clients register again"),
            Map.entry("web_sessions", "sign-in sessions (cookie digests are credentials): people sign in again on the new server"),
            Map.entry("server_secrets", "this server's key for temporary upload URLs: the new server makes its own"),
            Map.entry("login_tokens", "the desktop app's one-time sign-in tokens, valid for seconds"),
            Map.entry("signin_flows", "identity-provider sign-ins under way, valid for minutes"),
            Map.entry("ldap_avatars", "the hash of the directory photo last made an avatar: the next LDAP sync compares again"),
            Map.entry("two_factor", "two-factor secrets are credentials (as Zulip's export leaves the OTP devices out): people set it up again"),
            Map.entry("recovery_codes", "two-factor recovery codes are credentials: people set two-factor up again"),
            Map.entry("realm_exports", "the list of this server's export files, which the export does not contain"),
            Map.entry("flyway_schema_history", "the migration history: the manifest records the schema version, the importing server's migrations make the schema"),
            Map.entry("sqlite_sequence", "SQLite's AUTOINCREMENT counters, which follow the imported ids"),
            Map.entry("outbox_mail", "mail the old server sent or still owes (reset links, notices): the new server must not send it again"),
            Map.entry("outgoing_webhook_outbox", "calls the old server made or still owes its outgoing-webhook bots: a bot must not answer twice"),
            Map.entry("push_outbox", "requests the old server sent or still owes the push relay: stale notifications must not go out twice"),
            Map.entry("push_pending", "messages the old server's notifier had not decided yet: stale news, not sent from the new server"),
            Map.entry("push_pending_mentions", "mentions added by edits that the old server's notifier had not decided yet: stale news, as push_pending"),
            Map.entry("push_notified", "the old server's outstanding phone notifications: the new server has not sent them"),
            Map.entry("user_activity", "when people last made a request on the old server: the new server counts from the import"),
            Map.entry("soft_deactivated", "who the old server had soft-deactivated: an export first writes the user_message rows they are owed, so none is missing"),
            Map.entry("message_search", "SQLite's full-text index of messages, rebuilt from messages at import"));

    /** SQLite keeps an FTS5 index in shadow tables named after it (message_search_data, ...): derived, like the index. */
    public static final String EXCLUDED_PREFIX = "message_search_";

    /** Columns left out: derived data the import recomputes (PostgreSQL's full-text vector of a message). */
    public static final Map<String, Set<String>> EXCLUDED_COLUMNS = Map.of("messages", Set.of("search_tsv"));

    /**
     * Columns inserted as NULL and set once the whole table is in: a bot's owner may be a newer user
     * than the bot (bot ownership can be handed over), so the row order alone cannot satisfy the foreign key.
     */
    public static final Map<String, String> DEFERRED_COLUMNS = Map.of("users", "bot_owner_id");

    /** Whether the database table `name` is accounted for (exported or excluded with a reason). */
    public static boolean accountedFor(String name) {
        return EXCLUDED.containsKey(name) || name.startsWith(EXCLUDED_PREFIX) || TABLES.stream().anyMatch(t -> t.name().equals(name));
    }
}
