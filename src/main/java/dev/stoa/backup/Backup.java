package dev.stoa.backup;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.storage.FileStore;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * `./stoa backup`: a consistent snapshot of a RUNNING server, as one zip: manifest.json, the
 * database (database/stoa.db, SQLite's VACUUM INTO; or database/postgres.dump, pg_dump's custom
 * format) and, for files in the data directory, every stored file under files/<key>.
 *
 * Order matters: the database snapshot first, then the files. A file is written before the row
 * that names it commits, and deleted only after that row's deletion commits, so every file the
 * snapshot's rows name is there when the copy starts; files added after the snapshot are copied
 * too (unnamed, harmless). The one gap: a file the snapshot names that is deleted during the
 * copy; the manifest counts the files that vanished so.
 *
 * With S3 storage the objects stay in the bucket (Stoa never overwrites one, and deletes one only
 * when its upload is deleted): protect them with the bucket's versioning and replication; --files
 * include copies them into the backup as well.
 */
public final class Backup {
    public static final String FORMAT = "stoa-backup";
    public static final int FORMAT_VERSION = 1;

    /** What went in. */
    public record Summary(String dialect, long databaseBytes, int files, int vanished, boolean filesIncluded) {}

    private Backup() {}

    /** Writes the backup to target (replaced only once complete). databaseUrl null: SQLite under dataDir. */
    public static Summary run(Path dataDir, String databaseUrl, FileStore files, boolean includeFiles, Path target, Clock clock) {
        Path dir = target.toAbsolutePath().getParent();
        Path work = null;
        Path partial = null;
        try {
            Files.createDirectories(dir);
            work = Files.createTempDirectory(dir, ".stoa-backup-");
            partial = Files.createTempFile(dir, ".stoa-backup-", ".partial");
            Summary s = write(dataDir, databaseUrl, files, includeFiles, work, partial, clock);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return s;
        } catch (IOException | SQLException e) {
            throw new BackupError("backup failed: " + e.getMessage());
        } finally {
            deleteQuietly(work);
            deleteQuietly(partial);
        }
    }

    private static Summary write(Path dataDir, String databaseUrl, FileStore files, boolean includeFiles, Path work, Path partial, Clock clock)
            throws IOException, SQLException {
        String dialect = databaseUrl == null ? "sqlite" : "postgres";
        String started = clock.instant().toString();
        Path db = snapshot(dataDir, databaseUrl, work);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial)); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("database/" + db.getFileName()));
            Files.copy(db, zip);
            zip.closeEntry();
            int[] counts = includeFiles ? copyFiles(files, zip) : new int[] {0, 0};
            ObjectNode m = Json.object().put("format", FORMAT).put("format_version", FORMAT_VERSION).put("dialect", dialect)
                    .put("started_at", started).put("finished_at", clock.instant().toString()).put("database", "database/" + db.getFileName())
                    .put("storage", files.describe()).put("files_included", includeFiles).put("files", counts[0]).put("vanished_files", counts[1]);
            if (databaseUrl == null) m.put("schema_version", BackupStore.sqliteSchemaVersion(db));
            else m.put("postgres_schema", PgConnection.parse(databaseUrl).schema());
            zip.putNextEntry(new ZipEntry("manifest.json"));
            zip.write(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(m));
            zip.closeEntry();
            return new Summary(dialect, Files.size(db), counts[0], counts[1], includeFiles);
        }
    }

    /** The database as of one moment, in a file under work. */
    private static Path snapshot(Path dataDir, String databaseUrl, Path work) throws SQLException {
        if (databaseUrl == null) {
            Path source = dataDir.resolve("stoa.db");
            if (!Files.isRegularFile(source)) throw new BackupError("no database under " + dataDir.toAbsolutePath() + " (stoa.db)");
            Path copy = work.resolve("stoa.db");
            BackupStore.sqliteSnapshot(source, copy);
            return copy;
        }
        Path dump = work.resolve("postgres.dump");
        PgTools.dump(PgConnection.parse(databaseUrl), dump);
        return dump;
    }

    /** Every stored file, as files/<key>; returns {copied, vanished since listed}. */
    private static int[] copyFiles(FileStore files, ZipOutputStream zip) throws IOException {
        int copied = 0, vanished = 0;
        for (String prefix : List.of("uploads/", "emoji/", "exports/")) {
            for (String key : files.list(prefix)) {
                Optional<FileStore.Blob> blob = files.open(key);
                if (blob.isEmpty()) {
                    vanished++;
                    continue;
                }
                try (FileStore.Blob b = blob.get()) {
                    zip.putNextEntry(new ZipEntry("files/" + key));
                    b.in().transferTo(zip);
                    zip.closeEntry();
                }
                copied++;
            }
        }
        return new int[] {copied, vanished};
    }

    static void deleteQuietly(Path p) {
        if (p == null || !Files.exists(p)) return;
        try (var all = Files.walk(p)) {
            all.sorted(Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
        } catch (IOException | RuntimeException ignored) {
            // a leftover temporary file is harmless
        }
    }
}
