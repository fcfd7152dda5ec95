package dev.stoa.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.MethodName.class)
class ProfileFieldsTest extends StoaTestBase {
    private static final Map<String, Object> CHOICES = Map.of(
            "0", Map.of("text", "Vim", "order", "1"), "1", Map.of("text", "Emacs", "order", "2"));

    private long create(Object... kv) {
        return admin.post("/realm/profile_fields", kv).success().get("id").asLong();
    }

    private JsonNode field(long id) {
        for (JsonNode f : member.get("/realm/profile_fields").success().get("custom_fields")) {
            if (f.get("id").asLong() == id) return f;
        }
        return null;
    }

    private void deleteAll() {
        for (JsonNode f : owner.get("/realm/profile_fields").success().get("custom_fields")) {
            owner.delete("/realm/profile_fields/" + f.get("id").asLong()).success();
        }
    }

    @Test
    void a_createListUpdateDelete() {
        deleteAll();
        long id = create("name", "Phone", "hint", "Your phone", "field_type", 1);
        JsonNode f = field(id);
        assertThat(f.get("name").asText()).isEqualTo("Phone");
        assertThat(f.get("type").asInt()).isEqualTo(1);
        assertThat(f.get("hint").asText()).isEqualTo("Your phone");
        assertThat(f.get("editable_by_user").asBoolean()).isTrue();
        assertThat(f.get("required").asBoolean()).isFalse();
        assertThat(f.has("display_in_profile_summary")).isFalse();
        assertThat(f.has("use_for_user_matching")).isFalse();
        owner.patch("/realm/profile_fields/" + id, "name", "Mobile", "required", true, "use_for_user_matching", true).success();
        f = field(id);
        assertThat(f.get("name").asText()).isEqualTo("Mobile");
        assertThat(f.get("required").asBoolean()).isTrue();
        assertThat(f.get("use_for_user_matching").asBoolean()).isTrue();
        admin.delete("/realm/profile_fields/" + id).success();
        assertThat(field(id)).isNull();
        admin.delete("/realm/profile_fields/" + id).badRequest("Field id " + id + " not found.");
        admin.patch("/realm/profile_fields/" + id, "name", "X").badRequest("Field id " + id + " not found.");
    }

    @Test
    void b_onlyAdministrators() {
        for (ApiClient c : List.of(moderator, member, guest, bot)) {
            c.post("/realm/profile_fields", "name", "Nope", "field_type", 1)
                    .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            c.patch("/realm/profile_fields", "order", List.of()).error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            c.patch("/realm/profile_fields/1", "name", "x").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            c.delete("/realm/profile_fields/1").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            c.get("/realm/profile_fields").success();
        }
        anonymous.get("/realm/profile_fields").error(401, "UNAUTHORIZED", null);
        owner.post("/realm/profile_fields", "name", "Owner made", "field_type", 2).success();
    }

    @Test
    void c_createValidation() {
        admin.post("/realm/profile_fields", "name", "x").missing("field_type");
        admin.post("/realm/profile_fields", "name", "x", "field_type", "one").badRequest("field_type is not valid JSON");
        admin.post("/realm/profile_fields", "name", "x", "field_type", 9).badRequest("Invalid field type.");
        admin.post("/realm/profile_fields", "name", "x", "field_type", 0).badRequest("Invalid field type.");
        admin.post("/realm/profile_fields", "name", "  ", "field_type", 1).badRequest("Label cannot be blank.");
        admin.post("/realm/profile_fields", "field_type", 1).badRequest("Label cannot be blank.");
        admin.post("/realm/profile_fields", "name", "x".repeat(41), "field_type", 1).badRequest("name is too long (limit: 40 characters)");
        admin.post("/realm/profile_fields", "name", "x", "hint", "h".repeat(81), "field_type", 1).badRequest("hint is too long (limit: 80 characters)");
        admin.post("/realm/profile_fields", "name", "x", "field_type", 1, "required", "yes").badRequest("required is not valid JSON");
        admin.post("/realm/profile_fields", "name", "x", "field_type", 1, "field_data", "[1]").badRequest("field_data is not a dict");
        admin.post("/realm/profile_fields", "name", "x", "field_type", 1, "field_data", "{").badRequest("field_data is not valid JSON");
        long id = create("name", "Unique", "field_type", 1);
        admin.post("/realm/profile_fields", "name", "Unique", "field_type", 2).badRequest("A field with that label already exists.");
        admin.patch("/realm/profile_fields/" + create("name", "Other", "field_type", 1), "name", "Unique")
                .badRequest("A field with that label already exists.");
        admin.patch("/realm/profile_fields/abc", "name", "x").badRequest("Invalid field_id");
        admin.delete("/realm/profile_fields/" + id).success();
    }

