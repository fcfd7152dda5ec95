package dev.stoa.users;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, item 4: avatars as Zulip's server serves them (zerver/views/user_settings.py,
 * zerver/views/users.py avatar, zerver/lib/avatar.py, zerver/lib/upload/): upload and delete with
 * their events, the stored sizes, the /avatar/ redirects, and avatar_url in users and messages.
 */
public class AvatarTest extends StoaTestBase {
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).build();
    static final Object[] NO_CLIENT_GRAVATAR = {"client_gravatar", false};

    /** POST /users/me/avatar with the given files (file name -> bytes) as multipart parts. */
    public static ApiResponse upload(ApiClient c, Map<String, byte[]> files) {
        String boundary = "stoaAvatarBoundary7";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int n = 0;
        for (var f : files.entrySet()) {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file-" + n++ + "\"; filename=\"" + f.getKey()
                    + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            body.writeBytes(f.getValue());
            body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return c.raw(c.request("/api/v1/users/me/avatar").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build());
    }

    /** A w × h image: left half red, right half blue, so the centre crop shows in the result. */
    public static byte[] image(int w, int h, String format) throws Exception {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < w; x++) for (int y = 0; y < h; y++) img.setRGB(x, y, x < w / 2 ? 0xFF0000 : 0x0000FF);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, format, out);
        return out.toByteArray();
    }

    /** A PNG whose header declares width × height pixels and holds no image data (a decompression bomb's header). */
    static byte[] pngHeader(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(17).put("IHDR".getBytes(StandardCharsets.US_ASCII)).putInt(width).putInt(height)
                .put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        CRC32 crc = new CRC32();
        crc.update(ihdr.array());
        return ByteBuffer.allocate(8 + 4 + 17 + 4).put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10})
                .putInt(13).put(ihdr.array()).putInt((int) crc.getValue()).array();
    }

    HttpResponse<byte[]> fetch(String path, ApiClient as) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl + path));
        if (as != null) b.header("Authorization", ApiClient.basic(as.email, as.apiKey));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static BufferedImage decode(byte[] png) throws Exception {
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    JsonNode person(ApiClient viewer, long userId, Object... register) {
        for (JsonNode u : viewer.post("/register", register).success().get("realm_users")) {
            if (u.get("user_id").asLong() == userId) return u;
        }
        throw new AssertionError("no user " + userId);
    }

    @Test
    void uploadStoresZulipsSizesAndTellsEveryone() throws Exception {
        ApiClient u = server.createUser("avatar-up@example.com", "Avatar Up", 400);
        List<JsonNode> events = VerifyAction.verify(member, NO_CLIENT_GRAVATAR, () -> {
            String url = upload(u, Map.of("me.png", uncheck(() -> image(300, 200, "png")))).success().get("avatar_url").asText();
            assertThat(url).matches("/user_avatars/1/[0-9a-f]{40}\\.png\\?version=2");
        });
        JsonNode p = events.getFirst().get("person");
        assertThat(p.get("avatar_source").asText()).isEqualTo("U");
        assertThat(p.get("avatar_version").asInt()).isEqualTo(2);
        String url = p.get("avatar_url").asText();
        assertThat(p.get("avatar_url_medium").asText()).isEqualTo(url.replace(".png?", "-medium.png?"));

        // 100 px and 500 px squares cut from the centre: the red/blue border runs down the middle
        BufferedImage small = decode(fetch(url, null).body()), medium = decode(fetch(p.get("avatar_url_medium").asText(), null).body());
        assertThat(small.getWidth()).isEqualTo(100);
        assertThat(small.getHeight()).isEqualTo(100);
        assertThat(medium.getWidth()).isEqualTo(500);
        assertThat(small.getRGB(10, 50) & 0xFFFFFF).isEqualTo(0xFF0000);
        assertThat(small.getRGB(90, 50) & 0xFFFFFF).isEqualTo(0x0000FF);
        assertThat(fetch(url, null).headers().firstValue("Cache-Control").orElse("")).contains("immutable");

        // everywhere the user appears, the uploaded avatar, whatever client_gravatar says
        assertThat(person(member, u.userId, "client_gravatar", true).get("avatar_url").asText()).isEqualTo(url);
        assertThat(member.get("/users/" + u.userId).success().at("/user/avatar_url").asText()).isEqualTo(url);
        JsonNode self = u.post("/register").success();
        assertThat(self.get("avatar_url").asText()).isEqualTo(url);
        assertThat(self.get("avatar_url_medium").asText()).isEqualTo(p.get("avatar_url_medium").asText());
        assertThat(self.get("avatar_source").asText()).isEqualTo("U");
        long dm = u.post("/messages", "type", "private", "to", List.of(member.userId), "content", "look").success().get("id").asLong();
        assertThat(member.get("/messages/" + dm).success().at("/message/avatar_url").asText()).isEqualTo(url);
    }

    /** A phone's JPEG says in EXIF that it is turned (orientation 6: a quarter turn clockwise); the avatar is upright. */
    @Test
    void aTurnedPhotoIsTurnedUpright() throws Exception {
        ApiClient u = server.createUser("avatar-exif@example.com", "Avatar Exif", 400);
        byte[] jpeg = image(200, 100, "jpg");
        byte[] exif = {(byte) 0xFF, (byte) 0xE1, 0, 34, 'E', 'x', 'i', 'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8,
                0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0};
        byte[] turned = new byte[jpeg.length + exif.length];
        System.arraycopy(jpeg, 0, turned, 0, 2);
        System.arraycopy(exif, 0, turned, 2, exif.length);
        System.arraycopy(jpeg, 2, turned, 2 + exif.length, jpeg.length - 2);
        String url = upload(u, Map.of("phone.jpg", turned)).success().get("avatar_url").asText();
        BufferedImage small = decode(fetch(url, null).body());
        // the red left half is now on top, the blue right half below
        assertThat(isRed(small.getRGB(50, 10))).isTrue();
        assertThat(isRed(small.getRGB(50, 90))).isFalse();
    }

    static boolean isRed(int rgb) {
        return ((rgb >> 16) & 0xFF) > 200 && (rgb & 0xFF) < 60;
    }

    @Test
    void deleteGoesBackToGravatarAndRemovesTheFiles() throws Exception {
        ApiClient u = server.createUser("avatar-del@example.com", "Avatar Del", 400);
        String uploaded = upload(u, Map.of("me.jpg", image(50, 80, "jpg"))).success().get("avatar_url").asText();
        assertThat(fetch(uploaded, null).statusCode()).isEqualTo(200);
        List<JsonNode> events = VerifyAction.verify(member, NO_CLIENT_GRAVATAR, () ->
                assertThat(u.delete("/users/me/avatar").success().get("avatar_url").asText())
                        .isEqualTo("https://secure.gravatar.com/avatar/" + md5("avatar-del@example.com") + "?d=identicon&version=3"));
        JsonNode p = events.getFirst().get("person");
        assertThat(p.get("avatar_source").asText()).isEqualTo("G");
        assertThat(p.get("avatar_url_medium").asText()).endsWith("?d=identicon&s=500&version=3");
        assertThat(fetch(uploaded, null).statusCode()).isEqualTo(404);
        // the client computes a visible Gravatar itself: null there, the URL to everyone else
        assertThat(person(member, u.userId, "client_gravatar", true).get("avatar_url").isNull()).isTrue();
        assertThat(person(member, u.userId, "client_gravatar", false).get("avatar_url").asText()).isEqualTo(p.get("avatar_url").asText());
    }

    @Test
    void aBotsAvatarAlsoTellsItsOwner() throws Exception {
        List<JsonNode> events = VerifyAction.as(member).register(NO_CLIENT_GRAVATAR).events("realm_bot/update", "realm_user/update")
                .run(() -> upload(bot, Map.of("bot.gif", uncheck(() -> image(64, 64, "gif")))).success());
        assertThat(events.getFirst().at("/bot/avatar_url").asText()).isEqualTo(events.get(1).at("/person/avatar_url").asText());
    }

    @Test
    void refusalsAreZulipsAndChangeNothing() throws Exception {
        ApiClient u = server.createUser("avatar-no@example.com", "Avatar No", 400);
        upload(u, Map.of()).badRequest("You must upload exactly one avatar.");
        upload(u, Map.of("a.png", image(10, 10, "png"), "b.png", image(10, 10, "png"))).badRequest("You must upload exactly one avatar.");
        upload(u, Map.of("notes.txt", image(10, 10, "png"))).error(400, "BAD_IMAGE", "Invalid image format");
        upload(u, Map.of("fake.png", "not an image".getBytes(StandardCharsets.UTF_8)))
                .error(400, "BAD_IMAGE", "Could not decode image; did you upload an image file?");
        upload(u, Map.of("bomb.png", pngHeader(20_000, 20_000))).error(400, "BAD_IMAGE", "Image size exceeds limit.");
        upload(u, Map.of("huge.png", new byte[5 * 1024 * 1024 + 1])).badRequest("Uploaded file is larger than the allowed limit of 5 MiB");
        assertThat(person(member, u.userId, NO_CLIENT_GRAVATAR).get("avatar_version").asInt()).isEqualTo(1);

        owner.patch("/realm", "avatar_changes_disabled", true).success();
        try {
            upload(u, Map.of("a.png", image(10, 10, "png"))).badRequest("Avatar changes are disabled in this organization.");
            u.delete("/users/me/avatar").badRequest("Avatar changes are disabled in this organization.");
            upload(admin, Map.of("a.png", image(10, 10, "png"))).success();
            admin.delete("/users/me/avatar").success();
        } finally {
            owner.patch("/realm", "avatar_changes_disabled", false).success();
        }
        assertThat(person(member, u.userId, NO_CLIENT_GRAVATAR).get("avatar_version").asInt()).isEqualTo(1);
    }

    /** What Zulip's mobile app registers with (lib/api/route/events.dart): Zulip omits avatar_url only for long-term idle users. */
    @Test
    void optionalAvatarUrlIsStillSentToTheApp() {
        JsonNode state = member.post("/register", "client_gravatar", false, "fetch_event_types", List.of("realm_user"), "event_types", List.of("message"),
                "client_capabilities", Map.of("user_avatar_url_field_optional", true)).success();
        assertThat(state.get("realm_users")).allSatisfy(u -> assertThat(u.get("avatar_url").isTextual()).as(u.toString()).isTrue());
    }

    @Test
    void avatarRedirects() throws Exception {
        ApiClient u = server.createUser("avatar-go@example.com", "Avatar Go", 400);
        String gravatar = "https://secure.gravatar.com/avatar/" + md5("avatar-go@example.com") + "?d=identicon";
        assertThat(location(fetch("/avatar/" + u.userId, member))).isEqualTo(gravatar + "&version=1");
        assertThat(location(fetch("/avatar/" + u.userId + "/medium", member))).isEqualTo(gravatar + "&s=500&version=1");
        assertThat(location(fetch("/avatar/avatar-go@example.com?s=50", member))).isEqualTo(gravatar + "&version=1&s=50");
        String uploaded = upload(u, Map.of("me.png", image(20, 20, "png"))).success().get("avatar_url").asText();
        assertThat(location(fetch("/avatar/" + u.userId, member))).isEqualTo(uploaded);
        assertThat(location(fetch("/avatar/" + u.userId + "/medium", member))).isEqualTo(uploaded.replace(".png?", "-medium.png?"));
        // no such user: a Gravatar of what was asked, as Zulip answers
        assertThat(location(fetch("/avatar/nobody@example.com", member)))
                .isEqualTo("https://secure.gravatar.com/avatar/" + md5("nobody@example.com") + "?d=identicon&version=1");
        // without credentials: refused (this organization has no spectators); never by email
        assertThat(fetch("/avatar/" + u.userId, null).statusCode()).isEqualTo(401);
        assertThat(fetch("/avatar/avatar-go@example.com", null).statusCode()).isEqualTo(401);
        HttpResponse<byte[]> unknown = fetch(AvatarUrls.INACCESSIBLE, null);
        assertThat(unknown.statusCode()).isEqualTo(200);
        assertThat(decode(unknown.body()).getWidth()).isEqualTo(100);
    }

    static String location(HttpResponse<?> r) {
        assertThat(r.statusCode()).isEqualTo(302);
        return r.headers().firstValue("Location").orElseThrow();
    }

    static String md5(String s) {
        return AvatarUrls.hex("MD5", s);
    }

    interface Io<T> { T get() throws Exception; }

    static <T> T uncheck(Io<T> f) {
        try {
            return f.get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
