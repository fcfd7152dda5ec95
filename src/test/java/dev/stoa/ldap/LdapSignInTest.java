package dev.stoa.ldap;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.cli.Cli;
import dev.stoa.config.Config;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestLdap;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.WebClient;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LDAP sign-in against Debian's slapd started for this class: search as a service account with an
 * escaped filter, bind as the entry with the password; the account created on the first sign-in with
 * the mapped name and custom profile field; the directory's usernames (Zulip's
 * require_email_format_usernames false); injection attempts refused without creating anything; the
 * password Stoa cannot change; `./stoa sync-ldap` updating names and deactivating people the directory
 * no longer has or marks deactivated.
 */
class LdapSignInTest extends StoaTestBase {
    private TestLdap ldap;
    private String[] flags;

    @Override
    protected TestServer newServer() {
        ldap = new TestLdap();
        ldap.addPerson("ada", "Ada Lovelace", "ada-directory-pw", Map.of("telephoneNumber", "+1 555 0100"));
        ldap.addPerson("alan", "Alan Turing", "alan-directory-pw", Map.of());
        ldap.addPerson("grace", "Grace Hopper", "grace-directory-pw", Map.of());
        ldap.addPerson("katherine", "Katherine Johnson", "katherine-directory-pw", Map.of());
        flags = new String[] {"--ldap-url", ldap.url(), "--ldap-bind-dn", TestLdap.ADMIN, "--ldap-bind-password", TestLdap.ADMIN_PASSWORD,
                "--ldap-user-search-base", TestLdap.PEOPLE, "--ldap-user-filter", "(uid=%(user)s)", "--ldap-append-domain", "corp.example",
                "--ldap-attr-map", "full_name=cn,custom_profile_field__phone=telephoneNumber,deactivated=employeeType,avatar=jpegPhoto"};
        return new TestServer(c -> {
            var parsed = Config.parse(concat(flags, "--data-dir", c.dataDir().toString()), Map.of());
            return c.withLimits(1_000_000, 1_000_000, 1_000_000).withSignIn(parsed.signIn());
        });
    }

    static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @AfterAll
    void stopLdap() {
        if (ldap != null) ldap.close();
    }

    private JsonNode fetch(String username, String password) {
        return anonymous.post("/fetch_api_key", "username", username, "password", password).success();
    }

    /** `./stoa sync-ldap` with the server's LDAP options, as an operator runs it beside the server. */
    private String syncLdap() {
        Cli.Result r = Cli.run(server, concat(new String[] {"sync-ldap"}, flags));
        assertThat(r.exit()).as(r.err()).isZero();
        return r.out();
    }

    private int people() {
        return owner.get("/users").success().get("members").size();
    }

    @Test
    void firstSignInCreatesTheAccountFromTheEntry() {
        owner.post("/realm/profile_fields", "name", "Phone", "field_type", 1).success();
        JsonNode key = fetch("ada", "ada-directory-pw");
        assertThat(key.get("email").asText()).isEqualTo("ada@corp.example");
        ApiClient ada = server.client("ada@corp.example", key.get("api_key").asText(), key.get("user_id").asLong());
        JsonNode me = ada.get("/users/me").success();
        assertThat(me.get("full_name").asText()).isEqualTo("Ada Lovelace");
        assertThat(me.get("profile_data").toString()).contains("+1 555 0100");
        // the address in the directory's domain works as the username too; the same account
        assertThat(fetch("ada@corp.example", "ada-directory-pw").get("user_id").asLong()).isEqualTo(ada.userId);
        anonymous.post("/fetch_api_key", "username", "ada", "password", "wrong").error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        // the web login page, too
        WebClient web = new WebClient(server.baseUrl);
        web.page("/login/");
        web.login("ada", "ada-directory-pw").success();
        // Stoa cannot change a directory's password
        ada.patch("/settings", "old_password", "ada-directory-pw", "new_password", "something else").error(400, "BAD_REQUEST",
                "Your Zulip password is managed in LDAP");
        // Stoa's own passwords still work for accounts outside the directory's domain
        fetch("member@example.com", "secret-member@example.com");
    }

