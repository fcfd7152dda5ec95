package dev.stoa.cli;

import dev.stoa.config.Config;
import dev.stoa.backup.Backup;
import dev.stoa.backup.BackupError;
import dev.stoa.backup.Restore;
import dev.stoa.storage.FileStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * `./stoa backup` and `./stoa restore` (issue 17). Neither builds a Core: a backup only reads a
 * running server's database (and files) beside it, and a restore writes into a new place that no
 * server uses yet; the server started there migrates as on any start.
 */
final class BackupCommands {
    static final List<String> BACKUP_OPTIONS = List.of("file", "files");
    static final List<String> RESTORE_OPTIONS = List.of("file");

    private BackupCommands() {}

    static void run(String cmd, Config config, Map<String, String> opts) {
        List<String> allowed = cmd.equals("backup") ? BACKUP_OPTIONS : RESTORE_OPTIONS;
        for (String name : opts.keySet()) {
            if (!allowed.contains(name)) throw new Admin.AdminError("unknown option --" + name + " for " + cmd + "\n" + Admin.USAGE);
        }
        String file = opts.get("file");
        if (file == null || file.isBlank()) throw new Admin.AdminError("missing --file\n" + Admin.USAGE);
        try {
            if (cmd.equals("backup")) backup(config, Path.of(file), opts.get("files"));
            else restore(config, Path.of(file));
        } catch (BackupError e) {
            throw new Admin.AdminError(e.getMessage());
        } catch (RuntimeException e) {
            throw new Admin.AdminError(cmd + " failed: " + Main.rootMessage(e));
        }
    }

    private static void backup(Config config, Path file, String filesOpt) {
        try (FileStore files = config.storage().open(config.dataDir())) {
            boolean include = switch (filesOpt == null ? "auto" : filesOpt) {
                case "auto" -> files.local();
                case "include" -> true;
                case "skip" -> false;
                default -> throw new Admin.AdminError("--files must be include or skip, got '" + filesOpt + "'");
            };
            Backup.Summary s = Backup.run(config.dataDir(), config.databaseUrl(), files, include, file, Clock.systemUTC());
            System.out.println("backed up the " + s.dialect() + " database (" + s.databaseBytes() / 1024 + " KiB) and "
                    + (include ? s.files() + " files" : "no files (they stay in " + files.describe() + ")") + " to " + file.toAbsolutePath()
                    + (s.vanished() > 0 ? "; " + s.vanished() + " files were deleted while the backup ran" : ""));
        }
    }

    private static void restore(Config config, Path file) {
        Restore.Summary s = Restore.run(file, config.dataDir(), config.databaseUrl(), config.storage()::open);
        System.out.println("restored the " + s.dialect() + " database and " + s.files() + " files"
                + (config.databaseUrl() == null ? " into " + config.dataDir().toAbsolutePath() : "")
                + "; start the server with ./stoa run" + (config.databaseUrl() == null ? " --data-dir " + config.dataDir() : ""));
    }
}
