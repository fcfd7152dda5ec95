package dev.stoa.storage;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Files under the data directory, a key being a relative path there: the layout Stoa always had
 * ({data}/uploads, {data}/emoji, {data}/exports). Writes go to a temporary file renamed into place,
 * so a reader never sees half a file.
 */
public final class LocalFileStore implements FileStore {
    private final Path root;

    public LocalFileStore(Path root) {
        this.root = root;
    }

    private Path path(String key) {
        return root.resolve(FileStore.checkKey(key));
    }

    @Override
    public void put(String key, byte[] bytes, String contentType) {
        Path target = path(key);
        try {
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), ".put-", ".tmp");
            Files.write(tmp, bytes);
            move(tmp, target);
        } catch (IOException e) {
            throw new StorageException("cannot write " + target, e);
        }
    }

    @Override
    public void putFile(String key, Path file, String contentType) {
        Path target = path(key);
        try {
            Files.createDirectories(target.getParent());
            move(file, target);
        } catch (IOException e) {
            throw new StorageException("cannot write " + target, e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            // another file system (a temporary directory elsewhere): copy beside the target, then rename
            Path tmp = Files.createTempFile(to.getParent(), ".put-", ".tmp");
            Files.copy(from, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(from);
        }
    }

    @Override
    public Optional<byte[]> read(String key) {
        try {
            return Optional.of(Files.readAllBytes(path(key)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new StorageException("cannot read " + key, e);
        }
    }

    @Override
    public Optional<Blob> open(String key) {
        Path p = path(key);
        try {
            return Optional.of(new Blob(Files.size(p), Files.newInputStream(p)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new StorageException("cannot read " + key, e);
        }
    }

    @Override
    public void delete(String key) {
        try {
            Files.deleteIfExists(path(key));
        } catch (IOException e) {
            throw new StorageException("cannot delete " + key, e);
        }
    }

    @Override
    public void deleteUnder(String prefix) {
        Path dir = root.resolve(FileStore.checkPrefix(prefix));
        if (!Files.isDirectory(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new StorageException("cannot delete " + dir, e);
        }
    }

    @Override
    public List<String> list(String prefix) {
        Path dir = root.resolve(FileStore.checkPrefix(prefix));
        if (!Files.isDirectory(dir)) return List.of();
        List<String> out = new ArrayList<>();
        try (Stream<Path> all = Files.walk(dir)) {
            all.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".put-"))
                    .forEach(p -> out.add(root.relativize(p).toString().replace('\\', '/')));
        } catch (IOException e) {
            throw new StorageException("cannot list " + dir, e);
        }
        return out;
    }

    @Override
    public String describe() {
        return root.toAbsolutePath().normalize().toString();
    }

    @Override
    public boolean local() {
        return true;
    }
}
