package dev.stoa.push;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.testing.ApiClient;
import dev.stoa.testing.Await;
import dev.stoa.testing.MutableClock;
import dev.stoa.testing.Sodium;
import dev.stoa.testing.StoaTestBase;
import dev.stoa.testing.TestPushRelay;
import dev.stoa.testing.TestServer;
import dev.stoa.testing.VerifyAction;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Phone notifications of new messages, full stack, against TestPushRelay (which checks each request
 * as zilencer's views do, and opens every E2EE payload with the test device's push key through
 * libsodium, as the app does): who is notified for what, exactly as Zulip decides
 * (zerver/lib/notification_data.py, zerver/actions/message_send.py), counted; the legacy FCM
 * payloads through remotes/push/notify and the E2EE ones through remotes/push/e2ee/notify, each
 * parsed by the app's rules (zulip-flutter lib/api/notifications.dart); removal notices when the
 * messages are read or deleted; nothing lost while the relay is down.
 */
class PushNotifyTest extends StoaTestBase {
    private static final AtomicInteger PEOPLE = new AtomicInteger();
    private final MutableClock clock = new MutableClock();
    private TestPushRelay relay;

    @Override
    protected TestServer newServer() {
        relay = new TestPushRelay(true);
        return new TestServer(c -> relay.configure(c.withLimits(1_000_000, 1_000_000, 1_000_000)), clock);
    }

    @BeforeAll
    void relayKnowsTheOrganization() throws InterruptedException {
        relay.nowSeconds = clock.instant().getEpochSecond();
        relay.next("server/analytics");
    }

    @AfterAll
    void stopRelay() {
        if (relay != null) relay.close();
    }

    /** A person with a phone: a legacy FCM token and an E2EE device whose registration the relay accepted. */
    private record Phone(ApiClient user, String fcmToken, String e2eeToken, long deviceId) {}

    private Phone phone(String name) throws Exception {
        return phone(name, "fcm");
    }

    /** `kind`: the E2EE device's platform, fcm or apns. */
    private Phone phone(String name, String kind) throws Exception {
        int n = PEOPLE.incrementAndGet();
        ApiClient u = server.createUser("phone" + n + "@stoa-test.org", name, 400).withUserAgent("ZulipFlutter/30.0.263 (Android 14)");
        String fcm = "fcm-legacy-" + n;
        u.post("/users/me/android_gcm_reg_id", "token", fcm).success();
        relay.next("push/register", r -> r.form().get("token").equals(fcm));
        long deviceId = u.post("/register_client_device").success().get("device_id").asLong();
        byte[] key = new byte[33];
        new SecureRandom().nextBytes(key);
        key[0] = 0x31;
        String tokenId = Base64.getEncoder().encodeToString(("tok" + n).getBytes(StandardCharsets.UTF_8));
        relay.deviceKeys.put(tokenId, Arrays.copyOfRange(key, 1, 33));
        String registration = kind.equals("apns")
                ? "{\"token\":\"c0ffee" + Integer.toHexString(0x100 + n) + "\",\"token_kind\":\"apns\",\"ios_app_id\":\"org.zulip.Zulip\",\"timestamp\":"
                        + clock.instant().getEpochSecond() + "}"
                : "{\"token\":\"fcm-e2ee-" + n + "\",\"token_kind\":\"fcm\",\"ios_app_id\":null,\"timestamp\":" + clock.instant().getEpochSecond() + "}";
        u.post("/mobile_push/register", "device_id", deviceId, "push_key", Base64.getEncoder().encodeToString(key), "push_key_id", 7 + n,
                "token_kind", kind, "token_id", tokenId, "bouncer_public_key", relay.registrationPublicKey(), "encrypted_push_registration",
                Base64.getEncoder().encodeToString(Sodium.seal(registration.getBytes(StandardCharsets.UTF_8), relay.registrationKeys[0]))).success();
        relay.next("push/e2ee/register", r -> r.form().get("token_id").equals(tokenId));
        Await.until("the relay's answer reaches the device", 30, () -> tokenId.equals(
                u.post("/register", "fetch_event_types", List.of("device")).success().get("devices").get(String.valueOf(deviceId))
                        .path("push_token_id").asText(null)));
        return new Phone(u, fcm, tokenId, deviceId);
    }