    @Test
    void d_dropdownFieldData() {
        long id = create("name", "Editor", "field_type", 3, "field_data", CHOICES);
        assertThat(field(id).get("field_data").asText()).contains("Emacs");
        admin.post("/realm/profile_fields", "name", "E2", "field_type", 3).badRequest("Field must have at least one choice.");
        admin.post("/realm/profile_fields", "name", "E2", "field_type", 3, "field_data", Map.of())
                .badRequest("Field must have at least one choice.");
        admin.post("/realm/profile_fields", "name", "E2", "field_type", 3, "field_data", Map.of("0", Map.of("order", "1")))
                .badRequest("text key is missing from field_data[\"0\"]");
        admin.post("/realm/profile_fields", "name", "E2", "field_type", 3, "field_data", Map.of("0", Map.of("text", "a")))
                .badRequest("order key is missing from field_data[\"0\"]");
        admin.post("/realm/profile_fields", "name", "E2", "field_type", 3, "field_data", Map.of("0", Map.of("text", "", "order", "1")))
                .badRequest("field_data[\"0\"][\"text\"] cannot be blank.");
        admin.post("/realm/profile_fields", "name", "E2", "field_type", 3,
                        "field_data", Map.of("0", Map.of("text", "a", "order", "1"), "1", Map.of("text", "a", "order", "2")))
                .badRequest("Field must not have duplicate choices.");
        admin.post("/realm/profile_fields", "name", "E2", "field_type", 3, "field_data", Map.of("0", 5))
                .badRequest("field_data[\"0\"] is not a string");
        admin.patch("/realm/profile_fields/" + id, "field_data", Map.of()).badRequest("Field must have at least one choice.");
        // A member picks a choice by its key; anything else is rejected.
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", id, "value", "1"))).success();
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", id, "value", "7")))
                .badRequest("'7' is not a valid choice for 'Editor'.");
        admin.delete("/realm/profile_fields/" + id).success();
    }

    @Test
    void e_externalAccounts() {
        long gh = create("field_type", 7, "field_data", Map.of("subtype", "github"));
        assertThat(field(gh).get("name").asText()).isEqualTo("GitHub username");
        admin.patch("/realm/profile_fields/" + gh, "name", "Code").badRequest("Default custom field cannot be updated.");
        admin.patch("/realm/profile_fields/" + gh, "required", true).success();
        long custom = create("name", "Mastodon", "field_type", 7,
                "field_data", Map.of("subtype", "custom", "url_pattern", "https://example.social/@%(username)s"));
        assertThat(field(custom).get("field_data").asText()).contains("url_pattern");
        admin.post("/realm/profile_fields", "name", "X", "field_type", 7).badRequest("subtype key is missing from field_data");
        admin.post("/realm/profile_fields", "name", "X", "field_type", 7, "field_data", Map.of("subtype", "myspace"))
                .badRequest("Invalid external account type");
        admin.post("/realm/profile_fields", "name", "X", "field_type", 7, "field_data", Map.of("subtype", "custom"))
                .badRequest("Custom external account must define URL pattern");
        admin.post("/realm/profile_fields", "name", "X", "field_type", 7,
                "field_data", Map.of("subtype", "custom", "url_pattern", "https://x.org/"))
                .badRequest("username should appear exactly once in pattern.");
        admin.delete("/realm/profile_fields/" + gh).success();
        admin.delete("/realm/profile_fields/" + custom).success();
    }

