package dev.stoa.backup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.storage.FileStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Function;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * `./stoa restore`: brings a backup back into a NEW data directory (SQLite) or an EMPTY PostgreSQL
 * database (pg_restore in one transaction; the tables return to the schema they were dumped from,
 * so give the URL's currentSchema the same name), and its files into the configured file store,
 * which must hold no uploads yet. The server started on it then migrates as on any start.
 */
public final class Restore {
    /** What came back. */
    public record Summary(String dialect, int files) {}

    private Restore() {}

    public static Summary run(Path file, Path dataDir, String databaseUrl, Function<Path, FileStore> storage) {
        if (!Files.isRegularFile(file)) throw new BackupError("no such file: " + file);
        try (ZipFile zip = open(file)) {
            JsonNode m = manifest(zip);
            String dialect = m.path("dialect").asText();
            checkTarget(dialect, dataDir, databaseUrl, m);
            boolean fresh = !Files.exists(dataDir);
            Files.createDirectories(dataDir);
            List<String> copied = new ArrayList<>();
            try (FileStore files = storage.apply(dataDir)) {
                try {
                    if (!files.list("uploads/").isEmpty()) throw new BackupError("the file store " + files.describe() + " already holds uploads: restore into an empty one");
                    database(zip, m, dataDir, databaseUrl);
                    int n = restoreFiles(zip, files, copied);
                    return new Summary(dialect, n);
                } catch (IOException | RuntimeException e) {
                    for (String key : copied) files.delete(key);
                    if (fresh || "sqlite".equals(dialect)) Backup.deleteQuietly(fresh ? dataDir : dataDir.resolve("stoa.db"));
                    throw e;
                }
            }
        } catch (IOException e) {
            throw new BackupError("cannot restore " + file + ": " + e.getMessage());
        }
    }

    private static ZipFile open(Path file) {
        try {
            return new ZipFile(file.toFile(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BackupError(file + " is not a Stoa backup (not a zip file)");
        }
    }

    private static JsonNode manifest(ZipFile zip) throws IOException {
        ZipEntry e = zip.getEntry("manifest.json");
        if (e == null) throw new BackupError("not a Stoa backup: the file has no manifest.json");
        JsonNode m;
        try (InputStream in = zip.getInputStream(e)) {
            m = Json.MAPPER.readTree(in);
        }
        if (!Backup.FORMAT.equals(m.path("format").asText())) throw new BackupError("not a Stoa backup: the manifest's format is not " + Backup.FORMAT);
        if (m.path("format_version").asInt() != Backup.FORMAT_VERSION) {
            throw new BackupError("backup format version " + m.path("format_version").asText() + " is not supported (this Stoa reads " + Backup.FORMAT_VERSION + ")");
        }
        return m;
    }

    /** SQLite into a new or empty directory; PostgreSQL into an empty schema of the same name as the dumped one. */
    private static void checkTarget(String dialect, Path dataDir, String databaseUrl, JsonNode m) throws IOException {
        if ("sqlite".equals(dialect)) {
            if (databaseUrl != null) throw new BackupError("this backup is of an SQLite database: restore it into a --data-dir, without --database-url");
            if (Files.exists(dataDir)) {
                try (var entries = Files.list(dataDir)) {
                    if (entries.findAny().isPresent()) throw new BackupError("the data directory " + dataDir.toAbsolutePath() + " is not empty: restore only into a new, empty one");
                }
            }
            return;
        }
        if (databaseUrl == null) throw new BackupError("this backup is of a PostgreSQL database: give --database-url of an empty database");
        String dumped = m.path("postgres_schema").isNull() ? null : m.path("postgres_schema").asText(null);
        String target = PgConnection.parse(databaseUrl).schema();
        if (dumped != null && !dumped.equals(target)) {
            throw new BackupError("the backup holds schema " + dumped + ": restore it into a database where that schema is empty (--database-url ...?currentSchema=" + dumped + ")");
        }
        try {
            if (BackupStore.postgresHasStoa(databaseUrl, dumped)) throw new BackupError("the database already holds Stoa's tables: restore only into an empty database");
        } catch (SQLException e) {
            throw new BackupError("cannot connect to " + PgConnection.redact(databaseUrl) + ": " + e.getMessage());
        }
    }

    private static void database(ZipFile zip, JsonNode m, Path dataDir, String databaseUrl) throws IOException {
        ZipEntry e = zip.getEntry(m.path("database").asText());
        if (e == null) throw new BackupError("the backup has no database entry");
        if (databaseUrl == null) {
            try (InputStream in = zip.getInputStream(e)) {
                Files.copy(in, dataDir.resolve("stoa.db"));
            }
            return;
        }
        Path dump = Files.createTempFile("stoa-restore", ".dump");
        try {
            try (InputStream in = zip.getInputStream(e)) {
                Files.copy(in, dump, StandardCopyOption.REPLACE_EXISTING);
            }
            PgTools.restore(PgConnection.parse(databaseUrl), dump);
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    private static int restoreFiles(ZipFile zip, FileStore files, List<String> copied) throws IOException {
        int n = 0;
        for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements(); ) {
            ZipEntry e = en.nextElement();
            if (!e.getName().startsWith("files/") || e.isDirectory()) continue;
            String key = FileStore.checkKey(e.getName().substring("files/".length()));
            try (InputStream in = zip.getInputStream(e)) {
                files.put(key, in.readAllBytes(), "application/octet-stream");
            }
            copied.add(key);
            n++;
        }
        return n;
    }
}
