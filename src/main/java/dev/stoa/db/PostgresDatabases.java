package dev.stoa.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Creating a PostgreSQL database for a deployment (`./stoa cluster-demo`): the one statement outside a schema. */
public final class PostgresDatabases {
    private PostgresDatabases() {}

    /**
     * Creates database `name` through `adminUrl` (a JDBC URL of a database on the same server, such as
     * postgres) unless it exists; returns the JDBC URL of `name` with the admin URL's parameters.
     */
    public static String ensure(String adminUrl, String name) throws SQLException {
        if (!name.matches("[a-z_][a-z0-9_]*")) throw new IllegalArgumentException("not a plain database name: " + name);
        try (Connection c = DriverManager.getConnection(adminUrl)) {
            boolean exists;
            try (PreparedStatement q = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
                q.setString(1, name);
                try (ResultSet rs = q.executeQuery()) {
                    exists = rs.next();
                }
            }
            if (!exists) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE DATABASE " + name);
                }
            }
        }
        int q = adminUrl.indexOf('?');
        String base = q < 0 ? adminUrl : adminUrl.substring(0, q);
        return base.substring(0, base.lastIndexOf('/') + 1) + name + (q < 0 ? "" : adminUrl.substring(q));
    }
}