    /** What the phone's two tokens received, in order (legacy FCM data, decrypted E2EE payloads). */
    private List<TestPushRelay.Delivered> receivedBy(Phone p) {
        return relay.delivered.stream().filter(d -> d.token().equals(p.fcmToken()) || d.token().equals(p.e2eeToken())).toList();
    }

    /** Waits until the notification of `messageId` reached both of the phone's tokens, then lets every owed request go out. */
    private void awaitNotified(Phone p, long messageId) {
        Await.until("message " + messageId + " notified on both tokens", 30, () -> receivedBy(p).stream()
                .filter(d -> messageIdOf(d.payload()) == messageId).count() == 2);
        server.stoa.collector().runOnce();
    }

    private static long messageIdOf(JsonNode payload) {
        if (payload.has("zulip_message_id")) return payload.get("zulip_message_id").asLong();
        return payload.path("message_id").asLong(-1);
    }

    private static List<Long> notifiedIds(List<TestPushRelay.Delivered> got) {
        return got.stream().filter(d -> !d.payload().path("event").asText().equals("remove") && !d.payload().path("type").asText().equals("remove"))
                .map(d -> messageIdOf(d.payload())).distinct().sorted().toList();
    }

    private long dm(ApiClient from, ApiClient to, String content) {
        return from.post("/messages", "type", "direct", "to", List.of(to.userId), "content", content).success().get("id").asLong();
    }

    private long say(ApiClient from, String channel, String topic, String content) {
        return from.post("/messages", "type", "stream", "to", channel, "topic", topic, "content", content).success().get("id").asLong();
    }

    private long channelId(String name) {
        return owner.get("/get_stream_id", "stream", name).success().get("stream_id").asLong();
    }

