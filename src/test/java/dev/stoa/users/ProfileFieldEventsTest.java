package dev.stoa.users;

import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.VerifyAction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verify-action tests for custom profile fields and users' values. */
class ProfileFieldEventsTest extends StoaTestBase {
    private long create(String name, int type) {
        return admin.post("/realm/profile_fields", "name", name, "field_type", type).success().get("id").asLong();
    }

    @Test
    void createUpdateReorderDeleteFields() {
        long[] id = new long[1];
        VerifyAction.as(member).events("custom_profile_fields").run(() -> id[0] = create("Team", 1));
        VerifyAction.as(member).events("custom_profile_fields").run(() -> admin.patch("/realm/profile_fields/" + id[0], "hint", "Which team",
                "display_in_profile_summary", true, "use_for_user_matching", true).success());
        long other = create("Floor", 1);
        VerifyAction.verify(guest, () -> admin.patch("/realm/profile_fields", "order", List.of(other, id[0])).success());
        member.patch("/users/me/profile_data", "data", List.of(Map.of("id", id[0], "value", "Red"))).success();
        VerifyAction.as(admin).events("custom_profile_fields").run(() -> admin.delete("/realm/profile_fields/" + id[0]).success());
        VerifyAction.verify(member, () -> admin.delete("/realm/profile_fields/" + other).success());
    }

    @Test
    void ownValuesSetChangeAndClear() {
        long text = create("Nickname", 2), people = create("Buddies", 6), date = create("Since", 4);
        // one event per field, as Zulip's do_update_user_custom_profile_data_if_changed sends them
        VerifyAction.as(guest).events("realm_user/update", "realm_user/update", "realm_user/update").run(() -> member.patch("/users/me/profile_data",
                "data", List.of(Map.of("id", text, "value", "**Ham** <script>"), Map.of("id", people, "value", List.of(admin.userId, guest.userId)),
                Map.of("id", date, "value", "2020-02-29"))).success());
        // Unchanged values send nothing.
        VerifyAction.as(guest).events(0).noStateChange()
                .run(() -> member.patch("/users/me/profile_data", "data", List.of(Map.of("id", date, "value", "2020-02-29"))).success());
        VerifyAction.verify(member, () -> member.patch("/users/me/profile_data", "data", List.of(Map.of("id", text, "value", ""))).success());
        VerifyAction.verify(member, () -> member.delete("/users/me/profile_data", "data", List.of(people)).success());
        VerifyAction.verify(owner, () -> admin.patch("/users/" + member.userId, "profile_data", List.of(Map.of("id", date, "value", "1999-12-31"))).success());
    }
}
