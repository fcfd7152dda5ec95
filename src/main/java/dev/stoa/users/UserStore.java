package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Dialect;
import dev.stoa.db.Tx;
import dev.stoa.events.CachedTable;
import dev.stoa.events.EventLog;
import dev.stoa.events.RowsChanged;
import dev.stoa.http.Json;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.StatementContext;

/** SQL for users and bots. Its write methods append the users-row entry ({@link RowsChanged}) in the writing transaction. */
public final class UserStore {
    private final EventLog log;

    public UserStore(EventLog log) {
        this.log = log;
    }

    static final String COLUMNS = "id, delivery_email, full_name, role, is_active, is_bot, bot_type, bot_owner_id, is_system_bot, "
            + "api_key, password_hash, timezone, date_joined, avatar_source, avatar_version, is_imported_stub, settings";

    static User map(ResultSet rs, StatementContext ctx) throws SQLException {
        int botType = rs.getInt(7);
        Integer bt = rs.wasNull() ? null : botType;
        long owner = rs.getLong(8);
        Long ownerId = rs.wasNull() ? null : owner;
        return new User(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getBoolean(5), rs.getBoolean(6),
                bt, ownerId, rs.getBoolean(9), rs.getString(10), rs.getString(11), rs.getString(12), rs.getLong(13),
                rs.getString(14), rs.getInt(15), rs.getBoolean(16), Json.parseStoredObject(rs.getString(17)));
    }

    public Optional<User> byId(Handle h, long id) {
        return h.createQuery("SELECT " + COLUMNS + " FROM users WHERE id = ?").bind(0, id).map(UserStore::map).findOne();
    }

    public Optional<User> byEmail(Handle h, String email) {
        return h.createQuery("SELECT " + COLUMNS + " FROM users WHERE lower(delivery_email) = lower(?)")
                .bind(0, email).map(UserStore::map).findOne();
    }

    public List<User> all(Handle h) {
        return h.createQuery("SELECT " + COLUMNS + " FROM users ORDER BY id").map(UserStore::map).list();
    }

    public List<User> byIds(Handle h, Collection<Long> ids) {
        if (ids.isEmpty()) return List.of();
        return h.createQuery("SELECT " + COLUMNS + " FROM users WHERE id IN (<ids>) ORDER BY id")
                .bindList("ids", List.copyOf(ids)).map(UserStore::map).list();
    }

    /** An active user's id and full name (the renderer's mention data). */
    public record Name(long id, String fullName) {}

    /** Every active user's name, by id. */
    public List<Name> activeNames(Handle h) {
        return h.createQuery("SELECT id, full_name FROM users WHERE is_active ORDER BY id").map(UserStore::name).list();
    }

    /** Active users with this full name, case-insensitively. */
    public List<Name> activeByFullName(Handle h, String fullName) {
        return h.createQuery("SELECT id, full_name FROM users WHERE lower(full_name) = lower(?) AND is_active")
                .bind(0, fullName).map(UserStore::name).list();
    }

    private static Name name(ResultSet rs, StatementContext c) throws SQLException {
        return new Name(rs.getLong(1), rs.getString(2));
    }

    public Optional<Name> activeName(Handle h, long id) {
        return h.createQuery("SELECT id, full_name FROM users WHERE id = ? AND is_active").bind(0, id)
                .map(UserStore::name).findOne();
    }

    public List<Long> activeIds(Handle h) {
        return h.createQuery("SELECT id FROM users WHERE is_active ORDER BY id").mapTo(Long.class).list();
    }

    public List<Long> activeAdminIds(Handle h) {
        return h.createQuery("SELECT id FROM users WHERE is_active AND role <= 200 ORDER BY id").mapTo(Long.class).list();
    }

    /** Active administrators and owners who are people (Zulip's get_human_admin_users): who hears of data exports. */
    public List<Long> activeHumanAdminIds(Handle h) {
        return h.createQuery("SELECT id FROM users WHERE is_active AND NOT is_bot AND role <= 200 ORDER BY id").mapTo(Long.class).list();
    }

    /** The user, its row locked to the end of the transaction on PostgreSQL (SQLite's single writer already serializes). */
    public Optional<User> byIdForUpdate(Tx tx, long id) {
        String lock = tx.dialect() == Dialect.POSTGRES ? " FOR UPDATE" : "";
        return tx.h().createQuery("SELECT " + COLUMNS + " FROM users WHERE id = ?" + lock).bind(0, id).map(UserStore::map).findOne();
    }

    public Optional<User> byApiKey(Handle h, String apiKey) {
        return h.createQuery("SELECT " + COLUMNS + " FROM users WHERE api_key = ?").bind(0, apiKey).map(UserStore::map).findOne();
    }

    /** Whether id is a user of the realm (not a cross-realm system bot). */
    public boolean isPerson(Handle h, long id) {
        return h.createQuery("SELECT COUNT(*) FROM users WHERE id = ? AND NOT is_system_bot").bind(0, id).mapTo(Long.class).one() > 0;
    }

    /** Active human owners other than userId. */
    public long otherActiveOwners(Handle h, long userId) {
        return h.createQuery("SELECT COUNT(*) FROM users WHERE role = :owner AND is_active AND NOT is_bot AND id <> :id")
                .bind("owner", Role.OWNER.code).bind("id", userId).mapTo(Long.class).one();
    }

