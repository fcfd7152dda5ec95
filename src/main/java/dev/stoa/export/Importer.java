package dev.stoa.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.messages.MessageStore;
import dev.stoa.storage.FileStore;
import dev.stoa.users.ServerSecretStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.flywaydb.core.api.MigrationVersion;
import org.jdbi.v3.core.Handle;

/**
 * `./stoa import`: restores an export file (docs/export-format.md) into an EMPTY data directory or
 * database, refusing anything else. The rows go in in one transaction, in ExportTables' order; the
 * full-text index is rebuilt and PostgreSQL's id sequences moved past the imported ids; the files
 * are copied under the data directory. On failure nothing is left behind: the transaction rolls
 * back and the files (and a data directory the import created) are removed. The files go into
 * the configured file store (the data directory, or the bucket), which must hold no uploads or emoji.
 */
public final class Importer {
    /** A refusal or failure, one clear line for the command line. */
    public static final class ImportError extends RuntimeException {
        public ImportError(String msg) { super(msg); }
    }

    /** What was imported. */
    public record Summary(Map<String, Long> rows, int files, String schemaVersion) {}

    private static final int BATCH = 500;
    private static final Pattern FILE_ENTRY = Pattern.compile("(uploads|emoji|emoji/still|avatars/1)/[A-Za-z0-9][A-Za-z0-9._-]*");

    private Importer() {}

    /** Imports `file` into the data directory (SQLite there when databaseUrl is null, else that PostgreSQL database) and the file store. */
    public static Summary run(Path file, Path dataDir, String databaseUrl, Function<Path, FileStore> storage) {
        if (!Files.isRegularFile(file)) throw new ImportError("no such file: " + file);
        try (ZipFile zip = open(file)) {
            JsonNode manifest = manifest(zip);
            boolean sqlite = databaseUrl == null;
            boolean freshDir = checkDataDir(dataDir, sqlite);
            List<String> copied = new ArrayList<>();
            FileStore files = null;
            try {
                Files.createDirectories(dataDir);
                files = storage.apply(dataDir);
                checkNoFiles(files);
                try (Db db = sqlite ? Db.sqlite(dataDir.resolve("stoa.db")) : Db.postgres(databaseUrl)) {
                    return importInto(db, zip, manifest, files, copied);
                }
            } catch (IOException | RuntimeException e) {
                cleanUp(dataDir, freshDir, files, copied);
                if (e instanceof ImportError ie) throw ie;
                throw new ImportError("import failed, nothing was imported: " + rootMessage(e));
            } finally {
                if (files != null) files.close();
            }
        } catch (IOException e) {
            throw new ImportError("cannot read " + file + ": " + e.getMessage());
        }
    }

    private static ZipFile open(Path file) {
        try {
            return new ZipFile(file.toFile(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ImportError(file + " is not a Stoa export (not a zip file)");
        }
    }

    private static JsonNode manifest(ZipFile zip) throws IOException {
        ZipEntry e = zip.getEntry("manifest.json");
        if (e == null) throw new ImportError("not a Stoa export: the file has no manifest.json");
        JsonNode m;
        try (InputStream in = zip.getInputStream(e)) {
            m = Json.MAPPER.readTree(in);
        }
        if (!Exporter.FORMAT.equals(m.path("format").asText())) throw new ImportError("not a Stoa export: the manifest's format is not " + Exporter.FORMAT);
        if (m.path("format_version").asInt() != Exporter.FORMAT_VERSION) {
            throw new ImportError("export format version " + m.path("format_version").asText() + " is not supported (this Stoa reads version "
                    + Exporter.FORMAT_VERSION + ")");
        }
        return m;
    }

    /** Refuses a data directory with anything in it (SQLite); returns whether it is new or empty. */
    private static boolean checkDataDir(Path dir, boolean sqlite) throws IOException {
        if (!Files.exists(dir)) return true;
        if (!Files.isDirectory(dir)) throw new ImportError(dir + " is not a directory");
        if (!sqlite) return false;
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                throw new ImportError("the data directory " + dir.toAbsolutePath() + " is not empty: import only into a new, empty data directory");
            }
        }
        return true;
    }

    /** The file store must hold no uploads or emoji: they would mix with the imported ones. */
    private static void checkNoFiles(FileStore files) {
        for (String prefix : List.of("uploads/", "emoji/", "avatars/")) {
            if (files.list(prefix).isEmpty()) continue;
            if (files.local()) {
                throw new ImportError("the data directory " + Path.of(files.describe()).resolve(prefix) + " is not empty: import only into a new, empty data directory");
            }
            throw new ImportError("the file store " + files.describe() + " already holds " + prefix + " files: import only into an empty one");
        }
    }

