package dev.stoa.backup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** pg_dump and pg_restore (PostgreSQL's client package), run as child processes. */
final class PgTools {
    private PgTools() {}

    /**
     * pg_dump in its custom format: it reads everything in one repeatable-read transaction, so the
     * dump is one consistent snapshot while the server goes on writing. Only Stoa's schema when the
     * URL names one (currentSchema), else the whole database.
     */
    static void dump(PgConnection c, Path target) {
        List<String> cmd = new ArrayList<>(List.of("pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file", target.toString()));
        if (c.schema() != null) cmd.addAll(List.of("--schema", c.schema()));
        cmd.addAll(c.args());
        run(c, cmd);
    }

    /** pg_restore in one transaction: an error leaves the target database as it was. */
    static void restore(PgConnection c, Path dump) {
        List<String> cmd = new ArrayList<>(List.of("pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"));
        cmd.addAll(c.args());
        cmd.add(dump.toString());
        run(c, cmd);
    }

    private static void run(PgConnection c, List<String> cmd) {
        try {
            Path err = Files.createTempFile("stoa-pg", ".err");
            try {
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(false).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(err.toFile());
                c.environment(pb.environment());
                int code = pb.start().waitFor();
                if (code != 0) {
                    String msg = Files.readString(err, StandardCharsets.UTF_8).strip();
                    throw new BackupError(cmd.getFirst() + " failed (exit " + code + "): " + (msg.length() > 800 ? msg.substring(0, 800) + "..." : msg));
                }
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new BackupError("cannot run " + cmd.getFirst() + " (PostgreSQL's client tools, Debian package postgresql-client): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackupError(cmd.getFirst() + " was interrupted");
        }
    }
}
