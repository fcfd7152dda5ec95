package dev.stoa.bots;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.BotsConfig;
import dev.stoa.http.Json;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Await;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestBotServer.Answer;
import dev.stoa.testing.TestBotServer;
import dev.stoa.testing.TestServer;
import dev.stoa.users.BotServiceStore;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Outgoing webhooks (issue 27) against a real bot service (TestBotServer): Zulip's payload, the
 * bot's answer as its reply in the topic or direct message, Zulip's failure texts and owner
 * notices, retries, the Slack format, and a restart mid-call that neither loses nor doubles the reply.
 */
class OutgoingWebhookTest extends StoaTestBase {
    private static final String CHANNEL = "bots";
    private final MutableClock clock = new MutableClock();
    private final TestBotServer service = new TestBotServer();
    private long botId;
    private String botEmail, token;

    @Override
    protected TestServer newServer() {
        // The bot service listens on 127.0.0.1: this server allows private targets (the refusal is tested on its own server below).
        return new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withBots(new BotsConfig(true, 10)), clock);
    }

    /**
     * The service answers by what it was sent, never by when: a call retried after its test moved on
     * (a timeout on a loaded machine) gets the answer its own test expects.
     */
    private static Answer answerFor(TestBotServer.Call c) {
        boolean slack = c.contentType() != null && c.contentType().startsWith("application/x-www-form-urlencoded");
        String text = slack ? form(c.body()).get("text") : Json.parse(c.body()).path("data").asText();
        return switch (text) {
            case "@**Echo Bot** ping" -> Answer.json("{\"content\": \"pong **loud**\"}");
            case "hi" -> Answer.json("{\"content\": \"hello there\"}");
            case "@**Echo Bot** fail" -> new Answer(500, "it's broken");
            case "@**Echo Bot** json?" -> Answer.json("pong");
            case "@**Slack Bot** hi" -> Answer.json("{\"text\": \"from slack\"}");
            case "@**Echo Bot** restart" -> Answer.json("{\"content\": \"survived\"}");
            case "@**Twin Bot** both of you" -> Answer.json("{\"content\": \"answer from " + c.path() + "\"}");
            default -> Answer.json("{\"response_not_required\": true}"); // "quiet please", markers
        };
    }

    @BeforeAll
    void outgoingBot() {
        service.answer(OutgoingWebhookTest::answerFor);
        member.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", CHANNEL))).success();
        JsonNode b = member.post("/bots", "full_name", "Echo Bot", "short_name", "echo", "bot_type", 3,
                "payload_url", Json.write(service.url("/echo"))).success();
        botId = b.get("user_id").asLong();
        JsonNode listed = bot(member, botId);
        botEmail = listed.get("email").asText();
        JsonNode services = listed.get("services");
        assertThat(services).hasSize(1);
        assertThat(services.get(0).get("base_url").asText()).isEqualTo(service.url("/echo"));
        assertThat(services.get(0).get("interface").asInt()).isEqualTo(1);
        token = services.get(0).get("token").asText();
        assertThat(token).hasSize(32);
    }

    @AfterAll
    void stopService() {
        service.close();
    }

    @Test
    void aMentionInATopicCallsTheBotWithZulipsPayloadAndItsAnswerIsItsReplyThere() {
        JsonNode queue = member.post("/register", "event_types", List.of("message")).success();
        long sent = member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "ping", "content", "@**Echo Bot** ping").success()
                .get("id").asLong();
        TestBotServer.Call call = service.next(30);
        assertThat(call.method()).isEqualTo("POST");
        assertThat(call.path()).isEqualTo("/echo");
        assertThat(call.contentType()).startsWith("application/json");
        assertThat(call.userAgent()).startsWith("ZulipOutgoingWebhook/");
        JsonNode p = Json.parse(call.body());
        assertThat(p.get("data").asText()).isEqualTo("@**Echo Bot** ping");
        assertThat(p.get("trigger").asText()).isEqualTo("mention");
        assertThat(p.get("token").asText()).isEqualTo(token);
        assertThat(p.get("bot_email").asText()).isEqualTo(botEmail);
        assertThat(p.get("bot_full_name").asText()).isEqualTo("Echo Bot");
        JsonNode m = p.get("message");
        assertThat(m.get("id").asLong()).isEqualTo(sent);
        assertThat(m.get("type").asText()).isEqualTo("stream");
        assertThat(m.get("display_recipient").asText()).isEqualTo(CHANNEL);
        assertThat(m.get("subject").asText()).isEqualTo("ping");
        assertThat(m.get("content").asText()).isEqualTo("@**Echo Bot** ping");
        assertThat(m.get("content_type").asText()).isEqualTo("text/x-markdown");
        assertThat(m.get("rendered_content").asText()).contains("user-mention").contains("ping");
        assertThat(m.get("sender_id").asLong()).isEqualTo(member.userId);

        JsonNode reply = awaitMessageFrom(member, queue, botId);
        assertThat(reply.get("display_recipient").asText()).isEqualTo(CHANNEL);
        assertThat(reply.get("subject").asText()).isEqualTo("ping");
        assertThat(raw(reply)).isEqualTo("pong **loud**");
        assertThat(reply.get("client").asText()).isEqualTo("OutgoingWebhookResponse");
    }

    @Test
    void aDirectMessageCallsTheBotAndItsReplyGoesToTheSameConversation() {
        JsonNode queue = member.post("/register", "event_types", List.of("message")).success();
        member.post("/messages", "type", "direct", "to", List.of(botId), "content", "quiet please").success();
        JsonNode p = Json.parse(service.next(30).body());
        assertThat(p.get("trigger").asText()).isEqualTo("direct_message");
        assertThat(p.get("message").get("type").asText()).isEqualTo("private");
        // The service answers by content, so a retry of the first call (a timeout under load) still has nothing to say.
        member.post("/messages", "type", "direct", "to", List.of(botId), "content", "hi").success();
        assertThat(Json.parse(service.next(30).body()).get("data").asText()).isEqualTo("hi");
        JsonNode reply = awaitMessageFrom(member, queue, botId);
        assertThat(raw(reply)).isEqualTo("hello there");
        assertThat(reply.get("type").asText()).isEqualTo("private");
        List<Long> ids = new ArrayList<>();
        reply.get("display_recipient").forEach(r -> ids.add(r.get("id").asLong()));
        assertThat(ids).containsExactlyInAnyOrder(member.userId, botId);
        assertThat(newestTexts(member, 3)).as("no reply to the first").containsExactly("quiet please", "hi", "hello there");
    }

    @Test
    void aBotsOwnMessagesCallNoBot() {
        ApiClient echo = member.withCredentials(botEmail, bot(member, botId).get("api_key").asText(), botId);
        echo.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", CHANNEL))).success();
        echo.post("/messages", "type", "stream", "to", CHANNEL, "topic", "self", "content", "@**Echo Bot** loop?").success();
        member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "self", "content", "@**Echo Bot** marker").success();
        assertThat(Json.parse(service.next(30).body()).get("data").asText()).isEqualTo("@**Echo Bot** marker");
    }

    @Test
    void anErrorStatusIsToldInTheConversationAndToTheOwnerAsZulipWordsIt() {
        JsonNode queue = member.post("/register", "event_types", List.of("message")).success();
        long sent = member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "errors", "content", "@**Echo Bot** fail").success()
                .get("id").asLong();
        service.next(30);
        JsonNode failure = awaitMessageFrom(member, queue, botId);
        assertThat(failure.get("subject").asText()).isEqualTo("errors");
        assertThat(raw(failure)).isEqualTo("Failure! Third party responded with 500");
        JsonNode notice = awaitMessageFrom(member, queue, botId);
        assertThat(notice.get("type").asText()).isEqualTo("private");
        long channelId = member.get("/get_stream_id", "stream", CHANNEL).success().get("stream_id").asLong();
        assertThat(raw(notice)).isEqualTo("[A message](" + server.baseUrl + "/#narrow/channel/" + channelId + "-bots/topic/errors/near/" + sent
                + ") to your bot @_**Echo Bot** triggered an outgoing webhook.\nThe webhook got a response with status code *500*."
                + "\nThe response contains the following payload:\n```\nb\"it's broken\"\n```");
    }

    @Test
    void anAnswerThatIsNotJsonIsAFailure() {
        JsonNode queue = member.post("/register", "event_types", List.of("message")).success();
        member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "json", "content", "@**Echo Bot** json?").success();
        service.next(30);
        assertThat(raw(awaitMessageFrom(member, queue, botId))).isEqualTo("Failure! Invalid JSON in response");
        assertThat(raw(awaitMessageFrom(member, queue, botId))).endsWith("triggered an outgoing webhook.\nThe outgoing webhook server attempted"
                + " to send a message in Zulip, but that request resulted in the following error:\n> Invalid JSON in response"
                + "\nThe response contains the following payload:\n```\n'pong'\n```");
    }

    @Test
    void anUnreachableServiceIsTriedFourTimesThenTheBotIsUnavailable() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        JsonNode b = member.post("/bots", "full_name", "Gone Bot", "short_name", "gone", "bot_type", 3,
                "payload_url", Json.write("http://127.0.0.1:" + closedPort + "/")).success();
        long gone = b.get("user_id").asLong();
        JsonNode queue = member.post("/register", "event_types", List.of("message")).success();
        member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "down", "content", "@**Gone Bot** anyone?").success();
        assertThat(raw(awaitMessageFrom(member, queue, gone))).isEqualTo("Failure! Bot is unavailable");
        assertThat(raw(awaitMessageFrom(member, queue, gone))).endsWith("to your bot @_**Gone Bot** triggered an outgoing webhook."
                + "\nA connection error occurred. Is my bot server down?");
    }

    @Test
    void theSlackFormatPostsSlacksFieldsAndRefusesDirectMessages() {
        TestBotServer.Call call;
        long slack = member.post("/bots", "full_name", "Slack Bot", "short_name", "slacky", "bot_type", 3, "interface_type", 2,
                "payload_url", Json.write(service.url("/slack"))).success().get("user_id").asLong();
        JsonNode queue = member.post("/register", "event_types", List.of("message")).success();
        long sent = member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "slack", "content", "@**Slack Bot** hi").success()
                .get("id").asLong();
        call = service.next(30);
        assertThat(call.contentType()).startsWith("application/x-www-form-urlencoded");
        Map<String, String> f = form(call.body());
        long channelId = member.get("/get_stream_id", "stream", CHANNEL).success().get("stream_id").asLong();
        assertThat(f).containsEntry("channel_id", "C" + channelId).containsEntry("channel_name", CHANNEL)
                .containsEntry("user_id", "U" + member.userId).containsEntry("user_name", "Hamlet Member")
                .containsEntry("text", "@**Slack Bot** hi").containsEntry("trigger_word", "mention")
                .containsEntry("service_id", String.valueOf(slack)).containsKeys("token", "team_id", "team_domain", "timestamp", "thread_ts");
        assertThat(sent).isPositive();
        assertThat(raw(awaitMessageFrom(member, queue, slack))).isEqualTo("from slack");
        member.post("/messages", "type", "direct", "to", List.of(slack), "content", "psst").success();
        assertThat(raw(awaitMessageFrom(member, queue, slack))).isEqualTo("Failure! Slack outgoing webhooks don't support direct messages.");
    }

    @Test
    void aRestartMidCallNeitherLosesNorDoublesTheReply() throws Exception {
        service.holdCalls();
        long sent = member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "restart", "content", "@**Echo Bot** restart").success()
                .get("id").asLong();
        assertThat(Json.parse(service.next(30).body()).get("message").get("id").asLong()).isEqualTo(sent);
        server.restart(() -> {}); // the call is in flight: the stopping server aborts it, its row stays claimed
        service.release();
        clock.advance(Duration.ofSeconds(71)); // past the claim's lease (timeout + 60 s)
        server.stoa.collector().runOnce();
        assertThat(Json.parse(service.next(30).body()).get("message").get("id").asLong()).as("called again after the restart").isEqualTo(sent);
        Await.until("the reply", 30, () -> topicTexts("restart").contains("survived"));
        clock.advance(Duration.ofSeconds(71));
        server.stoa.collector().runOnce();
        assertThat(topicTexts("restart")).containsExactly("@**Echo Bot** restart", "survived");
        assertThat(service.calls).isEmpty();
    }

    @Test
    void everyServiceOfABotIsCalledAndEachAnswerIsItsOwnReply() {
        long twin = member.post("/bots", "full_name", "Twin Bot", "short_name", "twin", "bot_type", 3,
                "payload_url", Json.write(service.url("/one"))).success().get("user_id").asLong();
        // Zulip's API gives a bot one service; a second one is a row of bot_services, as Zulip's Service table allows.
        server.stoa.db().write(tx -> {
            new BotServiceStore().insert(tx.h(), twin, "second", service.url("/two"), 1, "0123456789abcdef0123456789abcdef");
            return null;
        });
        member.post("/messages", "type", "stream", "to", CHANNEL, "topic", "twins", "content", "@**Twin Bot** both of you").success();
        List<String> paths = List.of(service.next(30).path(), service.next(30).path());
        assertThat(paths).containsExactlyInAnyOrder("/one", "/two");
        Await.until("both replies", 30, () -> topicTexts("twins").size() == 3);
        assertThat(topicTexts("twins")).containsExactlyInAnyOrder("@**Twin Bot** both of you", "answer from /one", "answer from /two");
        assertThat(service.calls).isEmpty();
    }

    @Test
    void aServiceThatDoesNotAnswerInTimeIsTriedFourTimesThenTheOwnerIsTold() {
        // A 1-second timeout, so the four tries Zulip makes (MAX_REQUEST_RETRIES 3 after the first) take seconds.
        try (TestBotServer slow = new TestBotServer();
             TestServer quick = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withBots(new BotsConfig(true, 1)))) {
            slow.holdCalls(); // the service receives each call and never answers while the test runs
            ApiClient m = quick.member;
            m.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", CHANNEL))).success();
            long sleepy = m.post("/bots", "full_name", "Sleepy Bot", "short_name", "sleepy", "bot_type", 3,
                    "payload_url", Json.write(slow.url("/sleep"))).success().get("user_id").asLong();
            JsonNode queue = m.post("/register", "event_types", List.of("message")).success();
            long sent = m.post("/messages", "type", "stream", "to", CHANNEL, "topic", "slow", "content", "@**Sleepy Bot** wake up").success()
                    .get("id").asLong();
            JsonNode failure = awaitMessageFrom(m, queue, sleepy);
            assertThat(failure.get("subject").asText()).isEqualTo("slow");
            assertThat(raw(failure)).isEqualTo("Failure! Bot is unavailable");
            JsonNode notice = awaitMessageFrom(m, queue, sleepy);
            assertThat(notice.get("type").asText()).isEqualTo("private");
            long channelId = m.get("/get_stream_id", "stream", CHANNEL).success().get("stream_id").asLong();
            assertThat(raw(notice)).isEqualTo("[A message](" + quick.baseUrl + "/#narrow/channel/" + channelId + "-bots/topic/slow/near/" + sent
                    + ") to your bot @_**Sleepy Bot** triggered an outgoing webhook.\nRequest timed out after 1 seconds.");
            for (int i = 0; i < 4; i++) assertThat(Json.parse(slow.next(30).body()).get("message").get("id").asLong()).isEqualTo(sent);
            assertThat(slow.calls).as("four tries, no fifth").isEmpty();
            slow.release();
        }
    }

    @Test
    void anAnswerArrivingAfterTheTimeoutIsDroppedAndTheRetrysAnswerIsTheOnlyReply() {
        CountDownLatch retried = new CountDownLatch(1);
        AtomicInteger tries = new AtomicInteger();
        try (TestBotServer late = new TestBotServer();
             TestServer quick = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000).withBots(new BotsConfig(true, 1)))) {
            late.answer(c -> {
                String data = Json.parse(c.body()).path("data").asText();
                if (data.endsWith("marker")) return Answer.json("{\"content\": \"marker seen\"}");
                if (tries.incrementAndGet() == 1) {
                    // The first call answers, successfully, only once the retry came: after Stoa's 1-second timeout.
                    try {
                        retried.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                } else {
                    retried.countDown();
                }
                return Answer.json("{\"content\": \"late reply\"}");
            });
            ApiClient m = quick.member;
            m.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", CHANNEL))).success();
            m.post("/bots", "full_name", "Late Bot", "short_name", "late", "bot_type", 3, "payload_url", Json.write(late.url("/late"))).success();
            m.post("/messages", "type", "stream", "to", CHANNEL, "topic", "late", "content", "@**Late Bot** go").success();
            Await.until("the retry's reply", 60, () -> topicTexts(m, "late").contains("late reply"));
            // A later call is made once the first row is settled; its reply shows nothing more came of the late answer.
            m.post("/messages", "type", "stream", "to", CHANNEL, "topic", "late", "content", "@**Late Bot** marker").success();
            Await.until("the marker's reply", 60, () -> topicTexts(m, "late").contains("marker seen"));
            assertThat(topicTexts(m, "late")).containsExactly("@**Late Bot** go", "late reply", "@**Late Bot** marker", "marker seen");
            assertThat(tries.get()).as("called again after the timeout").isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void botCreationChecksTheUrlAndTheInterface() {
        member.post("/bots", "full_name", "Bad Url", "short_name", "badurl", "bot_type", 3, "payload_url", Json.write("ftp://example.com/"))
                .error(400, "BAD_REQUEST", "payload_url is not a URL");
        member.post("/bots", "full_name", "Bad Url", "short_name", "badurl", "bot_type", 3, "payload_url", Json.write("not a url"))
                .error(400, "BAD_REQUEST", "payload_url is not a URL");
        member.post("/bots", "full_name", "Bad Iface", "short_name", "badiface", "bot_type", 3, "interface_type", 3,
                "payload_url", Json.write("https://example.com/")).error(400, "BAD_REQUEST", "Invalid interface type");
    }

    @Test
    void aPrivateTargetIsRefusedUnlessTheOperatorAllowsIt() {
        try (TestServer strict = new TestServer(c -> c.withLimits(1_000_000, 1_000_000, 1_000_000))) {
            ApiClient m = strict.member;
            m.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", CHANNEL))).success();
            long probe = m.post("/bots", "full_name", "Probe Bot", "short_name", "probe", "bot_type", 3,
                    "payload_url", Json.write(service.url("/internal"))).success().get("user_id").asLong();
            JsonNode queue = m.post("/register", "event_types", List.of("message")).success();
            m.post("/messages", "type", "stream", "to", CHANNEL, "topic", "ssrf", "content", "@**Probe Bot** probe").success();
            assertThat(raw(awaitMessageFrom(m, queue, probe))).isEqualTo("Failure! Third party responded with 407");
            assertThat(raw(awaitMessageFrom(m, queue, probe))).endsWith("to your bot @_**Probe Bot** triggered an outgoing webhook."
                    + "\nThe URL configured for the webhook is for a private or disallowed network.");
            assertThat(service.calls).as("nothing reached the private address").isEmpty();
        }
    }

    // --- helpers

    /** The bot as GET /bots lists it to its owner. */
    static JsonNode bot(ApiClient owner, long id) {
        for (JsonNode b : owner.get("/bots").success().get("bots")) if (b.get("user_id").asLong() == id) return b;
        throw new AssertionError("no bot " + id);
    }

    private final Map<String, Long> lastEvent = new LinkedHashMap<>();

    /** The next message event from `senderId` on the queue (raw Markdown in "raw_content" for raw()). */
    private static JsonNode awaitMessageFrom(ApiClient c, JsonNode queue, long senderId) {
        String id = queue.get("queue_id").asText();
        long deadline = Await.deadline(60);
        while (true) {
            Await.before(deadline, "a message from " + senderId);
            long last = queue.get("last_event_id").asLong();
            JsonNode events = c.get("/events", "queue_id", id, "last_event_id", last).success().get("events");
            for (JsonNode e : events) {
                ((ObjectNode) queue).put("last_event_id", e.get("id").asLong());
                if (e.get("type").asText().equals("message") && e.get("message").get("sender_id").asLong() == senderId) {
                    JsonNode m = e.get("message");
                    JsonNode rawOne = c.get("/messages/" + m.get("id").asLong()).success().get("raw_content");
                    ((ObjectNode) m).set("raw_content", rawOne);
                    return m;
                }
            }
        }
    }

    private static String raw(JsonNode m) { return m.get("raw_content").asText(); }

    private List<String> topicTexts(String topic) {
        return topicTexts(member, topic);
    }

    private static List<String> topicTexts(ApiClient member, String topic) {
        JsonNode msgs = member.get("/messages", "anchor", "newest", "num_before", 50, "num_after", 0,
                "narrow", List.of(Map.of("operator", "channel", "operand", CHANNEL), Map.of("operator", "topic", "operand", topic)),
                "apply_markdown", false).success()
                .get("messages");
        List<String> out = new ArrayList<>();
        msgs.forEach(m -> out.add(m.get("content").asText()));
        return out;
    }

    private static List<String> newestTexts(ApiClient c, int n) {
        List<String> out = new ArrayList<>();
        c.get("/messages", "anchor", "newest", "num_before", n, "num_after", 0, "narrow", List.of(), "apply_markdown", false).success()
                .get("messages").forEach(m -> out.add(m.get("content").asText()));
        return out;
    }

    private static Map<String, String> form(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String kv : body.split("&")) {
            int eq = kv.indexOf('=');
            out.put(URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8), URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }
}
