package dev.stoa.groups;

import dev.stoa.testing.ApiClient;
import dev.stoa.testing.ApiResponse;
import dev.stoa.testing.StoaTestBase;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static dev.stoa.groups.GroupCrudTest.create;
import static org.assertj.core.api.Assertions.assertThat;

/** No input to the group and realm endpoints produces a 500: seeded random garbage for every parameter. */
class GroupBadInputTest extends StoaTestBase {
    private static final String[] GARBAGE = {"", "null", "[]", "{}", "[1,", "\"x\"", "-1", "1e99", "99999999999999999999", "true",
            "{\"new\":1}", "{\"new\":{\"direct_members\":[\"a\"]}}", "{\"new\":{}}", "{\"old\":1}", "[null]", "[1.5]", "\u0000", "😀",
            "{\"direct_members\":[1],\"direct_subgroups\":[1],\"x\":1}", "{\"new\":{\"direct_members\":[],\"direct_subgroups\":[]}}"};

    @Test
    void randomInputsNeverFail() {
        long id = create(member);
        String[][] endpoints = {
                {"POST", "/user_groups/create", "name,description,members,subgroups,can_join_group,can_manage_group,can_mention_group"},
                {"PATCH", "/user_groups/" + id, "name,description,can_join_group,can_leave_group,deactivated"},
                {"POST", "/user_groups/" + id + "/members", "add,delete,add_subgroups,delete_subgroups"},
                {"POST", "/user_groups/" + id + "/subgroups", "add,delete"},
                {"GET", "/user_groups/" + id + "/members", "direct_member_only"},
                {"GET", "/user_groups", "include_deactivated_groups"},
                {"PATCH", "/realm", "name,allow_message_editing,message_content_edit_limit_seconds,waiting_period_threshold,"
                        + "can_resolve_topics_group,topics_policy,moderation_request_channel_id,default_language"},
                {"GET", "/user_groups/abc/members/xyz", "x"},
                {"POST", "/user_groups/-5/deactivate", "x"},
        };
        Random random = new Random(42);
        for (int i = 0; i < 500; i++) {
            String[] ep = endpoints[random.nextInt(endpoints.length)];
            String[] params = ep[2].split(",");
            Object[] kv = new Object[4];
            for (int j = 0; j < 2; j++) {
                kv[2 * j] = params[random.nextInt(params.length)] + (j == 1 && kv[0] != null ? "" : "");
                kv[2 * j + 1] = GARBAGE[random.nextInt(GARBAGE.length)];
            }
            if (kv[0].equals(kv[2])) kv = new Object[] {kv[0], kv[1]};
            var c = List.of(owner, member, guest).get(random.nextInt(3));
            ApiResponse r = c.call(ep[0], ep[1], ApiClient.params(kv),
                    ep[0].equals("GET") ? ApiClient.Encoding.QUERY : ApiClient.Encoding.FORM);
            assertThat(r.status()).as(ep[0] + " " + ep[1] + " " + List.of(kv) + " → " + r.body()).isLessThan(500);
        }
    }
}
