package dev.stoa.emoji;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

public class RealmEmojiTest extends StoaTestBase {
    private static final Object[] INDIVIDUAL = {"client_capabilities", Map.of("individual_emoji_changes", true)};

    public static byte[] png(int rgb) throws Exception {
        BufferedImage img = new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB);
        img.setRGB(0, 0, rgb);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return out.toByteArray();
    }

    static byte[] animatedGif() throws Exception {
        ImageWriter w = ImageIO.getImageWritersByFormatName("gif").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            w.setOutput(ios);
            w.prepareWriteSequence(null);
            for (int c : new int[] {0xff0000, 0x00ff00}) {
                BufferedImage img = new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB);
                img.setRGB(1, 1, c);
                w.writeToSequence(new IIOImage(img, null, null), null);
            }
            w.endWriteSequence();
        }
        return out.toByteArray();
    }

    /** POST /realm/emoji/{name} with the given files as multipart parts (field name -> bytes). */
    public static ApiResponse upload(ApiClient c, String name, Map<String, byte[]> files) {
        String boundary = "stoaEmojiBoundary42";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (var f : files.entrySet()) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + f.getKey() + "\"; filename=\""
                    + f.getKey() + ".bin\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            body.writeBytes(f.getValue());
            body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        HttpRequest req = c.request("/api/v1/realm/emoji/" + name)
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build();
        return c.raw(req);
    }

    private JsonNode emojiNamed(String name) {
        for (JsonNode e : member.get("/realm/emoji").success().get("emoji")) if (e.get("name").asText().equals(name)) return e;
        return null;
    }

    @Test
    void uploadServeAndDeactivateWithEvents() throws Exception {
        byte[] image = png(0x123456);
        List<JsonNode> events = VerifyAction.verify(guest, INDIVIDUAL, () -> upload(member, "green_tick", Map.of("file", image)).success());
        assertThat(events).hasSize(1);
        assertThat(events.getFirst().get("op").asText()).isEqualTo("add");
        JsonNode e = emojiNamed("green_tick");
        assertThat(e.get("author_id").asLong()).isEqualTo(member.userId);
        assertThat(e.get("deactivated").asBoolean()).isFalse();
        assertThat(e.get("still_url").isNull()).isTrue();
        String source = e.get("source_url").asText();
        assertThat(source).matches("/user_avatars/1/emoji/images/[0-9a-f]{32}\\.png");

        HttpResponse<byte[]> served = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.baseUrl + source)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(served.body()).isEqualTo(image);
        assertThat(anonymous.raw(anonymous.request("/user_avatars/1/emoji/images/..%2F..%2Fstoa.db").build()).status()).isIn(400, 404);
        assertThat(anonymous.raw(anonymous.request("/user_avatars/1/emoji/images/stoa.db").build()).status()).isEqualTo(404);

        String html = member.post("/messages/render", "content", "hi :green_tick:").success().get("rendered").asText();
        assertThat(html).contains("emoji").contains(source);

        events = VerifyAction.verify(guest, () -> admin.delete("/realm/emoji/green_tick").success());
        assertThat(events).hasSize(1);
        assertThat(events.getFirst().get("op").asText()).isEqualTo("update");
        assertThat(emojiNamed("green_tick").get("deactivated").asBoolean()).isTrue();
        html = member.post("/messages/render", "content", "hi :green_tick:").success().get("rendered").asText();
        assertThat(html).doesNotContain(source);

        // The name is free again once deactivated.
        byte[] second = png(0x654321);
        VerifyAction.verify(guest, () -> upload(member, "green_tick", Map.of("file", second)).success());
        events = VerifyAction.verify(guest, INDIVIDUAL, () -> member.delete("/realm/emoji/green_tick").success());
        assertThat(events.getFirst().get("op").asText()).isEqualTo("edit");
    }

    @Test
    void animatedGifGetsAStill() throws Exception {
        upload(admin, "party-parrot", Map.of("f", animatedGif())).success();
        JsonNode e = emojiNamed("party-parrot");
        assertThat(e.get("source_url").asText()).endsWith(".gif");
        String still = e.get("still_url").asText();
        assertThat(still).matches("/user_avatars/1/emoji/images/still/[0-9a-f]{32}\\.png");
        HttpResponse<byte[]> served = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.baseUrl + still)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(ImageIO.read(new ByteArrayInputStream(served.body()))).isNotNull();
        admin.delete("/realm/emoji/party-parrot").success();
    }

    @Test
    void zulipErrors() throws Exception {
        byte[] image = png(1);
        upload(member, "Bad", Map.of("f", image))
                .badRequest("Emoji names must contain only lowercase alphanumeric characters, dashes, and underscores.");
        upload(member, "bad_", Map.of("f", image)).badRequest("Emoji names must end with either a letter or digit.");
        upload(member, "%20", Map.of("f", image));
        upload(guest, "guest_emoji", Map.of("f", image)).badRequest("Insufficient permission");
        upload(member, "nofile", Map.of()).badRequest("You must upload exactly one file.");
        upload(member, "twofiles", Map.of("a", image, "b", image)).badRequest("You must upload exactly one file.");
        upload(member, "smile", Map.of("f", image)).badRequest("Only administrators can override default emoji.");
        upload(member, "notimage", Map.of("f", "hello".getBytes(StandardCharsets.UTF_8))).badRequest("Invalid image format");
        byte[] huge = new byte[5 * 1024 * 1024 + 1];
        System.arraycopy(image, 0, huge, 0, image.length);
        upload(member, "huge", Map.of("f", huge)).badRequest("Uploaded file is larger than the allowed limit of 5 MiB");

        upload(member, "mine", Map.of("f", image)).success();
        upload(admin, "mine", Map.of("f", image)).badRequest("A custom emoji with this name already exists.");
        moderator.delete("/realm/emoji/mine").badRequest("Must be an organization administrator or emoji author");
        member.delete("/realm/emoji/nosuch").error(404, "BAD_REQUEST", "Emoji 'nosuch' does not exist");
        member.delete("/realm/emoji/mine").success();
        member.delete("/realm/emoji/mine").error(404, "BAD_REQUEST", "Emoji 'mine' does not exist");
        assertThat(emojiNamed("huge")).isNull();
    }
}