    @Test
    void whoIsNotifiedForWhatAsZulipDecides() throws Exception {
        Phone p = phone("Pippa Phone", "apns");
        ApiClient me = p.user();
        ApiClient other = server.createUser("pusher" + PEOPLE.incrementAndGet() + "@stoa-test.org", "Otto Other", 400);
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "push-news"), Map.of("name", "push-loud")),
                "principals", List.of(me.userId, other.userId)).success();
        long loud = channelId("push-loud");
        me.post("/users/me/subscriptions/properties", "subscription_data",
                List.of(Map.of("stream_id", loud, "property", "push_notifications", "value", true))).success();
        long news = channelId("push-news");
        me.post("/user_topics", "stream_id", news, "topic", "muted", "visibility_policy", 1).success();
        me.post("/user_topics", "stream_id", news, "topic", "followed", "visibility_policy", 3).success();
        long group = owner.post("/user_groups/create", "name", "phoners", "description", "people with phones",
                "members", List.of(me.userId, owner.userId)).success().get("group_id").asLong();
        me.post("/users/me/muted_users/" + other.userId).success();

        List<Long> expected = new ArrayList<>();
        long dm = dm(owner, me, "Lunch at **noon**?");
        expected.add(dm);
        say(owner, "push-news", "plain", "nothing for phones here");
        long mention = say(owner, "push-news", "plain", "@**Pippa Phone** look");
        expected.add(mention);
        long groupMention = say(owner, "push-news", "plain", "@*phoners* meet");
        expected.add(groupMention);
        long wildcard = say(owner, "push-news", "plain", "@**all** hello");
        expected.add(wildcard);
        say(owner, "push-news", "muted", "@**all** in a muted topic");
        expected.add(say(owner, "push-news", "muted", "@**Pippa Phone** a mention is heard in a muted topic"));
        expected.add(say(owner, "push-news", "followed", "a followed topic"));
        expected.add(say(owner, "push-loud", "any", "a channel with push notifications on"));
        dm(other, me, "from a muted sender");
        say(me, "push-news", "plain", "my own message");
        long marker = dm(owner, me, "the last one");
        expected.add(marker);
        awaitNotified(p, marker);

        List<TestPushRelay.Delivered> got = receivedBy(p);
        assertThat(notifiedIds(got)).isEqualTo(expected.stream().sorted().toList());
        assertThat(got).as("one legacy and one E2EE notification per message").hasSize(2 * expected.size());
        assertThat(relay.violations).isEmpty();

        JsonNode e2eeDm = payload(got, p.e2eeToken(), dm);
        assertThat(e2eeDm.get("type").asText()).isEqualTo("message");
        assertThat(e2eeDm.get("recipient_type").asText()).isEqualTo("direct");
        assertThat(e2eeDm.get("recipient_user_ids")).extracting(JsonNode::asLong).containsExactly(
                Math.min(owner.userId, me.userId), Math.max(owner.userId, me.userId));
        assertThat(e2eeDm.get("content").asText()).isEqualTo("Lunch at noon?");
        assertThat(e2eeDm.get("user_id").asLong()).isEqualTo(me.userId);
        assertThat(e2eeDm.get("sender_id").asLong()).isEqualTo(owner.userId);
        assertThat(e2eeDm.get("realm_url").asText()).isEqualTo(server.baseUrl.replaceAll("/$", ""));
        JsonNode legacyDm = payload(got, p.fcmToken(), dm);
        assertThat(legacyDm.get("event").asText()).isEqualTo("message");
        assertThat(legacyDm.get("recipient_type").asText()).isEqualTo("private");
        assertThat(legacyDm.has("pm_users")).as("1:1 DMs carry no pm_users").isFalse();

        JsonNode channel = payload(got, p.e2eeToken(), mention);
        assertThat(channel.get("recipient_type").asText()).isEqualTo("channel");
        assertThat(channel.get("channel_id").asLong()).isEqualTo(news);
        assertThat(channel.get("channel_name").asText()).isEqualTo("push-news");
        assertThat(channel.get("topic").asText()).isEqualTo("plain");
        assertThat(channel.get("content").asText()).isEqualTo("@Pippa Phone look");
        assertThat(channel.has("mentioned_user_group_id")).isFalse();
        JsonNode byGroup = payload(got, p.e2eeToken(), groupMention);
        assertThat(byGroup.get("mentioned_user_group_id").asLong()).isEqualTo(group);
        assertThat(byGroup.get("mentioned_user_group_name").asText()).isEqualTo("phoners");
        JsonNode legacyChannel = payload(got, p.fcmToken(), wildcard);
        assertThat(legacyChannel.get("stream_id").asLong()).isEqualTo(news);
        assertThat(legacyChannel.get("stream").asText()).isEqualTo("push-news");
    }

    private static JsonNode payload(List<TestPushRelay.Delivered> got, String token, long messageId) {
        return got.stream().filter(d -> d.token().equals(token) && messageIdOf(d.payload()) == messageId).findFirst().orElseThrow().payload();
    }

    @Test
    void notWhileTheUserIsActiveAtAnotherClientUnlessTheyAskForIt() throws Exception {
        Phone p = phone("Alma Active");
        ApiClient me = p.user();
        me.patch("/settings", "enable_online_push_notifications", false).success();
        // At a computer: a queue that receives messages and fresh presence (Zulip's idle rule says: not idle).
        me.post("/register", "event_types", List.of("message")).success();
        me.post("/users/me/presence", "status", "active").success();
        long whileActive = dm(owner, me, "you are here");
        server.stoa.collector().runOnce(); // decided now, while the presence is fresh
        clock.advance(Duration.ofSeconds(PushNotifier.IDLE_SECONDS + 1));
        long afterIdle = dm(owner, me, "you left");
        awaitNotified(p, afterIdle);
        assertThat(notifiedIds(receivedBy(p))).containsExactly(afterIdle).doesNotContain(whileActive);

        // With "even while online", active users are notified too.
        me.patch("/settings", "enable_online_push_notifications", true).success();
        me.post("/users/me/presence", "status", "active").success();
        long online = dm(owner, me, "still notified");
        awaitNotified(p, online);
        assertThat(notifiedIds(receivedBy(p))).containsExactly(afterIdle, online);
        assertThat(relay.violations).isEmpty();
    }

    /**
     * An edit that newly mentions someone notifies them as Zulip's maybe_enqueue_notifications_for_message_update
     * does: not for a direct message, a message that mentioned them before, a channel whose push
     * notifications are on (the original message notified them), or a message already read.
     */
    @Test
    void anEditThatNewlyMentionsSomeoneNotifiesThem() throws Exception {
        Phone p = phone("Edna Edited");
        ApiClient me = p.user();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "push-edits"), Map.of("name", "push-edits-loud")),
                "principals", List.of(me.userId)).success();
        me.post("/users/me/subscriptions/properties", "subscription_data",
                List.of(Map.of("stream_id", channelId("push-edits-loud"), "property", "push_notifications", "value", true))).success();
        long mentioned = say(owner, "push-edits", "t", "@**Edna Edited** hi");
        long loud = say(owner, "push-edits-loud", "t", "loud");
        long direct = dm(owner, me, "a direct message");
        long read = say(owner, "push-edits", "t", "read first");
        long plain = say(owner, "push-edits", "t", "hello");
        awaitNotified(p, direct);
        me.post("/messages/flags", "messages", List.of(read), "op", "add", "flag", "read").success();
        owner.patch("/messages/" + mentioned, "content", "@**Edna Edited** hi again").success();
        owner.patch("/messages/" + loud, "content", "loud @**Edna Edited**").success();
        owner.patch("/messages/" + direct, "content", "a direct message for @**Edna Edited**").success();
        owner.patch("/messages/" + read, "content", "read first @**Edna Edited**").success();
        owner.patch("/messages/" + plain, "content", "hello @**Edna Edited**").success();
        awaitNotified(p, plain);
        assertThat(notifiedIds(receivedBy(p))).containsExactly(mentioned, loud, direct, plain);
        assertThat(receivedBy(p)).as("one legacy and one E2EE notification each").hasSize(8);
        JsonNode edited = payload(receivedBy(p), p.e2eeToken(), plain);
        assertThat(edited.get("content").asText()).isEqualTo("hello @Edna Edited");
        assertThat(edited.has("mentioned_user_group_id")).isFalse();
        assertThat(relay.violations).isEmpty();
    }

    /** Removals go out right after the read or deletion commits: no collector pass runs here until the end. */
    @Test
    void readingOrDeletingRemovesTheNotificationsFromThePhonesAtOnce() throws Exception {
        Phone p = phone("Rita Reader");
        ApiClient me = p.user();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "push-reading")), "principals", List.of(me.userId)).success();
        long first = dm(owner, me, "one");
        long second = dm(owner, me, "two");
        long third = dm(owner, me, "three");
        long inTopic = say(owner, "push-reading", "doomed", "@**Rita Reader** this topic goes");
        awaitNotified(p, third);
        awaitNotified(p, inTopic);
        me.post("/messages/flags", "messages", List.of(first, second), "op", "add", "flag", "read").success();
        Await.until("the removal reached both tokens", 30, () -> removals(p).size() == 2);
        for (TestPushRelay.Delivered r : removals(p)) {
            if (r.kind().equals("fcm") && r.payload().has("zulip_message_ids")) {
                assertThat(r.payload().get("zulip_message_ids").asText()).isEqualTo(first + "," + second);
            } else {
                assertThat(r.payload().get("message_ids")).extracting(JsonNode::asLong).containsExactly(first, second);
            }
        }
        owner.delete("/messages/" + third).success();
        Await.until("the deleted message's removal", 30, () -> removals(p).size() == 4);
        owner.post("/streams/" + channelId("push-reading") + "/delete_topic", "topic_name", "doomed").success();
        Await.until("the deleted topic's removal", 30, () -> removals(p).size() == 6);
        assertThat(removals(p).subList(4, 6)).allSatisfy(r -> assertThat(removedIds(r.payload())).containsExactly(inTopic));
        server.stoa.collector().runOnce();
        assertThat(removals(p)).as("each notification is removed once").hasSize(6);
        assertThat(relay.violations).isEmpty();
    }

    /** A notification never read is forgotten after PRUNE_DAYS: reading it later sends no removal. */
    @Test
    void notificationsNeverReadAreForgottenAfterAMonth() throws Exception {
        Phone p = phone("Olga Old");
        ApiClient me = p.user();
        long old = dm(owner, me, "from long ago");
        awaitNotified(p, old);
        clock.advance(Duration.ofDays(PushNotifier.PRUNE_DAYS + 1));
        relay.nowSeconds = clock.instant().getEpochSecond();
        server.stoa.collector().runOnce();
        me.post("/messages/flags", "messages", List.of(old), "op", "add", "flag", "read").success();
        long marker = dm(owner, me, "a new one");
        awaitNotified(p, marker);
        me.post("/messages/flags", "messages", List.of(marker), "op", "add", "flag", "read").success();
        Await.until("the new message's removal", 30, () -> removals(p).stream().anyMatch(r -> removedIds(r.payload()).contains(marker)));
        server.stoa.collector().runOnce();
        assertThat(removals(p)).as("no removal for the forgotten notification").allSatisfy(r -> assertThat(removedIds(r.payload())).containsExactly(marker));
        assertThat(relay.violations).isEmpty();
    }

    private static List<Long> removedIds(JsonNode payload) {
        if (payload.has("zulip_message_ids")) return Arrays.stream(payload.get("zulip_message_ids").asText().split(",")).map(Long::parseLong).toList();
        List<Long> out = new ArrayList<>();
        payload.path("message_ids").forEach(n -> out.add(n.asLong()));
        return out;
    }

    private List<TestPushRelay.Delivered> removals(Phone p) {
        return receivedBy(p).stream().filter(d -> d.payload().path("event").asText().equals("remove")
                || d.payload().path("type").asText().equals("remove")).collect(Collectors.toList());
    }

    @Test
    void testNotificationsReachTheChosenDeviceOrAll() throws Exception {
        Phone p = phone("Tess Test");
        ApiClient me = p.user();
        me.post("/mobile_push/test_notification", "token", p.fcmToken()).success();
        Await.until("the legacy test notification", 30, () -> receivedBy(p).stream().anyMatch(d -> d.payload().path("event").asText().equals("test")));
        me.post("/mobile_push/test_notification", "token", "not-my-token").error(400, "INVALID_PUSH_DEVICE_TOKEN", "Device not recognized");
        me.post("/mobile_push/e2ee/test_notification", "device_id", p.deviceId()).success();
        Await.until("the E2EE test notification", 30, () -> receivedBy(p).stream().anyMatch(d -> d.payload().path("type").asText().equals("test")));
        JsonNode test = receivedBy(p).stream().filter(d -> d.payload().path("type").asText().equals("test")).findFirst().orElseThrow().payload();
        assertThat(test.get("user_id").asLong()).isEqualTo(me.userId);
        assertThat(test.get("realm_name").asText()).isNotEmpty();
        me.post("/mobile_push/e2ee/test_notification", "device_id", p.deviceId() + 1000).error(400, "BAD_REQUEST", "Invalid device ID");
        admin.post("/mobile_push/e2ee/test_notification").error(400, "BAD_REQUEST", "No active registered push device");
        assertThat(relay.violations).isEmpty();
    }

    @Test
    void registrationsTheRelayDroppedAreForgottenHere() throws Exception {
        Phone p = phone("Xena Expired");
        ApiClient me = p.user();
        relay.e2eeTokens.remove(p.e2eeToken());
        relay.expiredTokens.add(p.fcmToken());
        dm(owner, me, "anyone there?");
        // The legacy request goes first (one sender, rows in order): once the device is cleared, the token is gone too.
        Await.until("the device's registration is dropped", 30, () -> me.post("/register", "fetch_event_types", List.of("device")).success()
                .get("devices").get(String.valueOf(p.deviceId())).path("push_token_id").isNull());
        me.post("/mobile_push/test_notification", "token", p.fcmToken()).error(400, "INVALID_PUSH_DEVICE_TOKEN", "Device not recognized");
        assertThat(receivedBy(p)).isEmpty();
        assertThat(relay.violations).isEmpty();
    }

    @Test
    void whileTheRelayIsDownNotificationsWaitAcrossARestart() throws Exception {
        Phone p = phone("Dora Down");
        relay.down = true;
        long id = dm(owner, p.user(), "are you there?");
        Await.until("the relay refused the notification", 30, () -> relay.refusedWhileDown.contains("push/e2ee/notify"));
        server.restart(() -> {});
        relay.down = false;
        clock.advance(Duration.ofMinutes(2));
        server.stoa.collector().runOnce();
        awaitNotified(p, id);
        assertThat(notifiedIds(receivedBy(p))).containsExactly(id);
        assertThat(receivedBy(p)).hasSize(2);
    }

    /** A notification held back by a relay outage is not pushed once its message has been read meanwhile. */
    @Test
    void aMessageReadWhileTheRelayIsDownIsNotPushedAfterwards() throws Exception {
        Phone p = phone("Rhea Reread");
        ApiClient me = p.user();
        relay.refusedWhileDown.clear();
        relay.down = true;
        long id = dm(owner, me, "read me on the computer");
        Await.until("the relay refused both notifications", 30,
                () -> relay.refusedWhileDown.contains("push/notify") && relay.refusedWhileDown.contains("push/e2ee/notify"));
        me.post("/messages/flags", "messages", List.of(id), "op", "add", "flag", "read").success();
        relay.down = false;
        clock.advance(Duration.ofMinutes(2));
        server.stoa.collector().runOnce();
        long marker = dm(owner, me, "this one is unread");
        awaitNotified(p, marker);
        assertThat(notifiedIds(receivedBy(p))).containsExactly(marker);
        assertThat(relay.violations).isEmpty();
    }

    /** The notification's text as Zulip's get_mobile_push_content builds it: math as its TeX, a quote-reply collapsed (PushContentTest has the details). */
    @Test
    void theTextOfMathAndQuoteRepliesAsZulipSendsIt() throws Exception {
        Phone p = phone("Quinn Quoted");
        ApiClient me = p.user();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "push-quotes")), "principals", List.of(me.userId)).success();
        long math = dm(owner, me, "$$x^2$$ is a square");
        long original = say(me, "push-quotes", "q", "the original");
        String link = server.baseUrl.replaceAll("/$", "") + "/#narrow/channel/" + channelId("push-quotes") + "-push-quotes/topic/q/near/" + original;
        long reply = say(owner, "push-quotes", "q", "@_**Quinn Quoted|" + me.userId + "** [said](" + link + "):\n```quote\nthe original\n```\n"
                + "@**Quinn Quoted** my reply");
        awaitNotified(p, reply);
        assertThat(payload(receivedBy(p), p.e2eeToken(), math).get("content").asText()).isEqualTo("$$x^2$$ is a square");
        assertThat(payload(receivedBy(p), p.fcmToken(), math).get("content").asText()).isEqualTo("$$x^2$$ is a square");
        assertThat(payload(receivedBy(p), p.e2eeToken(), reply).get("content").asText()).isEqualTo("[…]\n@Quinn Quoted my reply");
        assertThat(relay.violations).isEmpty();
    }

    /** Every push_outbox row of the user sent or given up: the relay's answers are kept (the realm's part with the row's outcome). */
    private boolean allAnswered(long userId) {
        return server.stoa.db().read(h -> new PushOutboxStore().all(h)).stream()
                .filter(r -> r.userId() != null && r.userId() == userId).allMatch(r -> r.sentAt() != null || r.failedAt() != null);
    }

    /**
     * The relay's can_push and expected_end_timestamp in its answers become register's
     * realm_push_notifications_enabled and its end timestamp, announced as Zulip's server announces them
     * (realm update; update_dict for the timestamp, which may be null).
     */
    @Test
    void theRelaysCanPushIsWhatRegisterSays() throws Exception {
        Phone p = phone("Cora Canpush");
        ApiClient me = p.user();
        awaitNotified(p, dm(owner, me, "while the relay lets us"));
        Await.until("every relay request answered", 30, () -> allAnswered(me.userId));
        try {
            relay.canPush = false;
            relay.expectedEnd = 1_900_000_000L;
            VerifyAction.as(admin).register("event_types", List.of("realm")).events("realm/update", "realm/update_dict").run(() -> {
                awaitNotified(p, dm(owner, me, "the plan ends"));
                Await.until("the relay's answer is kept", 30, () -> !admin.post("/register", "event_types", List.of("realm")).success()
                        .get("realm_push_notifications_enabled").asBoolean());
            });
            JsonNode state = admin.post("/register", "event_types", List.of("realm")).success();
            assertThat(state.get("realm_push_notifications_enabled_end_timestamp").asLong()).isEqualTo(1_900_000_000L);
        } finally {
            relay.canPush = true;
            relay.expectedEnd = null;
        }
        VerifyAction.as(admin).register("event_types", List.of("realm")).events("realm/update", "realm/update_dict").run(() -> {
            awaitNotified(p, dm(owner, me, "renewed"));
            Await.until("pushes are back on", 30, () -> admin.post("/register", "event_types", List.of("realm")).success()
                    .get("realm_push_notifications_enabled").asBoolean());
        });
        assertThat(server.stoa.config().push().configured()).isTrue();
        assertThat(relay.violations).isEmpty();
    }

    /** The empty topic goes in the legacy payloads under its display name, as get_message_payload's get_topic_display_name. */
    @Test
    void theEmptyTopicIsGeneralChatInTheLegacyPayloads() throws Exception {
        Phone p = phone("Gene General");
        ApiClient me = p.user();
        owner.post("/users/me/subscriptions", "subscriptions", List.of(Map.of("name", "push-general")), "principals", List.of(me.userId)).success();
        long id = say(owner, "push-general", "", "@**Gene General** in general chat");
        awaitNotified(p, id);
        assertThat(payload(receivedBy(p), p.fcmToken(), id).get("topic").asText()).isEqualTo("general chat");
        assertThat(relay.violations).isEmpty();
    }
}