    @Test
    void f_profileSummaryAndMatchingRules() {
        deleteAll();
        admin.post("/realm/profile_fields", "name", "Bio", "field_type", 2, "display_in_profile_summary", true)
                .badRequest("Field type not supported for display in profile summary.");
        admin.post("/realm/profile_fields", "name", "Boss", "field_type", 6, "display_in_profile_summary", true)
                .badRequest("Field type not supported for display in profile summary.");
        long a = create("name", "A", "field_type", 1, "display_in_profile_summary", true);
        assertThat(field(a).get("display_in_profile_summary").asBoolean()).isTrue();
        create("name", "B", "field_type", 4, "display_in_profile_summary", true);
        long c = create("name", "C", "field_type", 1);
        admin.post("/realm/profile_fields", "name", "D", "field_type", 1, "display_in_profile_summary", true)
                .badRequest("Only 2 custom profile fields can be displayed in the profile summary.");
        admin.patch("/realm/profile_fields/" + c, "display_in_profile_summary", true)
                .badRequest("Only 2 custom profile fields can be displayed in the profile summary.");
        admin.patch("/realm/profile_fields/" + a, "display_in_profile_summary", true).success();
        for (int type : new int[] {2, 3, 4, 5, 6, 8}) {
            Object[] extra = type == 3 ? new Object[] {"field_data", CHOICES} : new Object[0];
            List<Object> kv = new ArrayList<>(List.of("name", "M" + type, "field_type", type, "use_for_user_matching", true));
            kv.addAll(List.of(extra));
            admin.post("/realm/profile_fields", kv.toArray()).badRequest("Field type not supported for user matching.");
        }
        long m = create("name", "Handle", "field_type", 7, "field_data", Map.of("subtype", "twitter"), "use_for_user_matching", true);
        assertThat(field(m).get("use_for_user_matching").asBoolean()).isTrue();
        deleteAll();
    }

    @Test
    void g_reorder() {
        deleteAll();
        long x = create("name", "X", "field_type", 1), y = create("name", "Y", "field_type", 1), z = create("name", "Z", "field_type", 1);
        admin.patch("/realm/profile_fields", "order", List.of(z, x, y)).success();
        JsonNode fields = member.get("/realm/profile_fields").success().get("custom_fields");
        assertThat(List.of(fields.get(0).get("id").asLong(), fields.get(1).get("id").asLong(), fields.get(2).get("id").asLong()))
                .containsExactly(z, x, y);
        assertThat(fields.get(0).get("order").asInt()).isLessThan(fields.get(1).get("order").asInt());
        admin.patch("/realm/profile_fields", "order", List.of(z, x)).badRequest("Invalid order mapping.");
        admin.patch("/realm/profile_fields", "order", List.of(z, x, y, 9999)).badRequest("Invalid order mapping.");
        admin.patch("/realm/profile_fields", "order", List.of(z, x, x)).badRequest("Invalid order mapping.");
        admin.patch("/realm/profile_fields").missing("order");
        admin.patch("/realm/profile_fields", "order", "[\"a\"]").badRequest("order[0] is not an integer");
        admin.patch("/realm/profile_fields", "order", "{}").badRequest("order is not a list");
        deleteAll();
    }