    private static Summary importInto(Db db, ZipFile zip, JsonNode manifest, FileStore files, List<String> copied) throws IOException {
        DumpStore dump = new DumpStore(db.dialect());
        String exported = manifest.path("schema_version").asText("0");
        String current = db.read(dump::schemaVersion);
        if (MigrationVersion.fromVersion(exported).compareTo(MigrationVersion.fromVersion(current)) > 0) {
            throw new ImportError("the export comes from a newer Stoa (schema version " + exported + "; this one has " + current + "): upgrade first");
        }
        if (db.read(dump::hasOrganization)) {
            throw new ImportError("the database already holds an organization: import only into an empty database");
        }
        checkEntries(zip);
        int n = copyFiles(zip, files, copied);
        Map<String, Long> rows = db.write(tx -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (ExportTables.Table t : ExportTables.TABLES) counts.put(t.name(), table(tx.h(), dump, zip, t.name()));
            // the exporting server's avatar salt: the avatar files came with the names it gives them
            if (manifest.path("avatar_salt").isTextual()) new ServerSecretStore().avatarSalt(tx.h(), manifest.get("avatar_salt").asText());
            new MessageStore(db.dialect()).reindexAll(tx.h());
            return counts;
        });
        return new Summary(rows, n, exported);
    }

    /** Every entry must be one this Stoa knows: an unknown table would be data left behind silently. */
    private static void checkEntries(ZipFile zip) {
        for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements(); ) {
            String name = en.nextElement().getName();
            if (name.equals("manifest.json") || FILE_ENTRY.matcher(name).matches()) continue;
            if (name.startsWith("tables/") && name.endsWith(".jsonl")) {
                String table = name.substring(7, name.length() - 6);
                if (ExportTables.TABLES.stream().anyMatch(t -> t.name().equals(table))) continue;
                throw new ImportError("the export holds table " + table + ", which this Stoa does not know");
            }
            throw new ImportError("unexpected entry in the export: " + name);
        }
    }

    /** Zip entries uploads/x and emoji/[still/]x are the file store's keys. */
    private static int copyFiles(ZipFile zip, FileStore files, List<String> copied) throws IOException {
        int n = 0;
        for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements(); ) {
            ZipEntry e = en.nextElement();
            if (!FILE_ENTRY.matcher(e.getName()).matches()) continue;
            try (InputStream in = zip.getInputStream(e)) {
                files.put(e.getName(), in.readAllBytes(), "application/octet-stream");
            }
            copied.add(e.getName());
            n++;
        }
        return n;
    }

    /** Inserts one table's rows; returns how many. */
    private static long table(Handle h, DumpStore dump, ZipFile zip, String table) throws IOException {
        dump.clear(h, table);
        ZipEntry e = zip.getEntry("tables/" + table + ".jsonl");
        if (e == null) return 0; // an older export, from before this table existed
        Map<String, DumpStore.Column> target = new LinkedHashMap<>();
        dump.columns(h, table).forEach(c -> target.put(c.name(), c));
        String deferred = ExportTables.DEFERRED_COLUMNS.get(table);
        Map<Long, Object> later = new LinkedHashMap<>();
        List<DumpStore.Column> columns = null;
        List<Object[]> batch = new ArrayList<>();
        long n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(zip.getInputStream(e), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank()) continue;
                JsonNode row = Json.MAPPER.readTree(line);
                if (columns == null) columns = columnsOf(row, target, table);
                Object[] values = values(row, columns, table);
                if (deferred != null) defer(values, columns, deferred, later);
                batch.add(values);
                n++;
                if (batch.size() == BATCH) {
                    dump.insert(h, table, columns, batch);
                    batch.clear();
                }
            }
        }
        if (columns != null) dump.insert(h, table, columns, batch);
        later.forEach((id, v) -> dump.setColumn(h, table, deferred, id, v));
        if (target.containsKey("id")) dump.resetIdentity(h, table);
        return n;
    }

    /** The row's columns, which must all exist here (names are checked against the database's own: they reach SQL). */
    private static List<DumpStore.Column> columnsOf(JsonNode row, Map<String, DumpStore.Column> target, String table) {
        List<DumpStore.Column> out = new ArrayList<>();
        for (String name : (Iterable<String>) row::fieldNames) {
            DumpStore.Column c = target.get(name);
            if (c == null) throw new ImportError("column " + table + "." + name + " of the export is not in this Stoa's schema");
            out.add(c);
        }
        return out;
    }

    private static Object[] values(JsonNode row, List<DumpStore.Column> columns, String table) {
        if (row.size() != columns.size()) throw new ImportError("table " + table + ": rows with different columns");
        Object[] out = new Object[columns.size()];
        for (int i = 0; i < out.length; i++) {
            DumpStore.Column c = columns.get(i);
            if (!row.has(c.name())) throw new ImportError("table " + table + ": a row without column " + c.name());
            out[i] = value(row.get(c.name()), c);
        }
        return out;
    }

    /** The JSON value as the column's type (booleans from either dialect's form, numbers as Long or Double). */
    private static Object value(JsonNode v, DumpStore.Column c) {
        if (v == null || v.isNull()) return null;
        if (c.isBoolean()) return v.isBoolean() ? v.booleanValue() : v.asLong() != 0;
        if (v.isIntegralNumber()) return v.longValue();
        if (v.isNumber()) return v.doubleValue();
        if (v.isBoolean()) return v.booleanValue();
        return v.asText();
    }

    private static void defer(Object[] values, List<DumpStore.Column> columns, String deferred, Map<Long, Object> later) {
        int idAt = -1, at = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals("id")) idAt = i;
            if (columns.get(i).name().equals(deferred)) at = i;
        }
        if (at < 0 || values[at] == null) return;
        later.put((Long) values[idAt], values[at]);
        values[at] = null;
    }

    private static void cleanUp(Path dataDir, boolean freshDir, FileStore files, List<String> copied) {
        try {
            if (files != null) for (String key : copied) files.delete(key);
            if (freshDir && Files.isDirectory(dataDir)) {
                try (var all = Files.walk(dataDir)) {
                    all.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dataDir)).forEach(p -> p.toFile().delete());
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // best effort: the refusal message already says the import did not happen
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
