package dev.stoa.org;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlaygroundsTest extends StoaTestBase {
    private static final String ADMINS_ONLY = "Must be an organization administrator";

    private long add(String name, String language, String template) {
        return admin.post("/realm/playgrounds", "name", name, "pygments_language", language, "url_template", template)
                .success().get("id").asLong();
    }

    @Test
    void addAndRemoveWithEvents() {
        long[] id = new long[1];
        List<JsonNode> ev = VerifyAction.verify(member, () -> id[0] = add(" Python playground ", " Python ", "https://python.example.com?code={code}"));
        assertThat(ev.getFirst().get("realm_playgrounds").toString()).contains("{\"id\":" + id[0]
                + ",\"name\":\"Python playground\",\"pygments_language\":\"Python\",\"url_template\":\"https://python.example.com?code={code}\"}");
        VerifyAction.verify(guest, () -> add("Python playground 2", "Python", "https://python2.example.com{code}"));
        VerifyAction.verify(member, () -> admin.delete("/realm/playgrounds/" + id[0]).success());
        JsonNode state = member.post("/register", "fetch_event_types", List.of("realm_playgrounds")).success();
        assertThat(state.get("realm_playgrounds").toString()).contains("Python playground 2").doesNotContain("\"Python playground\"");
    }

    @Test
    void removingTheDefaultLanguagesPlaygroundResetsIt() {
        long id = add("Rust playground", "Rust", "https://play.rust-lang.org/?code={code}");
        owner.patch("/realm", "default_code_block_language", "Rust").success();
        List<JsonNode> ev = VerifyAction.as(member).events("realm/update", "realm_playgrounds")
                .run(() -> owner.delete("/realm/playgrounds/" + id).success());
        assertThat(ev.getFirst().get("property").asText()).isEqualTo("default_code_block_language");
        assertThat(ev.getFirst().get("value").asText()).isEmpty();
    }

    @Test
    void errors() {
        member.post("/realm/playgrounds").error(400, "UNAUTHORIZED_PRINCIPAL", ADMINS_ONLY);
        moderator.delete("/realm/playgrounds/1").error(400, "UNAUTHORIZED_PRINCIPAL", ADMINS_ONLY);
        admin.post("/realm/playgrounds", "name", "x", "pygments_language", "a$b$c", "url_template", "https://t.com{code}")
                .badRequest("Invalid characters in pygments language");
        admin.post("/realm/playgrounds", "name", "x", "pygments_language", "L".repeat(41), "url_template", "https://t.com{code}")
                .badRequest("pygments_language is too long (limit: 40 characters)");
        admin.post("/realm/playgrounds", "name", "n".repeat(101), "pygments_language", "Python", "url_template", "https://p.example/?c={code}")
                .badRequest("name is too long (limit: 100 characters)");
        ApiResponse vars = admin.post("/realm/playgrounds", "name", "x", "pygments_language", "Python", "url_template", "https://template.com{?test,code}")
                .badRequest("\"code\" should be the only variable present in the URL template");
        assertThat(vars.get("errors").toString()).isEqualTo("{\"__all__\":[\"\\\"code\\\" should be the only variable present in the URL template\"]}");
        admin.post("/realm/playgrounds", "name", "x", "pygments_language", "Python", "url_template", "https://template.com?test={test")
                .badRequest("Invalid URL template.");
        admin.post("/realm/playgrounds", "name", "x", "pygments_language", "Python", "url_template", "https://template.com{?test}")
                .badRequest("Missing the required variable \"code\" in the URL template");
        admin.post("/realm/playgrounds", "name", "x", "pygments_language", "Python", "url_template", "javascript:alert({code})")
                .badRequest("Invalid URL template.");
        ApiResponse blank = admin.post("/realm/playgrounds", "name", " ", "pygments_language", " ", "url_template", "https://t.com{code}")
                .badRequest("This field cannot be blank.");
        assertThat(blank.get("errors").fieldNames()).toIterable().containsExactly("name", "pygments_language");
        add("Go playground", "Go", "https://go.dev/play?code={code}");
        ApiResponse dup = admin.post("/realm/playgrounds", "name", "Go playground", "pygments_language", "Go", "url_template", "https://x.com/{code}")
                .badRequest("Realm playground with this Realm, Pygments language and Name already exists.");
        assertThat(dup.get("errors").has("__all__")).isTrue();
        admin.delete("/realm/playgrounds/999999").badRequest("Invalid playground");
        admin.delete("/realm/playgrounds/abc").badRequest("Invalid playground");
    }
}
