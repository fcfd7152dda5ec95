package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/** One real server per test class (fresh database); tests get clients for each role. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class StoaTestBase {
    protected TestServer server;
    protected ApiClient owner, admin, moderator, member, guest, bot, anonymous;

    @BeforeAll
    void startServer() {
        server = newServer();
        owner = server.owner;
        admin = server.admin;
        moderator = server.moderator;
        member = server.member;
        guest = server.guest;
        bot = server.bot;
        anonymous = owner.anonymous();
    }

    /** The class's server; a class that needs another configuration (mail, a clock) overrides this. */
    protected TestServer newServer() {
        return new TestServer();
    }

    /** A group's id by name (system groups such as "role:members" included), as GET /user_groups lists it. */
    protected long groupId(String name) {
        for (JsonNode g : owner.get("/user_groups").success().get("user_groups")) {
            if (g.get("name").asText().equals(name)) return g.get("id").asLong();
        }
        throw new AssertionError("no group " + name);
    }

    @AfterAll
    void stopServer() {
        if (server != null) server.close();
    }
}
