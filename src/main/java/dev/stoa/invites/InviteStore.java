package dev.stoa.invites;

import dev.stoa.http.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL of invitations (table invites). */
public final class InviteStore {
    private static final String COLUMNS = "id, is_multiuse, email, link_key, referred_by, invited_as, invited_at, expires_at,"
            + " include_realm_default_subscriptions, notify_referrer_on_join, stream_ids, status, group_ids";

    private static Invite map(ResultSet rs) throws SQLException {
        long exp = rs.getLong(8);
        Long expiresAt = rs.wasNull() ? null : exp;
        List<Long> streams = ids(rs.getString(11));
        return new Invite(rs.getLong(1), rs.getBoolean(2), rs.getString(3), rs.getString(4), rs.getLong(5), rs.getInt(6), rs.getLong(7),
                expiresAt, rs.getBoolean(9), rs.getBoolean(10), streams, ids(rs.getString(13)), rs.getInt(12));
    }

    /** A JSON array of ids (stream_ids, group_ids). */
    private static List<Long> ids(String json) {
        List<Long> out = new ArrayList<>();
        Json.parseOrNull(json).forEach(n -> out.add(n.asLong()));
        return List.copyOf(out);
    }

    public long insert(Handle h, Invite i) {
        return h.createUpdate("INSERT INTO invites (is_multiuse, email, link_key, referred_by, invited_as, invited_at, expires_at,"
                        + " include_realm_default_subscriptions, notify_referrer_on_join, stream_ids, group_ids, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)")
                .bind(0, i.multiuse()).bind(1, i.email()).bind(2, i.key()).bind(3, i.referredBy()).bind(4, i.invitedAs())
                .bind(5, i.invitedAt()).bind(6, i.expiresAt()).bind(7, i.includeRealmDefaultSubscriptions())
                .bind(8, i.notifyReferrerOnJoin()).bind(9, Json.write(Json.tree(i.streamIds()))).bind(10, Json.write(Json.tree(i.groupIds())))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public Invite insertAndGet(Handle h, Invite i) {
        long id = insert(h, i);
        return byId(h, id, i.multiuse()).orElseThrow();
    }

    public Optional<Invite> byId(Handle h, long id, boolean multiuse) {
        return h.createQuery("SELECT " + COLUMNS + " FROM invites WHERE id = ? AND is_multiuse = ?").bind(0, id).bind(1, multiuse)
                .map((rs, c) -> map(rs)).findOne();
    }

    public Optional<Invite> byKey(Handle h, String key) {
        return h.createQuery("SELECT " + COLUMNS + " FROM invites WHERE link_key = ?").bind(0, key).map((rs, c) -> map(rs)).findOne();
    }

    /** Pending, unexpired invitations; only `referrer`'s unless null (administrators see all). */
    public List<Invite> pending(Handle h, Long referrer, long now) {
        return h.createQuery("SELECT " + COLUMNS + " FROM invites WHERE status = 0 AND (expires_at IS NULL OR expires_at > ?)"
                        + (referrer == null ? "" : " AND referred_by = " + referrer) + " ORDER BY id")
                .bind(0, now).map((rs, c) -> map(rs)).list();
    }

    /** Other pending email invitations of an address (they end when it signs up). */
    public List<Invite> pendingForEmail(Handle h, String email) {
        return h.createQuery("SELECT " + COLUMNS + " FROM invites WHERE status = 0 AND NOT is_multiuse AND LOWER(email) = LOWER(?)")
                .bind(0, email).map((rs, c) -> map(rs)).list();
    }

    /** A reusable link's terms (role, channels, groups, default channels); its key, creator and expiry stay. */
    public void updateLink(Handle h, Invite i) {
        h.createUpdate("UPDATE invites SET invited_as = ?, stream_ids = ?, group_ids = ?, include_realm_default_subscriptions = ? WHERE id = ? AND is_multiuse = ?")
                .bind(0, i.invitedAs()).bind(1, Json.write(Json.tree(i.streamIds()))).bind(2, Json.write(Json.tree(i.groupIds())))
                .bind(3, i.includeRealmDefaultSubscriptions()).bind(4, i.id()).bind(5, true).execute();
    }

    public void setStatus(Handle h, long id, int status) {
        h.createUpdate("UPDATE invites SET status = ? WHERE id = ?").bind(0, status).bind(1, id).execute();
    }
}
