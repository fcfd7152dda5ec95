package dev.stoa.invites;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestMail;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reusable invitation links, and expiry on the server's clock. No SMTP is configured here: email
 * invitations are kept in the outbox and the answer says so.
 */
class InviteLinksTest extends StoaTestBase {
    private final MutableClock clock = new MutableClock();

    @Override
    protected TestServer newServer() {
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock);
    }

    private long channel(ApiClient creator, String name) {
        creator.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", name))).success();
        return creator.get("/get_stream_id", "stream", name).success().get("stream_id").asLong();
    }

    private ApiClient signIn(String email, String password) {
        JsonNode key = anonymous.post("/fetch_api_key", "username", email, "password", password).success();
        return server.client(email, key.get("api_key").asText(), key.get("user_id").asLong());
    }

    @Test
    void reusableLinkMakesGuestsInItsChannels() {
        long general = channel(owner, "Lobby"), room = channel(admin, "Guest room");
        owner.post("/default_streams", "stream_id", general).success();
        member.post("/invites/multiuse").badRequest("Insufficient permission");
        moderator.post("/invites/multiuse", "invite_as", 200).badRequest("Insufficient permission");
        String[] link = new String[1];
        VerifyAction.as(owner).events("invites_changed").noStateChange().run(() -> link[0] = admin.post("/invites/multiuse",
                "invite_as", 600, "stream_ids", List.of(room), "include_realm_default_subscriptions", true,
                "invite_expires_in_minutes", "null").success().get("invite_link").asText());
        assertThat(link[0]).matches(server.baseUrl + "/join/[0-9a-f]+/");
        JsonNode listed = admin.get("/invites").success().get("invites").get(0);
        assertThat(listed.get("is_multiuse").asBoolean()).isTrue();
        assertThat(listed.get("link_url").asText()).isEqualTo(link[0]);
        assertThat(listed.get("expiry_date").isNull()).isTrue();
        assertThat(listed.has("email")).isFalse();
        assertThat(member.get("/invites").success().get("invites")).isEmpty();

        assertThat(JoinPage.get(link[0]).html()).contains("name=\"email\"");
        for (String who : List.of("visitor1", "visitor2")) {
            JoinPage.Page done = JoinPage.post(link[0], "email", who + "@example.org", "full_name", "Visitor " + who, "password", "visitor secret");
            assertThat(done.status()).isEqualTo(200);
            ApiClient v = signIn(who + "@example.org", "visitor secret");
            assertThat(v.get("/users/me").success().get("role").asInt()).isEqualTo(600);
            assertThat(v.get("/users/me/subscriptions").success().get("subscriptions")).extracting(s -> s.get("stream_id").asLong())
                    .containsExactlyInAnyOrder(general, room);
        }
        JoinPage.Page taken = JoinPage.post(link[0], "email", "member@example.com", "full_name", "Impostor", "password", "impostor secret");
        assertThat(taken.status()).isEqualTo(400);
        assertThat(taken.html()).contains("A user with the email address member@example.com already exists.");
        long id = listed.get("id").asLong();
        member.delete("/invites/multiuse/" + id).badRequest("Must be an organization administrator");
        VerifyAction.as(admin).events("invites_changed").noStateChange().run(() -> owner.delete("/invites/multiuse/" + id).success());
        owner.delete("/invites/multiuse/" + id).badRequest("Invitation has already been revoked");
        owner.delete("/invites/" + id).badRequest("No such invitation");
        assertThat(JoinPage.get(link[0]).status()).isEqualTo(404);
    }

    @Test
    void reusableLinkPutsEachNewcomerInItsGroups() {
        long nobody = groupId("role:nobody");
        long team = InvitesTest.group(admin), closed = InvitesTest.group(owner, "can_manage_group", nobody, "can_add_members_group", nobody);
        int before = owner.get("/invites").success().get("invites").size();
        admin.post("/invites/multiuse", "group_ids", List.of(team, closed)).badRequest("Insufficient permission");
        admin.post("/invites/multiuse", "group_ids", List.of(424_242)).badRequest("Invalid user group");
        assertThat(owner.get("/invites").success().get("invites")).hasSize(before);
        JsonNode made = admin.post("/invites/multiuse", "group_ids", List.of(team)).success();
        assertThat(made.has("ignored_parameters_unsupported")).isFalse();
        String link = made.get("invite_link").asText();
        JsonNode listed = listed(admin, link);
        assertThat(listed.get("group_ids")).extracting(JsonNode::asLong).containsExactly(team);
        List<Long> joined = new ArrayList<>();
        for (String who : List.of("teamer1", "teamer2")) {
            VerifyAction.as(member).events("realm_user/add", "user_group/add_members", "user_group/add_members", "user_group/add_members")
                    .run(() -> assertThat(JoinPage.post(link, "email", who + "@example.org", "full_name", "Teamer " + who, "password", "teamer secret")
                            .status()).isEqualTo(200));
            joined.add(signIn(who + "@example.org", "teamer secret").userId);
        }
        assertThat(InvitesTest.members(member, team)).containsExactlyElementsOf(joined);
        owner.delete("/invites/multiuse/" + listed.get("id").asLong()).success(); // other tests here count the pending invitations
    }

    private static JsonNode listed(ApiClient who, String link) {
        for (JsonNode i : who.get("/invites").success().get("invites")) if (i.path("link_url").asText().equals(link)) return i;
        throw new AssertionError("not listed: " + link);
    }

    @Test
    void aReusableLinkIsEditedAndItsNewTermsApplyAtSignUp() {
        long lobby = channel(owner, "Edit lobby"), annex = channel(admin, "Edit annex"), team = InvitesTest.group(admin);
        String link = admin.post("/invites/multiuse", "stream_ids", List.of(lobby)).success().get("invite_link").asText();
        long id = listed(admin, link).get("id").asLong();
        // Each refusal changes nothing: Zulip's messages, in the order its checks run.
        guest.patch("/invites/multiuse/" + id, "invite_as", 600).badRequest("Not allowed for guest users");
        member.patch("/invites/multiuse/" + id, "invite_as", 600).badRequest("Insufficient permission");
        admin.patch("/invites/multiuse/" + 424_242, "invite_as", 600).badRequest("No such invitation");
        admin.patch("/invites/multiuse/" + id, "invite_as", 100).error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        admin.patch("/invites/multiuse/" + id, "invite_as", 7).badRequest("Invalid invite_as");
        admin.patch("/invites/multiuse/" + id, "stream_ids", List.of(424_242)).badRequest("Invalid channel ID 424242. No invites were sent.");
        admin.patch("/invites/multiuse/" + id, "group_ids", List.of(424_242)).badRequest("Invalid user group");
        assertThat(listed(admin, link).get("invited_as").asInt()).isEqualTo(400);
        assertThat(listed(admin, link).get("stream_ids")).extracting(JsonNode::asLong).containsExactly(lobby);

        VerifyAction.as(owner).events("invites_changed").noStateChange().run(() -> admin.patch("/invites/multiuse/" + id,
                "invite_as", 600, "stream_ids", List.of(lobby, annex, lobby), "group_ids", List.of(team), "include_realm_default_subscriptions", false).success());
        JsonNode now = listed(admin, link);
        assertThat(now.get("link_url").asText()).isEqualTo(link);
        assertThat(now.get("invited_as").asInt()).isEqualTo(600);
        assertThat(now.get("stream_ids")).extracting(JsonNode::asLong).containsExactly(lobby, annex);
        assertThat(now.get("group_ids")).extracting(JsonNode::asLong).containsExactly(team);
        assertThat(JoinPage.post(link, "email", "edited@example.org", "full_name", "Ed Ited", "password", "edited secret").status()).isEqualTo(200);
        ApiClient ed = signIn("edited@example.org", "edited secret");
        assertThat(ed.get("/users/me").success().get("role").asInt()).isEqualTo(600);
        assertThat(ed.get("/users/me/subscriptions").success().get("subscriptions")).extracting(x -> x.get("stream_id").asLong())
                .containsExactlyInAnyOrder(lobby, annex);
        assertThat(InvitesTest.members(member, team)).contains(ed.userId);

        // Another's link needs an administrator; an empty edit changes nothing and still succeeds.
        String owners = owner.post("/invites/multiuse", "invite_as", 100).success().get("invite_link").asText();
        long ownersId = listed(owner, owners).get("id").asLong();
        admin.patch("/invites/multiuse/" + ownersId, "invite_as", 400).error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization owner");
        owner.patch("/invites/multiuse/" + ownersId).success();
        assertThat(listed(owner, owners).get("invited_as").asInt()).isEqualTo(100);
        owner.delete("/invites/multiuse/" + ownersId).success();
        owner.patch("/invites/multiuse/" + ownersId, "invite_as", 400).badRequest("Invitation has already been revoked");
        owner.delete("/invites/multiuse/" + id).success(); // other tests here count the pending invitations
    }

    @Test
    void domainRestrictionsApplyAtSignUp() {
        String link = owner.post("/invites/multiuse").success().get("invite_link").asText();
        owner.post("/realm/domains", "domain", "corp.example", "allow_subdomains", true).success();
        owner.patch("/realm", "emails_restricted_to_domains", true).success();
        JoinPage.Page outside = JoinPage.post(link, "email", "someone@elsewhere.example", "full_name", "Out Sider", "password", "outside secret");
        assertThat(outside.status()).isEqualTo(400);
        assertThat(outside.html()).contains("Your email address, someone@elsewhere.example, is not in one of the domains");
        assertThat(anonymous.post("/fetch_api_key", "username", "someone@elsewhere.example", "password", "outside secret").status()).isNotEqualTo(200);
        assertThat(JoinPage.post(link, "email", "in@dev.corp.example", "full_name", "In Sider", "password", "inside secret").status()).isEqualTo(200);
        owner.patch("/realm", "emails_restricted_to_domains", false).success();
    }

    @Test
    void invitationsExpireOnTheServersClock() {
        // No SMTP here: the invitation waits in the outbox, the answer's msg stays empty (the seed allows none
        // on success) and register tells clients that mail does not leave this server.
        assertThat(owner.post("/register").success().get("server_can_send_email").asBoolean()).isFalse();
        String answer = member.post("/invites", "invitee_emails", "late@example.org", "stream_ids", List.of(), "invite_expires_in_minutes", 30)
                .success().get("msg").asText();
        assertThat(answer).isEmpty();
        String link = owner.post("/invites/multiuse", "invite_expires_in_minutes", 30).success().get("invite_link").asText();
        String mailed = server.stoa.db().read(h -> h.createQuery("SELECT body FROM outbox_mail WHERE to_address = 'late@example.org'")
                .mapTo(String.class).one());
        String emailLink = new TestMail.Mail("late@example.org", "", "", mailed).link("/join/");
        assertThat(JoinPage.get(emailLink).status()).isEqualTo(200);
        member.post("/invites", "invitee_emails", "x@example.org", "stream_ids", List.of(), "invite_expires_in_minutes", 0)
                .badRequest("Invalid invite_expires_in_minutes");
        member.post("/invites", "invitee_emails", "x@example.org", "stream_ids", List.of(), "invite_expires_in_minutes", "soon")
                .badRequest("invite_expires_in_minutes is not valid JSON");
        clock.advance(Duration.ofMinutes(31));
        assertThat(owner.get("/invites").success().get("invites")).noneMatch(i -> i.path("email").asText().equals("late@example.org"));
        assertThat(JoinPage.get(emailLink).status()).isEqualTo(404);
        assertThat(JoinPage.post(link, "email", "late2@example.org", "full_name", "Too Late", "password", "late secret").html())
                .contains("has expired");
    }
}
