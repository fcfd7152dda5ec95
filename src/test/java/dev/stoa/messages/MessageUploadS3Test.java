package dev.stoa.messages;

import dev.stoa.config.Config;
import dev.stoa.testing.S3Mock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every upload test again with the files in an S3-compatible bucket (S3Mock), none in the data directory. */
@org.junit.jupiter.api.extension.ExtendWith(S3Mock.Started.class)
class MessageUploadS3Test extends MessageUploadTest {
    @Override
    protected Config storage(Config c) {
        return c.withStorage(S3Mock.freshBucket());
    }

    @Test
    void theFilesAreInTheBucketNotTheDataDirectory() {
        String url = uploadRaw(member, "where.txt", "in the bucket").get("url").asText();
        String storageName = server.stoa.db().read(h -> h.createQuery("SELECT storage_name FROM attachments WHERE path_id = ?")
                .bind(0, url.substring("/user_uploads/".length())).mapTo(String.class).one());
        assertThat(server.stoa.files().read(UploadActions.key(storageName))).hasValueSatisfying(
                b -> assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo("in the bucket"));
        assertThat(server.stoa.files().local()).isFalse();
        assertThat(Files.exists(server.dataDir.resolve("uploads"))).isFalse();
    }
}