    public long activeHumanCount(Handle h) {
        return otherActiveHumans(h, -1);
    }

    /** Active humans other than userId. */
    public long otherActiveHumans(Handle h, long userId) {
        return h.createQuery("SELECT COUNT(*) FROM users WHERE is_active AND NOT is_bot AND id <> ?").bind(0, userId).mapTo(Long.class).one();
    }

    public List<User> activeBotsOwnedBy(Handle h, long ownerId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM users WHERE bot_owner_id = ? AND is_active").bind(0, ownerId).map(UserStore::map).list();
    }

    public boolean activeNameInUse(Handle h, String fullName) {
        return h.createQuery("SELECT COUNT(*) FROM users WHERE is_active AND full_name = ?").bind(0, fullName).mapTo(Long.class).one() > 0;
    }

    public List<Long> activeIdsWithRole(Handle h, Role role) {
        return h.createQuery("SELECT id FROM users WHERE role = ? AND is_active ORDER BY id").bind(0, role.code).mapTo(Long.class).list();
    }

    /**
     * The newest message the user has received, or -1. (user_message belongs to messages, which
     * sits above users; this one lookup for GET /users/me stays here.)
     */
    public long maxReceivedMessageId(Handle h, long userId) {
        return h.createQuery("SELECT MAX(message_id) FROM user_message WHERE user_id = ?").bind(0, userId)
                .mapTo(Long.class).findOne().orElse(-1L);
    }

    /**
     * For UserAccess: calls link(viewer, seen) for the active co-subscribers of each viewer's active
     * subscriptions and for everyone in its direct-message conversations. (The subscription and
     * message tables belong to features above users; this one query over them stays here.)
     */
    public void accessLinks(Handle h, List<Long> viewers, BiConsumer<Long, Long> link) {
        h.createQuery("""
                SELECT DISTINCT s1.user_id AS viewer, s2.user_id AS seen FROM subscriptions s1
                JOIN subscriptions s2 ON s2.channel_id = s1.channel_id AND s2.active
                JOIN users u ON u.id = s2.user_id AND u.is_active
                WHERE s1.user_id IN (<ids>) AND s1.active""").bindList("ids", viewers)
                .map((rs, ctx) -> Map.entry(rs.getLong("viewer"), rs.getLong("seen")))
                .forEach(e -> link.accept(e.getKey(), e.getValue()));
        h.createQuery("""
                SELECT DISTINCT um.user_id AS viewer, r.dm_key FROM user_message um
                JOIN messages m ON m.id = um.message_id JOIN recipients r ON r.id = m.recipient_id
                WHERE um.user_id IN (<ids>) AND (um.flags & 4096) <> 0""").bindList("ids", viewers)
                .map((rs, ctx) -> Map.entry(rs.getLong("viewer"), rs.getString("dm_key")))
                .forEach(e -> {
                    for (String id : e.getValue().split(",")) link.accept(e.getKey(), Long.parseLong(id));
                });
    }

    public long insert(Tx tx, User u) {
        long id = tx.h().createUpdate("INSERT INTO users (delivery_email, full_name, role, is_active, is_bot, bot_type, bot_owner_id, is_system_bot, "
                        + "api_key, password_hash, timezone, date_joined, avatar_source, avatar_version, is_imported_stub, settings) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(0, u.deliveryEmail()).bind(1, u.fullName()).bind(2, u.role()).bind(3, u.isActive()).bind(4, u.isBot())
                .bind(5, u.botType()).bind(6, u.botOwnerId()).bind(7, u.isSystemBot()).bind(8, u.apiKey())
                .bind(9, u.passwordHash()).bind(10, u.timezone()).bind(11, u.dateJoined()).bind(12, u.avatarSource())
                .bind(13, u.avatarVersion()).bind(14, u.isImportedStub()).bind(15, Json.write(u.settings()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        log.rowsChanged(tx, CachedTable.USERS, List.of(id));
        return id;
    }

    /** Whether the user, created through the API, has yet to log in (their first login sets date_joined). */
    public boolean joinsOnFirstLogin(Handle h, long userId) {
        return h.createQuery("SELECT join_on_first_login FROM users WHERE id = ?").bind(0, userId).mapTo(Boolean.class).findOne().orElse(false);
    }

    /**
     * Sets one column; `column` is a constant from the calling action, never user input. Appends the
     * users-row entry in the same transaction: the caches holding users rows drop or re-read the user.
     */
    public void set(Tx tx, long userId, String column, Object value) {
        tx.h().createUpdate("UPDATE users SET " + column + " = ? WHERE id = ?").bind(0, value).bind(1, userId).execute();
        log.rowsChanged(tx, CachedTable.USERS, List.of(userId));
    }

    public void saveSettings(Tx tx, long userId, ObjectNode settings) {
        set(tx, userId, "settings", Json.write(settings));
    }

    /** The system bot whose email starts with the given local part and @ (e.g. "notification-bot@"). */
    public Optional<User> systemBot(Handle h, String emailPrefix) {
        return h.createQuery("SELECT id FROM users WHERE is_system_bot AND lower(delivery_email) LIKE ?").bind(0, emailPrefix + "%")
                .mapTo(Long.class).findFirst().flatMap(id -> byId(h, id));
    }
}
