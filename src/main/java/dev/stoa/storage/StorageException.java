package dev.stoa.storage;

/** The file store failed (disk, network, bucket): the request that needed it answers a 500. */
public final class StorageException extends RuntimeException {
    public StorageException(String msg, Throwable cause) {
        super(msg, cause);
    }
}
