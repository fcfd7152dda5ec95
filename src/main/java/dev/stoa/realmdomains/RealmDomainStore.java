package dev.stoa.realmdomains;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/** SQL for the organization's allowed email domains. */
public final class RealmDomainStore {
    public record Domain(long id, String domain, boolean allowSubdomains) {}

    private static Domain map(ResultSet rs) throws SQLException {
        return new Domain(rs.getLong(1), rs.getString(2), rs.getBoolean(3));
    }

    public List<Domain> all(Handle h) {
        return h.createQuery("SELECT id, domain, allow_subdomains FROM realm_domains ORDER BY id").map((rs, c) -> map(rs)).list();
    }

    public Optional<Domain> byDomain(Handle h, String domain) {
        return h.createQuery("SELECT id, domain, allow_subdomains FROM realm_domains WHERE domain = ?")
                .bind(0, domain).map((rs, c) -> map(rs)).findOne();
    }

    public long insert(Handle h, String domain, boolean allowSubdomains) {
        return h.createUpdate("INSERT INTO realm_domains (domain, allow_subdomains) VALUES (?, ?)")
                .bind(0, domain).bind(1, allowSubdomains).executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    public void setAllowSubdomains(Handle h, long id, boolean allowSubdomains) {
        h.createUpdate("UPDATE realm_domains SET allow_subdomains = ? WHERE id = ?").bind(0, allowSubdomains).bind(1, id).execute();
    }

    public void delete(Handle h, long id) {
        h.createUpdate("DELETE FROM realm_domains WHERE id = ?").bind(0, id).execute();
    }

    public boolean any(Handle h) {
        return h.createQuery("SELECT COUNT(*) FROM realm_domains").mapTo(Long.class).one() > 0;
    }
}