    @Test
    void serverSettingsSayLdapWithUsernames() {
        JsonNode s = anonymous.get("/server_settings").success();
        assertThat(s.get("authentication_methods").get("ldap").asBoolean()).isTrue();
        assertThat(s.get("authentication_methods").get("password").asBoolean()).isTrue();
        assertThat(s.get("require_email_format_usernames").asBoolean()).isFalse();
        JsonNode r = member.post("/register", "fetch_event_types", List.of("realm")).success();
        assertThat(r.get("realm_authentication_methods").has("LDAP")).isTrue();
    }

    @Test
    void injectionAttemptsAreRefusedAndCreateNothing() {
        int before = people();
        for (String u : List.of("*", "a*", "*)(uid=*", "alan)(|(uid=*", "alan)(userPassword=*", "uid=alan,ou=people", "alan\u0000", "alan@evil.example",
                "\\2a", "")) {
            var r = anonymous.post("/fetch_api_key", "username", u, "password", "alan-directory-pw");
            assertThat(r.status()).as(u).isIn(400, 401);
        }
        // an empty password is never an (anonymous) bind
        anonymous.post("/fetch_api_key", "username", "alan", "password", "").error(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
        assertThat(people()).isEqualTo(before);
    }

    @Test
    void syncUpdatesAndDeactivates() {
        fetch("alan", "alan-directory-pw");
        JsonNode g = fetch("grace", "grace-directory-pw");
        ldap.replace("alan", "cn", "Alan M. Turing");
        ldap.replace("grace", "employeeType", "TRUE");
        String out = syncLdap();
        assertThat(out).contains("synced").contains("1 deactivated");
        JsonNode alan = owner.get("/users/alan@corp.example").success().get("user");
        assertThat(alan.get("full_name").asText()).isEqualTo("Alan M. Turing");
        assertThat(owner.get("/users/" + g.get("user_id").asLong()).success().get("user").get("is_active").asBoolean()).isFalse();
        anonymous.post("/fetch_api_key", "username", "grace", "password", "grace-directory-pw").error(401, "USER_DEACTIVATED", "Account is deactivated");
        // gone from the directory: deactivated by the next sync
        ldap.delete("alan");
        assertThat(syncLdap()).contains("1 deactivated");
        assertThat(owner.get("/users/alan@corp.example").success().get("user").get("is_active").asBoolean()).isFalse();
    }

    private static byte[] jpeg(Color color) {
        var image = new BufferedImage(120, 80, BufferedImage.TYPE_INT_RGB);
        var g = image.createGraphics();
        g.setColor(color);
        g.fillRect(0, 0, 120, 80);
        g.dispose();
        var out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "jpg", out);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    private JsonNode katherine() {
        return owner.get("/users/katherine@corp.example").success().get("user");
    }

    @Test
    void theDirectoryPhotoBecomesTheAvatarAgainOnlyWhenItChanges() {
        ldap.replace("katherine", "jpegPhoto", jpeg(Color.RED));
        fetch("katherine", "katherine-directory-pw");
        JsonNode first = katherine();
        int version = first.get("avatar_version").asInt();
        String url = first.get("avatar_url").asText();
        assertThat(url).contains("/user_avatars/");
        assertThat(first.get("avatar_source") == null || first.get("avatar_source").asText().equals("U")).isTrue();
        // the same photo: nothing to do; another photo: the next version; not an image: left as it is
        syncLdap();
        assertThat(katherine().get("avatar_version").asInt()).isEqualTo(version);
        ldap.replace("katherine", "jpegPhoto", jpeg(Color.BLUE));
        syncLdap();
        assertThat(katherine().get("avatar_version").asInt()).isEqualTo(version + 1);
        ldap.replace("katherine", "jpegPhoto", "not a photo".getBytes(StandardCharsets.UTF_8));
        syncLdap();
        assertThat(katherine().get("avatar_version").asInt()).isEqualTo(version + 1);
    }
}
