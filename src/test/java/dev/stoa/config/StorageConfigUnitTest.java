package dev.stoa.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** --upload-storage and the S3 options: defaults, flags and STOA_ variables, one clear line for each mistake, no secret shown. */
class StorageConfigUnitTest {
    private static Config parse(Map<String, String> env, String... args) {
        return Config.parse(args, env);
    }

    @Test
    void localByDefaultS3FromFlagsOrEnvironment() {
        assertThat(parse(Map.of()).storage().kind()).isEqualTo("local");
        StorageConfig s = parse(Map.of("STOA_S3_SECRET_KEY", "top-secret", "STOA_S3_ACCESS_KEY", "AKIA1"),
                "--upload-storage", "s3", "--s3-bucket", "stoa-files", "--s3-endpoint", "http://127.0.0.1:9000").storage();
        assertThat(s).extracting(StorageConfig::kind, StorageConfig::bucket, StorageConfig::endpoint, StorageConfig::region, StorageConfig::accessKey)
                .containsExactly("s3", "stoa-files", "http://127.0.0.1:9000", "us-east-1", "AKIA1");
        assertThat(s.secretKey()).isEqualTo("top-secret");
        assertThat(s.toString()).doesNotContain("top-secret").contains("stoa-files");
        assertThat(parse(Map.of(), "--upload-storage", "s3", "--s3-bucket", "b-1", "--s3-region", "eu-west-3").storage().toString())
                .doesNotContain("top-secret").contains("eu-west-3");
    }

    @Test
    void mistakesAreOneClearLine() {
        assertThatThrownBy(() -> parse(Map.of(), "--upload-storage", "ftp")).hasMessage("--upload-storage must be local or s3, got 'ftp'");
        assertThatThrownBy(() -> parse(Map.of(), "--upload-storage", "s3")).hasMessageContaining("--upload-storage s3 needs --s3-bucket");
        assertThatThrownBy(() -> parse(Map.of(), "--upload-storage", "s3", "--s3-bucket", "Bad_Bucket")).hasMessageContaining("got 'Bad_Bucket'");
        assertThatThrownBy(() -> parse(Map.of(), "--upload-storage", "s3", "--s3-bucket", "ok-bucket", "--s3-endpoint", "minio:9000"))
                .hasMessage("--s3-endpoint must be an http(s) URL, got 'minio:9000'");
        assertThatThrownBy(() -> parse(Map.of(), "--upload-storage", "s3", "--s3-bucket", "ok-bucket", "--s3-access-key", "AKIA1"))
                .hasMessage("--s3-access-key and --s3-secret-key go together");
    }
}
