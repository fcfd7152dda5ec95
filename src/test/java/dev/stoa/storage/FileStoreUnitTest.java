package dev.stoa.storage;

import dev.stoa.config.StorageConfig;
import dev.stoa.testing.S3Mock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one contract both back ends keep: the data directory and an S3-compatible bucket (S3Mock). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.junit.jupiter.api.extension.ExtendWith(S3Mock.Started.class)
class FileStoreUnitTest {
    private Path dir;
    private FileStore local, s3;

    @BeforeAll
    void open() throws IOException {
        dir = Files.createTempDirectory("stoa-filestore");
        local = new LocalFileStore(dir);
        s3 = S3Mock.freshBucket().open(dir.resolve("unused"));
    }

    @AfterAll
    void close() throws IOException {
        s3.close();
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    Stream<FileStore> stores() {
        return Stream.of(local, s3);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void putReadOpenListDelete(FileStore f) throws IOException {
        byte[] body = "bytes of a file\u0000\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        f.put("uploads/abc", body, "text/plain");
        f.put("uploads/abc", body, "text/plain"); // replacing is allowed (never done by Stoa, harmless)
        assertThat(f.read("uploads/abc")).hasValue(body);
        try (FileStore.Blob b = f.open("uploads/abc").orElseThrow()) {
            assertThat(b.length()).isEqualTo(body.length);
            assertThat(b.in().readAllBytes()).isEqualTo(body);
        }
        assertThat(f.read("uploads/none")).isEmpty();
        assertThat(f.open("uploads/none")).isEmpty();
        f.put("emoji/still/x.png", new byte[] {1}, "image/png");
        assertThat(f.list("uploads/")).containsExactly("uploads/abc");
        assertThat(f.list("emoji/")).containsExactly("emoji/still/x.png");
        assertThat(f.list("exports/")).isEmpty();
        f.delete("uploads/abc");
        f.delete("uploads/abc"); // deleting what is gone is no error
        assertThat(f.read("uploads/abc")).isEmpty();
        f.delete("emoji/still/x.png");
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aLocalFileIsMovedInAndFoldersGoWhole(FileStore f) throws IOException {
        Path tmp = Files.createTempFile(dir, "export", ".zip");
        Files.write(tmp, new byte[100_000]);
        f.putFile("exports/7/stoa-export.zip", tmp, "application/zip");
        assertThat(tmp).doesNotExist();
        assertThat(f.read("exports/7/stoa-export.zip").orElseThrow()).hasSize(100_000);
        f.put("exports/7/other", new byte[] {2}, "application/octet-stream");
        f.put("exports/70/keep", new byte[] {3}, "application/octet-stream");
        f.deleteUnder("exports/7/");
        assertThat(f.list("exports/")).containsExactly("exports/70/keep");
        f.deleteUnder("exports/");
        assertThat(f.list("exports/")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("stores")
    void keysCannotLeaveTheirPlace(FileStore f) {
        for (String bad : new String[] {"../x", "uploads/../../etc/passwd", "/abs", "uploads//x", "uploads/.hidden", "", "a\\b"}) {
            assertThatThrownBy(() -> f.put(bad, new byte[0], "x")).as(bad).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> f.read(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @org.junit.jupiter.api.Test
    void anUnreachableEndpointIsAStartUpError() {
        assertThatThrownBy(() -> StorageConfig.s3("http://127.0.0.1:1", "stoa-nowhere", "us-east-1", "k", "s").open(dir))
                .isInstanceOf(StorageException.class).hasMessageContaining("cannot reach S3 bucket stoa-nowhere at http://127.0.0.1:1");
    }
}
