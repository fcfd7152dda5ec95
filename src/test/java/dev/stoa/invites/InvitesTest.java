package dev.stoa.invites;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestMail;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Email invitations end to end: the API, the mail through a real SMTP server, and the sign-up page that consumes them. */
class InvitesTest extends StoaTestBase {
    private TestMail mail;

    @Override
    protected TestServer newServer() {
        mail = new TestMail();
        return new TestServer(c -> mail.configure(c.withLimits(1_000_000, 1_000_000, 1_000_000)));
    }

    @AfterAll
    void stopMail() {
        if (mail != null) mail.close();
    }

    private long channel(ApiClient creator, String name, boolean inviteOnly) {
        creator.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", name)), "invite_only", inviteOnly).success();
        return creator.get("/get_stream_id", "stream", name).success().get("stream_id").asLong();
    }

    private List<JsonNode> invites(ApiClient c) {
        List<JsonNode> out = new ArrayList<>();
        c.get("/invites").success().get("invites").forEach(out::add);
        return out;
    }

    @Test
    void invitationMailedAndAcceptedOnTheJoinPage() {
        long room = channel(member, "Invited room", false);
        List<JsonNode> events = VerifyAction.as(admin).events("invites_changed").noStateChange()
                .run(() -> assertThat(member.post("/invites", "invitee_emails", "Newcomer <newcomer@example.org>", "stream_ids", List.of(room),
                        "invite_as", 400, "invite_expires_in_minutes", 60).success().get("msg").asText()).isEmpty());
        assertThat(events.getFirst().toString()).isEqualTo("{\"type\":\"invites_changed\",\"id\":" + events.getFirst().get("id") + "}");
        JsonNode invite = invites(member).stream().filter(i -> i.path("email").asText().equals("newcomer@example.org")).findFirst().orElseThrow();
        assertThat(invite.get("invited_by_user_id").asLong()).isEqualTo(member.userId);
        assertThat(invite.get("invited_as").asInt()).isEqualTo(400);
        assertThat(invite.get("is_multiuse").asBoolean()).isFalse();
        assertThat(invite.get("expiry_date").asLong() - invite.get("invited").asLong()).isEqualTo(3600);
        assertThat(invites(admin)).anyMatch(i -> i.get("id").equals(invite.get("id")));
        assertThat(invites(moderator)).noneMatch(i -> i.get("id").equals(invite.get("id")));

        TestMail.Mail m = mail.awaitTo("newcomer@example.org", 1).getFirst();
        assertThat(m.to()).isEqualTo("newcomer@example.org");
        assertThat(m.subject()).isEqualTo("Hamlet Member invited you to join Stoa");
        assertThat(m.body()).contains("Hamlet Member (member@example.com) has invited you to join Stoa");
        String link = m.link("/join/");

        JoinPage.Page form = JoinPage.get(link);
        assertThat(form.status()).isEqualTo(200);
        assertThat(form.html()).contains("newcomer@example.org").contains("name=\"full_name\"").doesNotContain("name=\"email\"");
        JoinPage.Page weak = JoinPage.post(link, "full_name", "New Comer", "password", "abc");
        assertThat(weak.status()).isEqualTo(400);
        assertThat(weak.html()).contains("The password is too weak.");

        List<JsonNode> joined = VerifyAction.as(member)
                .events("realm_user/add", "user_group/add_members", "user_group/add_members", "subscription/peer_add", "invites_changed", "message").run(() -> {
            JoinPage.Page done = JoinPage.post(link, "full_name", "New Comer", "password", "a long enough secret");
            assertThat(done.status()).isEqualTo(200);
            assertThat(done.html()).contains("Welcome, New Comer!");
        });
        assertThat(joined.get(5).get("message").get("content").asText()).contains("accepted your invitation");
        JsonNode key = anonymous.post("/fetch_api_key", "username", "newcomer@example.org", "password", "a long enough secret").success();
        ApiClient newcomer = server.client("newcomer@example.org", key.get("api_key").asText(), key.get("user_id").asLong());
        assertThat(newcomer.get("/users/me").success().get("role").asInt()).isEqualTo(400);
        JsonNode subs = newcomer.get("/users/me/subscriptions").success().get("subscriptions");
        assertThat(subs).hasSize(1);
        assertThat(subs.get(0).get("stream_id").asLong()).isEqualTo(room);
        // used up: off the list, and the link is dead
        assertThat(invites(member)).noneMatch(i -> i.get("id").equals(invite.get("id")));
        assertThat(JoinPage.get(link).status()).isEqualTo(404);
        assertThat(JoinPage.post(link, "full_name", "Again", "password", "another secret").html()).contains("has already been used");
    }

