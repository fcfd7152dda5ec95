package dev.stoa.events;

import java.util.List;

/**
 * The tables whose rows an in-memory cache holds: the one list. Each one's store appends
 * {@link RowsChanged} in the transaction of every write ({@link EventLog#rowsChanged}), and a
 * {@link LogFollower} declares which of them it follows. {@code ids} says what a RowsChanged's ids
 * name; {@code sqlTables} are the SQL tables whose writes it stands for (ArchitectureTest checks that
 * every method of a store writing one of them appends the entry).
 */
public enum CachedTable {
    /** ids: user ids. A person's row, their settings included. */
    USERS("users", "users"),
    /** ids: group ids. A group's row, its direct members and direct subgroups. */
    USER_GROUPS("user_groups", "user_groups", "group_members", "group_subgroups"),
    /** ids: channel ids. A channel's row, and whether it is a default channel. */
    CHANNELS("channels", "channels", "default_channels"),
    /** ids: none (one row). The organization's settings and state. */
    REALM("realm", "realm"),
    /** ids: emoji ids. */
    REALM_EMOJI("realm_emoji", "realm_emoji"),
    /** ids: user ids (whose words changed). */
    ALERT_WORDS("alert_words", "alert_words"),
    /** ids: linkifier ids (none: the order changed). */
    LINKIFIERS("linkifiers", "linkifiers"),
    /** ids: field ids; a field's change or deletion touches every user's profile data. */
    CUSTOM_PROFILE_FIELDS("custom_profile_fields", "custom_profile_fields"),
    /** ids: user ids (whose values changed). */
    CUSTOM_PROFILE_VALUES("custom_profile_values", "custom_profile_values"),
    /** ids: none (the organization's choice of sign-in methods changed). */
    SIGNIN_METHODS("signin_methods_disabled", "signin_methods_disabled"),
    /** ids: user ids (soft-deactivated or back). */
    SOFT_DEACTIVATED("soft_deactivated", "soft_deactivated");

    /** The name in a RowsChanged entry (stored in the events table: never rename). */
    public final String entryName;
    public final List<String> sqlTables;

    CachedTable(String entryName, String... sqlTables) {
        this.entryName = entryName;
        this.sqlTables = List.of(sqlTables);
    }

    /** The table a stored entry names; null for one this version does not know. */
    static CachedTable named(String entryName) {
        for (CachedTable t : values()) if (t.entryName.equals(entryName)) return t;
        return null;
    }
}
