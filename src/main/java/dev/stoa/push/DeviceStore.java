package dev.stoa.push;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL of client_devices: the logged-in devices of Zulip 12 and their push registration. */
public final class DeviceStore {
    /** One device as register's `devices` and device events describe it (pushKey stays on the server). */
    public record Device(long id, long userId, Long pushKeyId, String pushKey, String pushTokenId, String pendingPushTokenId,
                         String pushTokenKind, Long pushTokenLastUpdatedTimestamp, String pushRegistrationErrorCode) {}

    private static final String COLUMNS = "id, user_id, push_key_id, push_key, push_token_id, pending_push_token_id, push_token_kind,"
            + " push_token_last_updated_timestamp, push_registration_error_code";

    public long create(Handle h, long userId, long now) {
        return h.createUpdate("INSERT INTO client_devices (user_id, created_at) VALUES (?, ?)").bind(0, userId).bind(1, now)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public Optional<Device> of(Handle h, long userId, long deviceId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM client_devices WHERE id = ? AND user_id = ?")
                .bind(0, deviceId).bind(1, userId).map((rs, ctx) -> row(rs)).findOne();
    }

    /** Any user's device (the relay's answers name a device, not its user); empty once removed. */
    public Optional<Device> byId(Handle h, long deviceId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM client_devices WHERE id = ?").bind(0, deviceId).map((rs, ctx) -> row(rs)).findOne();
    }

    /** The relay's id of the device's E2EE registration (zilencer's RemotePushDevice.device_id), null when none. */
    public void setRelayDeviceId(Handle h, long deviceId, Long relayDeviceId) {
        h.createUpdate("UPDATE client_devices SET relay_device_id = ? WHERE id = ?").bind(0, relayDeviceId).bind(1, deviceId).execute();
    }

    public List<Device> ofUser(Handle h, long userId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM client_devices WHERE user_id = ? ORDER BY id")
                .bind(0, userId).map((rs, ctx) -> row(rs)).list();
    }

    public void delete(Handle h, long deviceId) {
        h.execute("DELETE FROM client_devices WHERE id = ?", deviceId);
    }

    /** Writes a device's push state (the key, the token registration). */
    public void update(Handle h, Device d) {
        h.createUpdate("UPDATE client_devices SET push_key_id = ?, push_key = ?, push_token_id = ?, pending_push_token_id = ?,"
                        + " push_token_kind = ?, push_token_last_updated_timestamp = ?, push_registration_error_code = ? WHERE id = ?")
                .bind(0, d.pushKeyId()).bind(1, d.pushKey()).bind(2, d.pushTokenId()).bind(3, d.pendingPushTokenId())
                .bind(4, d.pushTokenKind()).bind(5, d.pushTokenLastUpdatedTimestamp()).bind(6, d.pushRegistrationErrorCode())
                .bind(7, d.id()).execute();
    }

    private static Device row(ResultSet rs) throws SQLException {
        return new Device(rs.getLong(1), rs.getLong(2), nullableLong(rs, 3), rs.getString(4), rs.getString(5),
                rs.getString(6), rs.getString(7), nullableLong(rs, 8), rs.getString(9));
    }

    private static Long nullableLong(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }
}