    @Test
    void whoMayInviteAsWhat() {
        long room = channel(owner, "Open room", false);
        guest.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of()).badRequest("Not allowed for guest users");
        bot.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of()).badRequest("This endpoint does not accept bot requests.");
        member.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of(), "invite_as", 200).badRequest("Must be an organization administrator");
        moderator.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of(), "invite_as", 300).badRequest("Must be an organization administrator");
        admin.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of(), "invite_as", 100)
                .error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        member.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of(), "invite_as", 500).badRequest("Invalid invite_as");
        member.post("/invites", "invitee_emails", "", "stream_ids", List.of()).badRequest("You must specify at least one email address.");
        member.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of(999_999))
                .badRequest("Invalid channel ID 999999. No invites were sent.");
        long secret = channel(admin, "Secret room", true);
        member.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of(secret))
                .badRequest("Invalid channel ID " + secret + ". No invites were sent.");
        // can_add_subscribers_group: administrators only, so a member may not put invitees in a channel (unless it is a default one)
        owner.patch("/realm", "can_add_subscribers_group", Map.of("new", groupId("role:administrators"))).success();
        member.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of(room))
                .badRequest("You do not have permission to subscribe other users to channels.");
        owner.post("/default_streams", "stream_id", room).success();
        member.post("/invites", "invitee_emails", "default-ok@example.org", "stream_ids", List.of(room)).success();
        owner.patch("/realm", "can_add_subscribers_group", Map.of("new", groupId("role:members"))).success();
        owner.patch("/realm", "can_invite_users_group", Map.of("new", groupId("role:administrators"))).success();
        member.post("/invites", "invitee_emails", "a@example.org", "stream_ids", List.of()).badRequest("Insufficient permission");
        admin.post("/invites", "invitee_emails", "admin-ok@example.org", "stream_ids", List.of(), "invite_as", 200).success();
        owner.patch("/realm", "can_invite_users_group", Map.of("new", groupId("role:members"))).success();
        assertThat(invites(owner)).noneMatch(i -> i.get("email").asText().equals("a@example.org"));
    }

    @Test
    void badAndTakenAddresses() {
        int before = invites(owner).size();
        JsonNode bad = member.post("/invites", "invitee_emails", "fine@example.org, not-an-email\nmember@example.com", "stream_ids", List.of())
                .error(400, "INVITATION_FAILED", "Some emails did not validate, so we didn't send any invitations.").json();
        assertThat(bad.get("errors").toString())
                .isEqualTo("[[\"not-an-email\",\"Invalid address.\",false],[\"member@example.com\",\"Already has an account.\",false]]");
        assertThat(bad.get("sent_invitations").asBoolean()).isFalse();
        assertThat(invites(owner)).hasSize(before);
        member.post("/invites", "invitee_emails", "member@example.com,admin@example.com", "stream_ids", List.of())
                .error(400, "INVITATION_FAILED", "We weren't able to invite anyone.");
        JsonNode partly = member.post("/invites", "invitee_emails", "member@example.com,partly@example.org", "stream_ids", List.of())
                .error(400, "INVITATION_FAILED", "Some of those addresses are already using Zulip, so we didn't send them an invitation."
                        + " We did send invitations to everyone else!").json();
        assertThat(partly.get("sent_invitations").asBoolean()).isTrue();
        assertThat(partly.get("errors").toString()).isEqualTo("[[\"member@example.com\",\"Already has an account.\",false]]");
        assertThat(invites(owner)).hasSize(before + 1);
        // an organization restricted to its domains
        owner.post("/realm/domains", "domain", "corp.example", "allow_subdomains", false).success();
        owner.patch("/realm", "emails_restricted_to_domains", true).success();
        JsonNode outside = member.post("/invites", "invitee_emails", "x@elsewhere.example,y+tag@corp.example", "stream_ids", List.of())
                .error(400, "INVITATION_FAILED", "Some emails did not validate, so we didn't send any invitations.").json();
        assertThat(outside.get("errors").toString()).isEqualTo("[[\"x@elsewhere.example\",\"Outside your domain.\",false],"
                + "[\"y+tag@corp.example\",\"Email addresses containing + are not allowed.\",false]]");
        member.post("/invites", "invitee_emails", "inside@corp.example", "stream_ids", List.of()).success();
        owner.patch("/realm", "emails_restricted_to_domains", false).success();
        member.post("/invites", "invitee_emails", "x@example.org", "stream_ids", "[1,").badRequest("stream_ids is not valid JSON");
        var missing = member.post("/invites", "invitee_emails", "x@example.org");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.msg()).isEqualTo("Missing 'stream_ids' argument");
    }

    @Test
    void revokeAndResend() {
        member.post("/invites", "invitee_emails", "revoke-me@example.org", "stream_ids", List.of()).success();
        owner.post("/invites", "invitee_emails", "future-owner@example.org", "stream_ids", List.of(), "invite_as", 100).success();
        long mine = idOf(member, "revoke-me@example.org"), owners = idOf(owner, "future-owner@example.org");
        mail.awaitTo("revoke-me@example.org", 1);
        assertThat(member.post("/invites/" + mine + "/resend").success().get("msg").asText()).isEmpty();
        List<TestMail.Mail> both = mail.awaitTo("revoke-me@example.org", 2);
        assertThat(both.get(1).body()).isEqualTo(both.get(0).body()); // the same link
        moderator.delete("/invites/" + mine).badRequest("Must be an organization administrator");
        moderator.post("/invites/" + mine + "/resend").badRequest("Must be an organization administrator");
        admin.delete("/invites/" + owners).error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        guest.delete("/invites/" + mine).badRequest("Not allowed for guest users");
        member.delete("/invites/999999").badRequest("No such invitation");
        member.delete("/invites/multiuse/" + mine).badRequest("No such invitation");
        VerifyAction.as(member).events("invites_changed").noStateChange().run(() -> admin.delete("/invites/" + mine).success());
        VerifyAction.as(moderator).events(0).noStateChange().run(() -> owner.delete("/invites/" + owners).success());
        assertThat(invites(owner)).noneMatch(i -> i.get("id").asLong() == mine || i.get("id").asLong() == owners);
        member.post("/invites/" + mine + "/resend").badRequest("No such invitation");
        member.delete("/invites/" + mine).badRequest("No such invitation");
    }

    private static int groupSeq;

    /** A new user group made by `creator` (who may then manage it), with extra settings. */
    static long group(ApiClient creator, Object... settings) {
        Object[] kv = new Object[6 + settings.length];
        kv[0] = "name"; kv[1] = "invitees-" + (++groupSeq) + "-" + System.nanoTime(); kv[2] = "description"; kv[3] = "for invitees";
        kv[4] = "members"; kv[5] = List.of();
        System.arraycopy(settings, 0, kv, 6, settings.length);
        return creator.post("/user_groups/create", kv).success().get("group_id").asLong();
    }

    static List<Long> members(ApiClient viewer, long groupId) {
        List<Long> out = new ArrayList<>();
        viewer.get("/user_groups/" + groupId + "/members").success().get("members").forEach(n -> out.add(n.asLong()));
        return out;
    }

    @Test
    void invitationPutsTheNewcomerInItsGroups() {
        long nobody = groupId("role:nobody");
        long mine = group(member), later = group(member);
        long closed = group(owner, "can_manage_group", nobody, "can_add_members_group", nobody);
        long gone = group(member);
        member.post("/user_groups/" + gone + "/deactivate").success();
        int before = invites(owner).size();
        // Zulip's access_user_group_for_update, as for adding members by hand; nothing is written on refusal
        member.post("/invites", "invitee_emails", "grouped@example.org", "stream_ids", List.of(), "group_ids", List.of(mine, closed))
                .badRequest("Insufficient permission");
        member.post("/invites", "invitee_emails", "grouped@example.org", "stream_ids", List.of(), "group_ids", List.of(mine, 987_654))
                .badRequest("Invalid user group");
        member.post("/invites", "invitee_emails", "grouped@example.org", "stream_ids", List.of(), "group_ids", List.of(gone))
                .badRequest("User group is deactivated.");
        member.post("/invites", "invitee_emails", "grouped@example.org", "stream_ids", List.of(), "group_ids", List.of(groupId("role:members")))
                .badRequest("Insufficient permission");
        member.post("/invites", "invitee_emails", "grouped@example.org", "stream_ids", List.of(), "group_ids", "[1,")
                .badRequest("group_ids is not valid JSON");
        assertThat(invites(owner)).hasSize(before);
        assertThat(mail.to("grouped@example.org")).isEmpty();

        JsonNode ok = member.post("/invites", "invitee_emails", "grouped@example.org", "stream_ids", List.of(), "group_ids", List.of(mine, later),
                "notify_referrer_on_join", false).success();
        assertThat(ok.has("ignored_parameters_unsupported")).isFalse();
        // the owner (who may manage all groups) can name a group only its managers may add to
        owner.post("/invites", "invitee_emails", "closed-ok@example.org", "stream_ids", List.of(), "group_ids", List.of(closed)).success();
        String link = mail.awaitTo("grouped@example.org", 1).getFirst().link("/join/");
        member.post("/user_groups/" + later + "/deactivate").success(); // deactivated meanwhile: skipped at sign-up

        List<JsonNode> joined = VerifyAction.as(admin)
                .events("realm_user/add", "user_group/add_members", "user_group/add_members", "user_group/add_members", "invites_changed")
                .run(() -> assertThat(JoinPage.post(link, "full_name", "Grouped Person", "password", "grouped secret").status()).isEqualTo(200));
        long newcomer = joined.getFirst().get("person").get("user_id").asLong();
        assertThat(joined.get(3).get("group_id").asLong()).isEqualTo(mine);
        assertThat(joined.get(3).get("user_ids").toString()).isEqualTo("[" + newcomer + "]");
        assertThat(members(admin, mine)).containsExactly(newcomer);
        // a deactivated group's members are read from the list that includes such groups
        List<JsonNode> all = new ArrayList<>();
        admin.get("/user_groups", "include_deactivated_groups", "true").success().get("user_groups").forEach(all::add);
        assertThat(all).filteredOn(g -> g.get("id").asLong() == later).singleElement().satisfies(g -> assertThat(g.get("members")).isEmpty());
    }

    private long idOf(ApiClient c, String email) {
        return invites(c).stream().filter(i -> i.path("email").asText().equals(email)).findFirst().orElseThrow().get("id").asLong();
    }
}
