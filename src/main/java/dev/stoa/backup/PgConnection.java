package dev.stoa.backup;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A PostgreSQL JDBC URL (jdbc:postgresql://host:port/db?user=..&password=..&currentSchema=..) as
 * pg_dump and pg_restore take it: connection options on the command line, the password in
 * PGPASSWORD (never in an argument that `ps` shows), and the schema Stoa's tables live in (null:
 * the database's default, public).
 */
record PgConnection(String host, int port, String database, String user, String password, String schema) {

    static PgConnection parse(String jdbcUrl) {
        if (!jdbcUrl.startsWith("jdbc:postgresql://")) throw new BackupError("not a PostgreSQL JDBC URL: " + redact(jdbcUrl));
        URI u = URI.create(jdbcUrl.substring("jdbc:".length()));
        Map<String, String> q = new LinkedHashMap<>();
        if (u.getRawQuery() != null) {
            for (String kv : u.getRawQuery().split("&")) {
                int eq = kv.indexOf('=');
                if (eq > 0) q.put(kv.substring(0, eq), URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        String db = u.getPath() == null || u.getPath().length() <= 1 ? "postgres" : u.getPath().substring(1);
        return new PgConnection(u.getHost() == null ? "127.0.0.1" : u.getHost(), u.getPort() < 0 ? 5432 : u.getPort(), db,
                q.get("user"), q.get("password"), q.get("currentSchema"));
    }

    /** The options every pg_ tool takes: host, port, user, database, no password prompt. */
    List<String> args() {
        List<String> a = new ArrayList<>(List.of("--host", host, "--port", String.valueOf(port), "--dbname", database, "--no-password"));
        if (user != null) a.addAll(List.of("--username", user));
        return a;
    }

    void environment(Map<String, String> env) {
        if (password != null) env.put("PGPASSWORD", password);
    }

    /** The URL with its password masked, for messages. */
    static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&]*", "$1***");
    }
}
