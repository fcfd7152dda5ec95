package dev.stoa.storage;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, S3Mock...), through the AWS
 * SDK for Java v2 with its small URLConnection HTTP client. Path-style requests
 * (endpoint/bucket/key), so any endpoint works without wildcard DNS; checksums only where the
 * S3 API requires them, since servers other than AWS often reject the SDK's newer defaults.
 * Every node of a cluster names the same bucket and so sees the same files.
 */
public final class S3FileStore implements FileStore {
    /** Where and as whom: endpoint null means AWS itself; keys null means the SDK's default chain (env, profile, instance role). */
    public record Settings(String endpoint, String bucket, String region, String accessKey, String secretKey) {
        @Override
        public String toString() {
            return "S3 bucket " + bucket + (endpoint == null ? "" : " at " + endpoint) + " (" + region + ")";
        }
    }

    private final S3Client s3;
    private final Settings settings;

    public S3FileStore(Settings s) {
        this.settings = s;
        S3ClientBuilder b = S3Client.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.of(s.region()))
                .forcePathStyle(true).credentialsProvider(credentials(s))
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        if (s.endpoint() != null) b.endpointOverride(URI.create(s.endpoint()));
        this.s3 = b.build();
        try {
            ensureBucket();
        } catch (RuntimeException e) {
            s3.close();
            throw e;
        }
    }

    private static AwsCredentialsProvider credentials(Settings s) {
        if (s.accessKey() == null) return DefaultCredentialsProvider.builder().build();
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(s.accessKey(), s.secretKey()));
    }

    /** The bucket must be reachable at start: a wrong endpoint or key is a start-up error, not a failed upload later. */
    private void ensureBucket() {
        try {
            s3.headBucket(r -> r.bucket(settings.bucket()));
        } catch (NoSuchBucketException e) {
            create();
        } catch (S3Exception e) {
            if (e.statusCode() != 404) throw new StorageException("cannot reach " + settings + ": " + e.getMessage(), e);
            create();
        } catch (SdkException e) {
            throw new StorageException("cannot reach " + settings + ": " + e.getMessage(), e);
        }
    }

    private void create() {
        try {
            s3.createBucket(r -> r.bucket(settings.bucket()));
        } catch (SdkException e) {
            throw new StorageException(settings + " does not exist and cannot be created: " + e.getMessage(), e);
        }
    }

    @Override
    public void put(String key, byte[] bytes, String contentType) {
        try {
            s3.putObject(r -> r.bucket(settings.bucket()).key(FileStore.checkKey(key)).contentType(contentType), RequestBody.fromBytes(bytes));
        } catch (SdkException e) {
            throw new StorageException("cannot store " + key + " in " + settings, e);
        }
    }

    @Override
    public void putFile(String key, Path file, String contentType) {
        try {
            s3.putObject(r -> r.bucket(settings.bucket()).key(FileStore.checkKey(key)).contentType(contentType), RequestBody.fromFile(file));
            Files.deleteIfExists(file);
        } catch (SdkException | IOException e) {
            throw new StorageException("cannot store " + key + " in " + settings, e);
        }
    }

    @Override
    public Optional<byte[]> read(String key) {
        try {
            return Optional.of(s3.getObjectAsBytes(r -> r.bucket(settings.bucket()).key(FileStore.checkKey(key))).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw new StorageException("cannot read " + key + " from " + settings, e);
        }
    }

    @Override
    public Optional<Blob> open(String key) {
        try {
            ResponseInputStream<GetObjectResponse> in = s3.getObject(r -> r.bucket(settings.bucket()).key(FileStore.checkKey(key)));
            return Optional.of(new Blob(in.response().contentLength(), in));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw new StorageException("cannot read " + key + " from " + settings, e);
        }
    }

    @Override
    public void delete(String key) {
        try {
            s3.deleteObject(r -> r.bucket(settings.bucket()).key(FileStore.checkKey(key)));
        } catch (SdkException e) {
            throw new StorageException("cannot delete " + key + " from " + settings, e);
        }
    }

    @Override
    public void deleteUnder(String prefix) {
        for (String key : list(prefix)) delete(key);
    }

    @Override
    public List<String> list(String prefix) {
        List<String> out = new ArrayList<>();
        try {
            for (S3Object o : s3.listObjectsV2Paginator(r -> r.bucket(settings.bucket()).prefix(FileStore.checkPrefix(prefix))).contents()) {
                out.add(o.key());
            }
        } catch (SdkException e) {
            throw new StorageException("cannot list " + prefix + " in " + settings, e);
        }
        return out;
    }

    @Override
    public String describe() {
        return settings.toString();
    }

    @Override
    public boolean local() {
        return false;
    }

    @Override
    public void close() {
        s3.close();
    }
}
