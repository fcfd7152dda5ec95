package dev.stoa.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Exports;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The export API as Zulip's: administrators only, public or with member consent, produced in the
 * background with realm_export events to the human administrators, downloadable, deletable with
 * Zulip's refusals, five a week; consents and their events; a lost export ends failed.
 * The server's clock is a MutableClock: each test that requests exports first moves a week on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExportApiTest {
    private static final Function<ApiClient, JsonNode> EXPORTS = c -> c.get("/export/realm").success();
    private static final Function<ApiClient, JsonNode> CONSENTS = c -> c.get("/export/realm/consents").success();
    private static final int DEADLINE_SECONDS = 60;

    private final MutableClock clock = new MutableClock();
    private TestServer server;
    private ApiClient owner, admin, moderator, member;

    @BeforeAll
    void start() {
        server = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000), clock);
        owner = server.owner;
        admin = server.admin;
        moderator = server.moderator;
        member = server.member;
    }

    @AfterAll
    void stop() {
        server.close();
    }

    /** Zulip allows five exports a week: a test that requests exports starts a new week. */
    private void newWeek() {
        clock.advance(Duration.ofDays(8));
    }

    private long create(ApiClient c, Object... params) {
        return c.post("/export/realm", params).success().get("id").asLong();
    }

    @Test
    void onlyAdministratorsMayUseExports() {
        for (ApiClient c : List.of(member, moderator, server.guest, server.bot)) {
            c.post("/export/realm").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            // The role is checked before the parameters, as Zulip's @require_realm_admin.
            c.post("/export/realm", "export_type", "7").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            c.get("/export/realm").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            c.delete("/export/realm/1").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
            c.get("/export/realm/consents").error(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");
        }
        admin.post("/export/realm", "export_type", "7").badRequest("Invalid export_type");
        admin.post("/export/realm", "export_type", "full_without_consent").badRequest("Invalid export_type");
        admin.delete("/export/realm/999999").badRequest("Invalid data export ID");
    }

    /** POST: pending, then done, each a realm_export event with the whole list to every human administrator. */
    @Test
    void anExportIsProducedInTheBackgroundWithEvents() {
        newWeek();
        long[] id = new long[1];
        List<JsonNode> events = VerifyAction.as(admin).plusState(EXPORTS).events("realm_export", "realm_export").run(() -> {
            id[0] = create(owner);
            Exports.awaitDone(owner, id[0], DEADLINE_SECONDS);
        });
        assertThat(events.get(0).get("exports").findValuesAsText("pending")).contains("true");
        JsonNode done = Exports.awaitDone(admin, id[0], DEADLINE_SECONDS);
        assertThat(done.get("acting_user_id").asLong()).isEqualTo(owner.userId);
        assertThat(done.get("export_type").asInt()).isEqualTo(1);
        assertThat(done.get("failed_timestamp").isNull()).isTrue();
        assertThat(done.get("export_url").asText()).startsWith(server.baseUrl + "/exports/realm/" + id[0] + "/stoa-export-").endsWith(".zip");
        // As Zulip, the requester hears of it from the notification bot.
        JsonNode last = owner.get("/messages", "anchor", "newest", "num_before", 1, "num_after", 0).success().get("messages").get(0);
        assertThat(last.get("content").asText()).contains("Your data export is complete.");
        assertThat(last.get("type").asText()).isEqualTo("private");
    }

    /** A public export leaves out private channels' messages, direct messages and personal data, as Zulip's. */
    @Test
    void aPublicExportHoldsNoPrivateData() {
        newWeek();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "export-public")), "principals", List.of(member.userId)).success();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "export-private")), "invite_only", true,
                "principals", List.of(member.userId)).success();
        long pub = send(member, "export-public", "public words");
        long priv = send(member, "export-private", "private words");
        long dm = member.post("/messages", "type", "direct", "to", List.of(owner.userId), "content", "direct words").success().get("id").asLong();
        member.post("/drafts", "drafts", List.of(Map.of("type", "", "to", List.of(), "topic", "", "content", "draft words",
                "timestamp", 1_700_000_000))).success();
        owner.patch("/settings", "allow_private_data_export", true).success();
        member.patch("/settings", "allow_private_data_export", true).success();

        Map<String, byte[]> entries = download(create(admin, "export_type", "public"));
        List<Long> messages = Exports.rows(entries, "messages").stream().map(r -> r.get("id").asLong()).toList();
        assertThat(messages).contains(pub).doesNotContain(priv, dm);
        assertThat(Exports.rows(entries, "drafts")).isEmpty();
        assertThat(Exports.rows(entries, "user_message")).allMatch(r -> messages.contains(r.get("message_id").asLong()));
        assertThat(Exports.rows(entries, "channels")).hasSizeGreaterThanOrEqualTo(2); // channels themselves are organization data
        JsonNode manifest = Json.parse(new String(entries.get("manifest.json"), StandardCharsets.UTF_8));
        assertThat(manifest.get("export_type").asText()).isEqualTo("public");
        assertThat(manifest.get("format").asText()).isEqualTo("stoa-export");

        // With consent, what consenting members received is in (both consented here).
        Map<String, byte[]> full = download(create(admin, "export_type", "2"));
        List<Long> all = Exports.rows(full, "messages").stream().map(r -> r.get("id").asLong()).toList();
        assertThat(all).contains(pub, priv, dm);
        assertThat(Exports.rows(full, "drafts")).anyMatch(r -> r.get("content").asText().equals("draft words"));
        owner.patch("/settings", "allow_private_data_export", false).success();
        member.patch("/settings", "allow_private_data_export", false).success();
    }

    private long send(ApiClient c, String channel, String content) {
        return c.post("/messages", "type", "stream", "to", channel, "topic", "t", "content", content).success().get("id").asLong();
    }

    private Map<String, byte[]> download(long id) {
        JsonNode e = Exports.awaitDone(admin, id, DEADLINE_SECONDS);
        assertThat(e.get("failed_timestamp").isNull()).as("export failed").isTrue();
        var r = Exports.fetch(admin, e.get("export_url").asText());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/zip");
        return Exports.entries(r.body());
    }

    @Test
    void withConsentNeedsAConsentingOwner() {
        newWeek();
        owner.patch("/settings", "allow_private_data_export", false).success();
        admin.post("/export/realm", "export_type", "2").badRequest(
                "Make sure at least one Organization Owner is consenting to the export or contact the server administrator for help.");
        owner.patch("/settings", "email_address_visibility", 4).success();
        admin.post("/export/realm").badRequest("Make sure at least one Organization Owner allows other Administrators to see their email"
                + " address or contact the server administrator for help");
        owner.patch("/settings", "email_address_visibility", 1).success();
    }

    @Test
    void downloadIsForAdministratorsAndDeleteFollowsZulip() {
        newWeek();
        long id = create(admin);
        JsonNode e = Exports.awaitDone(admin, id, DEADLINE_SECONDS);
        String url = e.get("export_url").asText();
        assertThat(Exports.fetch(member, url).statusCode()).isEqualTo(400);
        assertThat(Exports.fetch(owner.anonymous(), url).statusCode()).isEqualTo(401);
        assertThat(Exports.fetch(admin, url.replace("stoa-export-", "stoa-export-x")).statusCode()).isEqualTo(404);

        VerifyAction.as(admin).plusState(EXPORTS).events("realm_export").run(() -> admin.delete("/export/realm/" + id).success());
        JsonNode deleted = find(id);
        assertThat(deleted.get("deleted_timestamp").isNull()).isFalse();
        assertThat(deleted.get("export_url").isNull()).isTrue();
        assertThat(Exports.fetch(admin, url).statusCode()).isEqualTo(404);
        assertThat(server.dataDir.resolve("exports").resolve(String.valueOf(id))).doesNotExist();
        admin.delete("/export/realm/" + id).badRequest("Export already deleted");
    }

    private JsonNode find(long id) {
        for (JsonNode e : EXPORTS.apply(admin).get("exports")) if (e.get("id").asLong() == id) return e;
        throw new AssertionError("no export " + id);
    }

    /** A failed export (here: its folder cannot be made) ends failed, with an event, and cannot be deleted. */
    @Test
    void aFailedExportIsReportedAndCannotBeDeleted() throws Exception {
        newWeek();
        long next = server.stoa.db().read(h -> h.createQuery("SELECT COALESCE(MAX(id), 0) + 1 FROM realm_exports").mapTo(Long.class).one());
        Files.createDirectories(server.dataDir.resolve("exports"));
        Files.writeString(server.dataDir.resolve("exports").resolve(String.valueOf(next)), "in the way");
        long id = create(admin);
        assertThat(id).isEqualTo(next);
        JsonNode e = Exports.awaitDone(admin, id, DEADLINE_SECONDS);
        assertThat(e.get("failed_timestamp").isNull()).isFalse();
        assertThat(e.get("export_url").isNull()).isTrue();
        admin.delete("/export/realm/" + id).badRequest("Export failed, nothing to delete");
    }

    /** A pending export whose process ended (crash, restart: no heartbeat) is failed by the collector, with an event. */
    @Test
    void aLostExportEndsFailed() {
        newWeek();
        ExportStore store = new ExportStore();
        long id = server.stoa.db().write(tx -> store.insert(tx.h(), admin.userId, RealmExport.PUBLIC, clock.millis()));
        admin.delete("/export/realm/" + id).badRequest("Export still in progress");
        VerifyAction.as(admin).plusState(EXPORTS).events("realm_export").run(() -> {
            clock.advance(Duration.ofMillis(ExportJobs.STALE_MILLIS + 1000));
            server.stoa.collector().runOnce();
        });
        assertThat(find(id).get("failed_timestamp").isNull()).isFalse();
        assertThat(find(id).get("pending").asBoolean()).isFalse();
    }

    @Test
    void fiveExportsAWeek() {
        newWeek();
        for (int i = 0; i < ExportActions.PER_WEEK; i++) Exports.awaitDone(admin, create(admin), DEADLINE_SECONDS);
        admin.post("/export/realm").badRequest("Exceeded rate limit.");
        newWeek();
        Exports.awaitDone(admin, create(admin), DEADLINE_SECONDS);
    }

    /** Consents: active people only, each change a realm_export_consent event to the human administrators. */
    @Test
    void consentsAndTheirEvents() {
        JsonNode consents = CONSENTS.apply(admin).get("export_consents");
        assertThat(consents.findValuesAsText("user_id")).contains(String.valueOf(member.userId)).doesNotContain(String.valueOf(server.bot.userId));
        VerifyAction.as(admin).plusState(CONSENTS).events("realm_export_consent")
                .run(() -> member.patch("/settings", "allow_private_data_export", true).success());
        VerifyAction.as(owner).plusState(CONSENTS).events("realm_export_consent")
                .run(() -> member.patch("/settings", "allow_private_data_export", false).success());
        // The member's own queue hears of its setting, not of the consent list.
        VerifyAction.as(member).events("user_settings")
                .run(() -> member.patch("/settings", "allow_private_data_export", true).success());
        member.patch("/settings", "allow_private_data_export", false).success();
    }
}
