package dev.stoa.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.TestServer;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A realm with every kind of principal and object the reliability suites aim at. The referee
 * (the server's first owner) and the witness channel are never named in generated requests, so
 * whatever those requests do, the referee can repair principals and check the server still works.
 */
final class Fixture {
    /** One caller of generated requests; userId is -1 for the unauthenticated one. */
    record Principal(String name, ApiClient client, long userId, int role, String password) {}

    final TestServer server;
    final ApiClient referee;
    final ApiClient witness;
    final Map<String, Principal> principals = new LinkedHashMap<>();
    final long publicChannel, privateChannel, protectedChannel;
    final long publicMessage, privateMessage, protectedMessage, dmMessage, groupDmMessage;
    final long groupId, draftId, snippetId, filterId, fieldId, attachmentId;
    final String uploadPath;
    final List<Long> userIds = new ArrayList<>();

    Fixture(TestServer server) {
        this.server = server;
        referee = server.owner;
        witness = server.createUser("witness@example.com", "Wendy Witness", 400);
        add("owner", server.createUser("owner2@example.com", "Otto Owner", 100), 100);
        add("admin", server.admin, 200);
        add("moderator", server.moderator, 300);
        add("member", server.member, 400);
        add("guest", server.guest, 600);
        add("bot", server.bot, 400);
        add("outsider", server.createUser("outsider@example.com", "Olga Outsider", 400), 400);
        ApiClient gone = server.createUser("gone@example.com", "Gustav Gone", 400);
        add("deactivated", gone, 400);
        referee.delete("/users/" + gone.userId).success();
        ApiClient member = server.member;
        add("wrong key", member.withCredentials(member.email, "x".repeat(32)), 400);
        principals.put("unauthenticated", new Principal("unauthenticated", member.anonymous(), -1, 0, null));

        List<Long> insiders = List.of(member.userId, server.guest.userId, server.bot.userId);
        publicChannel = createChannel(referee, "fz public", false, true, List.of(member.userId, server.guest.userId, server.moderator.userId));
        privateChannel = createChannel(referee, "fz private", true, true, insiders);
        protectedChannel = createChannel(referee, "fz protected", true, false, insiders);
        publicMessage = send(member, "stream", "fz public", "public words");
        privateMessage = send(member, "stream", "fz private", "private words");
        protectedMessage = send(member, "stream", "fz protected", "protected words");
        dmMessage = member.post("/messages", "type", "direct", "to", List.of(server.guest.userId), "content", "dm words").success().get("id").asLong();
        groupDmMessage = member.post("/messages", "type", "direct", "to", List.of(server.guest.userId, server.moderator.userId),
                "content", "group dm words").success().get("id").asLong();
        groupId = member.post("/user_groups/create", "name", "fz group", "description", "d", "members", List.of(member.userId))
                .success().get("group_id").asLong();
        draftId = member.post("/drafts", "drafts", List.of(Map.of("type", "stream", "to", List.of(publicChannel), "topic", "t",
                "content", "draft words", "timestamp", 1_700_000_000))).success().get("ids").get(0).asLong();
        snippetId = member.post("/saved_snippets", "title", "snip", "content", "snippet words").success().get("saved_snippet_id").asLong();
        filterId = referee.post("/realm/filters", "pattern", "#(?P<id>[0-9]+)", "url_template", "https://example.com/t/{id}")
                .success().get("id").asLong();
        fieldId = referee.post("/realm/profile_fields", "name", "Phone", "field_type", "1").success().get("id").asLong();
        uploadPath = upload(member, "notes.txt", "upload words");
        send(member, "stream", "fz private", "[notes](" + uploadPath + ")");
        attachmentId = member.get("/attachments").success().get("attachments").get(0).get("id").asLong();
    }

    private void add(String name, ApiClient c, int role) {
        principals.put(name, new Principal(name, c, c.userId, role, "secret-" + c.email));
        if (!userIds.contains(c.userId)) userIds.add(c.userId);
    }

    ApiClient client(String principal) {
        return principals.get(principal).client();
    }

    static long createChannel(ApiClient by, String name, boolean inviteOnly, boolean sharedHistory, List<Long> others) {
        List<Object> principals = new ArrayList<>(others);
        principals.add(by.userId);
        by.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", name)), "principals", principals,
                "invite_only", inviteOnly, "history_public_to_subscribers", sharedHistory).success();
        return by.get("/get_stream_id", "stream", name).success().get("stream_id").asLong();
    }

    static long send(ApiClient c, String type, String to, String content) {
        return c.post("/messages", "type", type, "to", to, "topic", "fz", "content", content).success().get("id").asLong();
    }

    static String upload(ApiClient c, String name, String body) {
        String boundary = "fzb0undary";
        String payload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name + "\"\r\n"
                + "Content-Type: text/plain\r\n\r\n" + body + "\r\n--" + boundary + "--\r\n";
        HttpRequest req = c.request("/api/v1/user_uploads").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(payload)).build();
        JsonNode up = c.raw(req).success();
        return up.get("url").asText();
    }

    /**
     * Puts every principal back as it was (generated requests may have deactivated, demoted or
     * re-keyed them): the referee reactivates and sets roles; a key that stopped working is fetched
     * anew by password (which costs a password hash, so only then).
     */
    void repair() {
        for (String name : List.copyOf(principals.keySet())) repair(name);
    }

    void repair(String name) {
        Principal p = principals.get(name);
        if (p.userId() < 0 || p.name().equals("wrong key")) return;
        if (p.name().equals("deactivated")) {
            referee.delete("/users/" + p.userId());
            return;
        }
        referee.post("/users/" + p.userId() + "/reactivate");
        if (p.role() != 0) referee.patch("/users/" + p.userId(), "role", String.valueOf(p.role()));
        if (p.name().equals("bot") || p.client().get("/users/me").ok()) return; // the bot has no password; no route re-keys it
        var r = referee.anonymous().post("/fetch_api_key", "username", p.client().email, "password", p.password());
        if (r.ok()) {
            String key = r.json().get("api_key").asText();
            principals.put(name, new Principal(name, p.client().withCredentials(p.client().email, key), p.userId(), p.role(), p.password()));
        }
    }
}
