package dev.stoa.config;

import dev.stoa.storage.FileStore;
import dev.stoa.storage.LocalFileStore;
import dev.stoa.storage.S3FileStore;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Where uploaded files live (issue 17): --upload-storage local (the data directory; one node, the
 * default) or s3 (an S3-compatible bucket every node shares), with --s3-endpoint (empty: AWS
 * itself), --s3-bucket, --s3-region (default us-east-1), --s3-access-key and --s3-secret-key (both
 * or neither: without them the AWS SDK's default chain, e.g. AWS_ACCESS_KEY_ID); or the STOA_*
 * environment variables of the same names (STOA_S3_SECRET_KEY keeps the secret off the command
 * line). toString never shows the secret.
 */
public record StorageConfig(String kind, String endpoint, String bucket, String region, String accessKey, String secretKey) {
    public static final String[] NAMES = {"upload-storage", "s3-endpoint", "s3-bucket", "s3-region", "s3-access-key", "s3-secret-key"};

    public static StorageConfig local() {
        return new StorageConfig("local", null, null, null, null, null);
    }

    public static StorageConfig s3(String endpoint, String bucket, String region, String accessKey, String secretKey) {
        Map<String, String> v = new HashMap<>(Map.of("upload-storage", "s3"));
        v.put("s3-endpoint", endpoint);
        v.put("s3-bucket", bucket);
        if (region != null) v.put("s3-region", region);
        v.put("s3-access-key", accessKey);
        v.put("s3-secret-key", secretKey);
        return from(v);
    }

    static StorageConfig from(Map<String, String> v) {
        String kind = v.getOrDefault("upload-storage", "local");
        if (kind.equals("local")) return local();
        if (!kind.equals("s3")) throw new Config.ConfigError("--upload-storage must be local or s3, got '" + kind + "'");
        String bucket = v.get("s3-bucket");
        // S3's bucket naming rules, checked here so that a typo is a start-up line, not an SDK stack trace
        if (bucket == null || !bucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
            throw new Config.ConfigError("--upload-storage s3 needs --s3-bucket (3 to 63 lower-case letters, digits, dots, hyphens), got '" + bucket + "'");
        }
        String endpoint = blankToNull(v.get("s3-endpoint"));
        if (endpoint != null) {
            try {
                URI u = URI.create(endpoint);
                if (u.getScheme() == null || !u.getScheme().matches("https?") || u.getHost() == null) throw new IllegalArgumentException();
            } catch (IllegalArgumentException e) {
                throw new Config.ConfigError("--s3-endpoint must be an http(s) URL, got '" + endpoint + "'");
            }
        }
        String key = blankToNull(v.get("s3-access-key")), secret = blankToNull(v.get("s3-secret-key"));
        if ((key == null) != (secret == null)) throw new Config.ConfigError("--s3-access-key and --s3-secret-key go together");
        return new StorageConfig("s3", endpoint, bucket, v.getOrDefault("s3-region", "us-east-1"), key, secret);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** Opens the configured store: the data directory's files, or the bucket (checked reachable, created if missing). */
    public FileStore open(Path dataDir) {
        if (kind.equals("local")) return new LocalFileStore(dataDir);
        return new S3FileStore(new S3FileStore.Settings(endpoint, bucket, region, accessKey, secretKey));
    }

    @Override
    public String toString() {
        return kind.equals("local") ? "local" : "s3 " + new S3FileStore.Settings(endpoint, bucket, region, null, null);
    }
}
