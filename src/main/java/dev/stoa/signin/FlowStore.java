package dev.stoa.signin;

import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for signin_flows (redirect-based sign-ins under way, by the SHA-256 of their state). */
public final class FlowStore {
    public record Row(String browserHash, String data) {}

    public void insert(Handle h, String stateHash, String browserHash, String data, long expiresAt) {
        h.createUpdate("INSERT INTO signin_flows (state_hash, browser_hash, data, expires_at) VALUES (?, ?, ?, ?)")
                .bind(0, stateHash).bind(1, browserHash).bind(2, data).bind(3, expiresAt).execute();
    }

    /** The flow, spent (a state works once); empty when unknown or expired. */
    public Optional<Row> take(Handle h, String stateHash, long now) {
        return h.createQuery("DELETE FROM signin_flows WHERE state_hash = ? RETURNING browser_hash, data, expires_at").bind(0, stateHash)
                .map((rs, ctx) -> rs.getLong(3) > now ? new Row(rs.getString(1), rs.getString(2)) : null).findOne();
    }

    public int deleteExpired(Handle h, long now) {
        return h.createUpdate("DELETE FROM signin_flows WHERE expires_at <= ?").bind(0, now).execute();
    }
}
