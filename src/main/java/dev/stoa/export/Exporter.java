package dev.stoa.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.storage.FileStore;
import dev.stoa.users.AvatarUrls;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jdbi.v3.core.Handle;

/**
 * Writes an export file (docs/export-format.md): a zip with manifest.json, one JSON-lines file per
 * table of ExportTables (tables/<name>.jsonl, one row per line, columns as in the database) and the
 * files the rows name: uploads/<storage_name> and emoji/[still/]<file_name>. Every table is read in
 * ONE read transaction, so the export is a consistent snapshot however long it takes.
 */
public final class Exporter {
    public static final String FORMAT = "stoa-export";
    public static final int FORMAT_VERSION = 1;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What goes in: public data only, private data of consenting users too, or everything (the CLI's backup). */
    public enum Kind {
        PUBLIC("public"), FULL_WITH_CONSENT("full_with_consent"), FULL("full");

        public final String wireName;

        Kind(String wireName) { this.wireName = wireName; }
    }

    /** How many rows each table gave, and the files that went in. */
    public record Summary(String schemaVersion, Map<String, Long> rows, int files) {}

    /** The rows' side of an export: counts, and the files they name, gathered while the tables stream out. */
    private record Snapshot(String schemaVersion, Map<String, Long> rows, List<String> uploads, List<String> emoji, List<String> avatars,
                            List<Long> consenting) {}

    /** Where uploaded avatars are (AvatarImages' keys), in the file store and in the zip alike. */
    private static final String AVATARS = "avatars/" + AvatarUrls.REALM_ID + "/";

    private final Db db;
    private final DumpStore dump;
    private final UserStore users;
    private final FileStore files;
    private final String realmHost;
    private final Clock clock;

    private final AvatarUrls avatarUrls;
    private final OwedRows owedRows;

    /** Writes every user_message row soft-deactivated people are owed (messages), in a transaction of its own. */
    @FunctionalInterface
    public interface OwedRows {
        void writeAll();
    }

    public Exporter(Db db, UserStore users, FileStore files, String realmHost, Clock clock, AvatarUrls avatarUrls, OwedRows owedRows) {
        this.owedRows = owedRows;
        this.avatarUrls = avatarUrls;
        this.db = db;
        this.dump = new DumpStore(db.dialect());
        this.users = users;
        this.files = files;
        this.realmHost = realmHost;
        this.clock = clock;
    }

    /** Writes the export to `target` (created or replaced). */
    public Summary write(Kind kind, Path target) throws IOException {
        // The export holds every row a client could see, as if nobody had been idle (the import knows no idleness).
        owedRows.writeAll();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target)); ZipOutputStream zip = new ZipOutputStream(out)) {
            Snapshot s = db.read(h -> tables(h, kind, zip));
            List<String> missing = new ArrayList<>();
            int files = copy(zip, "uploads/", s.uploads(), missing) + copy(zip, "emoji/", s.emoji(), missing)
                    + copy(zip, AVATARS, s.avatars(), missing);
            zip.putNextEntry(new ZipEntry("manifest.json"));
            zip.write(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest(kind, s, files, missing)));
            zip.closeEntry();
            return new Summary(s.schemaVersion(), s.rows(), files);
        }
    }

    private Snapshot tables(Handle h, Kind kind, ZipOutputStream zip) throws IOException {
        List<User> all = users.all(h);
        // A public export takes nobody's private data; [-1] matches no user (an SQL IN list cannot be empty).
        List<Long> consenting = new ArrayList<>(kind == Kind.FULL_WITH_CONSENT
                ? all.stream().filter(u -> u.setting("allow_private_data_export").asBoolean(false)).map(User::id).toList() : List.of());
        Map<Long, User> byId = new LinkedHashMap<>();
        all.forEach(u -> byId.put(u.id(), u));
        Map<String, Long> counts = new LinkedHashMap<>();
        List<String> uploads = new ArrayList<>(), emoji = new ArrayList<>(), avatars = new ArrayList<>();
        for (ExportTables.Table t : ExportTables.TABLES) {
            zip.putNextEntry(new ZipEntry("tables/" + t.name() + ".jsonl"));
            long[] n = {0};
            dump.dump(h, t, kind == Kind.FULL, consenting.isEmpty() ? List.of(-1L) : consenting, row -> {
                if (t.name().equals("users") && kind != Kind.FULL) hideEmail(row, byId, consenting);
                if (t.name().equals("attachments")) uploads.add((String) row.get("storage_name"));
                if (t.name().equals("users") && "U".equals(row.get("avatar_source"))) {
                    String base = avatarUrls.base(((Number) row.get("id")).longValue(), ((Number) row.get("avatar_version")).intValue());
                    for (String suffix : new String[] {".original", ".png", "-medium.png"}) avatars.add(base + suffix);
                }
                if (t.name().equals("realm_emoji")) {
                    emoji.add((String) row.get("file_name"));
                    if (row.get("still_file_name") instanceof String still) emoji.add("still/" + still);
                }
                zip.write(Json.MAPPER.writeValueAsBytes(row));
                zip.write('\n');
                n[0]++;
            });
            zip.closeEntry();
            counts.put(t.name(), n[0]);
        }
        return new Snapshot(dump.schemaVersion(h), counts, uploads, emoji, avatars, consenting);
    }

    /**
     * As Zulip's export: a user who lets nobody see their address and did not consent keeps it out
     * of the export, under a generated one (administrators cannot read it in the organization either).
     */
    private void hideEmail(Map<String, Object> row, Map<Long, User> byId, List<Long> consenting) {
        long id = (Long) row.get("id");
        User u = byId.get(id);
        if (u == null || consenting.contains(id) || u.setting("email_address_visibility").asInt() != UserJson.EMAIL_NOBODY) return;
        byte[] token = new byte[16];
        RANDOM.nextBytes(token);
        row.put("delivery_email", "exported-user-" + HexFormat.of().formatHex(token) + "@" + realmHost);
    }

    /**
     * Copies the named files (keys prefix + name in the file store, the same names in the zip) into
     * the zip; a file gone since its row was read is listed as missing.
     */
    private int copy(ZipOutputStream zip, String prefix, List<String> names, List<String> missing) throws IOException {
        int n = 0;
        for (String name : names) {
            var blob = files.open(prefix + name);
            if (blob.isEmpty()) {
                missing.add(prefix + name);
                continue;
            }
            try (var b = blob.get()) {
                zip.putNextEntry(new ZipEntry(prefix + name));
                b.in().transferTo(zip);
                zip.closeEntry();
            }
            n++;
        }
        return n;
    }

    private ObjectNode manifest(Kind kind, Snapshot s, int files, List<String> missing) {
        ObjectNode m = Json.object();
        m.put("format", FORMAT);
        m.put("format_version", FORMAT_VERSION);
        m.put("schema_version", s.schemaVersion());
        m.put("dialect", db.dialect().name().toLowerCase(Locale.ROOT));
        m.put("export_type", kind.wireName);
        m.put("exported_at", clock.instant().toString());
        m.put("realm_host", realmHost);
        // the avatar files keep their names (and their URLs stay valid) when the new server takes this salt
        m.put("avatar_salt", avatarUrls.salt());
        ArrayNode consenting = m.putArray("consenting_user_ids");
        if (kind == Kind.FULL_WITH_CONSENT) s.consenting().forEach(consenting::add);
        ObjectNode tables = m.putObject("tables");
        s.rows().forEach(tables::put);
        ObjectNode excluded = m.putObject("excluded_tables");
        new TreeMap<>(ExportTables.EXCLUDED).forEach(excluded::put);
        m.put("files", files);
        ArrayNode gone = m.putArray("missing_files");
        missing.forEach(gone::add);
        return m;
    }
}
