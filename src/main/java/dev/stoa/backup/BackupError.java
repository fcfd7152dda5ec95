package dev.stoa.backup;

/** A backup or restore that cannot be done: one clear line for the command line. */
public final class BackupError extends RuntimeException {
    public BackupError(String msg) {
        super(msg);
    }
}