    @Test
    void h_ownProfileData() {
        long phone = create("name", "Phone", "field_type", 1);
        long birthday = create("name", "Birthday", "field_type", 4);
        long site = create("name", "Site", "field_type", 5);
        long mentor = create("name", "Mentor", "field_type", 6);
        long locked = create("name", "Badge", "field_type", 1, "editable_by_user", false);
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone, "value", "+1 555"),
                Map.of("id", birthday, "value", "2000-01-31"), Map.of("id", site, "value", "https://example.org"),
                Map.of("id", mentor, "value", List.of(admin.userId)))).success();
        JsonNode pd = member.get("/users/" + member.userId, "include_custom_profile_fields", true).success().get("user").get("profile_data");
        assertThat(pd.get(String.valueOf(phone)).get("value").asText()).isEqualTo("+1 555");
        assertThat(pd.get(String.valueOf(phone)).get("rendered_value").asText()).isEqualTo("<p>+1 555</p>");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone, "value", "call **me** <maybe>"))).success();
        JsonNode rendered = member.get("/users/" + member.userId, "include_custom_profile_fields", true).success()
                .get("user").get("profile_data").get(String.valueOf(phone));
        assertThat(rendered.get("rendered_value").asText()).isEqualTo("<p>call <strong>me</strong> &lt;maybe&gt;</p>");
        assertThat(pd.get(String.valueOf(mentor)).get("value").asText()).isEqualTo("[" + admin.userId + "]");
        assertThat(member.get("/users/me").success().get("profile_data").has(String.valueOf(birthday))).isTrue();
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", birthday, "value", "31/01/2000"))).badRequest("Birthday is not a date");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", site, "value", "not a url"))).badRequest("Site is not a URL");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", mentor, "value", List.of(99999)))).badRequest("Invalid user ID: 99999");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", mentor, "value", "x"))).badRequest("Mentor is not a list");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone, "value", "1".repeat(51))))
                .badRequest("Phone is too long (limit: 50 characters)");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", 99999, "value", "1"))).badRequest("Field id 99999 not found.");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("value", "1"))).badRequest("id key is missing from data[0]");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone))).badRequest("value key is missing from data[0]");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", "x", "value", "1"))).badRequest("data[0][\"id\"] is not an integer");
        member.patch("/users/me/profile_data", "data", "{}").badRequest("data is not a list");
        member.patch("/users/me/profile_data").missing("data");
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", locked, "value", "gold")))
                .badRequest("You are not allowed to change this field. Contact an administrator to update it.");
        bot.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone, "value", "1"))).badRequest("This endpoint does not accept bot requests.");
        admin.patch("/users/me/profile_data", "data", List.of(Map.of("id", locked, "value", "gold"))).success();
        // Administrators set others' values, locked or not, through PATCH /users/{id}.
        admin.patch("/users/" + member.userId, "profile_data", List.of(Map.of("id", locked, "value", "silver"))).success();
        moderator.patch("/users/" + member.userId, "profile_data", List.of(Map.of("id", locked, "value", "x")))
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        pd = member.get("/users/me").success().get("profile_data");
        assertThat(pd.get(String.valueOf(locked)).get("value").asText()).isEqualTo("silver");
        // Clearing: an empty value or DELETE /users/me/profile_data.
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", phone, "value", ""))).success();
        member.delete("/users/me/profile_data", "data", List.of(site)).success();
        member.delete("/users/me/profile_data", "data", List.of(99999)).badRequest("Field id 99999 not found.");
        member.delete("/users/me/profile_data").missing("data");
        pd = member.get("/users/me").success().get("profile_data");
        assertThat(pd.has(String.valueOf(phone))).isFalse();
        assertThat(pd.has(String.valueOf(site))).isFalse();
        // Deleting a field deletes its values.
        admin.delete("/realm/profile_fields/" + birthday).success();
        assertThat(member.get("/users/me").success().get("profile_data").has(String.valueOf(birthday))).isFalse();
        // Bots have no profile_data.
        JsonNode b = owner.get("/users/" + bot.userId, "include_custom_profile_fields", true).success().get("user");
        assertThat(b.has("profile_data")).isFalse();
    }
}
