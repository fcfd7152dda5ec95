package dev.stoa.bots;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Doorbell;
import dev.stoa.db.OutboxRunner;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.messages.MessageActions;
import dev.stoa.messages.MessageLinks;
import dev.stoa.realm.Realm;
import dev.stoa.users.BotServiceStore;
import dev.stoa.users.UserStore;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls outgoing-webhook bots (Zulip's OutgoingWebhookWorker and do_rest_call): a worker woken by
 * the doorbell after a send's commit (and the collector, for retries after a crash) runs the
 * outbox through an {@link OutboxRunner}, at most PARALLEL calls at once. The bot's answer becomes
 * its reply in the conversation, written with the row's sent_at in one transaction, so a restart
 * mid-call calls the bot again but never posts its reply twice. Timeouts and connection errors are
 * retried at once, MAX_TRIES in all, then the conversation hears "Bot is unavailable" and the
 * owner why; other failures are told at once, as Zulip does.
 */
public final class OutgoingWebhookSender implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OutgoingWebhookSender.class);
    /** Zulip's MAX_REQUEST_RETRIES (3) retries after the first try. */
    static final int MAX_TRIES = 4;
    private static final int PARALLEL = 4;

    /** What a call came to: a reply, nothing to say, a failure to tell, or a retry. */
    sealed interface Outcome {
        record Reply(String content, String responseText) implements Outcome {}

        record Nothing() implements Outcome {}

        /** reply: what the conversation hears after "Failure! "; ownerWhat/payload: the owner's notice, when told. */
        record Failed(String reply, boolean tellOwner, String ownerWhat, String payload) implements Outcome {}

        record Retry(String reason) implements Outcome {}
    }

    /** The bot called, its owner and its service, read when the call is made (Zulip's get_bot_services at consume time). */
    record Target(User bot, BotServiceStore.Service service) {}

    private final Db db;
    private final Clock clock;
    private final OutgoingWebhookStore store;
    private final UserStore users;
    private final BotServiceStore services;
    private final MessageActions messages;
    private final boolean allowPrivate;
    private final int timeoutSeconds;
    /** Made by start(): the command line builds this sender too, and never calls bots. */
    private volatile WebhookClient http;
    private final String externalUrl;
    private final Doorbell bell;
    private final OutboxRunner<OutgoingWebhookStore.Call> runner;
    private volatile boolean closed;
    private Thread worker;

    public OutgoingWebhookSender(Db db, Clock clock, OutgoingWebhookStore store, UserStore users, BotServiceStore services,
                                 MessageActions messages, Doorbell bell, boolean allowPrivate, int timeoutSeconds, String externalUrl) {
        this.db = db;
        this.clock = clock;
        this.store = store;
        this.users = users;
        this.services = services;
        this.messages = messages;
        this.bell = bell;
        this.externalUrl = externalUrl;
        this.allowPrivate = allowPrivate;
        this.timeoutSeconds = timeoutSeconds;
        // The claim is the call's lease: longer than a call can take, so another node never calls twice meanwhile.
        long lease = timeoutSeconds + 60L;
        this.runner = new OutboxRunner<>("outgoing-webhooks", db, clock, store, this::attempt, attempt -> lease, PARALLEL);
    }

    /** Starts the worker that the doorbell wakes (the server; the CLI never calls bots). */
    public void start() {
        http = new WebhookClient(allowPrivate, timeoutSeconds, "ZulipOutgoingWebhook/" + Realm.ZULIP_VERSION);
        worker = Thread.ofVirtual().name("stoa-outgoing-webhooks").start(() -> {
            while (!closed) {
                try {
                    bell.await();
                } catch (InterruptedException e) {
                    return;
                }
                runner.deliverDue();
            }
        });
        bell.ring(); // calls queued while no server ran (the CLI, a crash) go out now
    }

    /** The collector's pass: calls due again after a crash's lease. */
    public int deliverDue() {
        return closed || http == null ? 0 : runner.deliverDue();
    }

    private boolean attempt(OutgoingWebhookStore.Call c) {
        Target t = db.read(h -> target(h, c));
        ObjectNode message = (ObjectNode) Json.parse(c.message());
        if (t == null) { // a deactivated bot, or one without a service: nothing to call (Zulip: no services, no request)
            db.write(tx -> { store.markSent(tx.h(), c.id(), now(), null); return null; });
            return true;
        }
        Outcome o = call(t, c, message);
        if (closed) return false; // a stopping server aborted the call: the row stays claimed and is retried after the lease
        return settle(t, c, message, o);
    }

    /** The row's service (rows from before V95 name none: the bot's first); null when the bot or the service is gone. */
    private Target target(Handle h, OutgoingWebhookStore.Call c) {
        User bot = users.byId(h, c.botId()).filter(User::isActive).orElse(null);
        if (bot == null) return null;
        List<BotServiceStore.Service> s = services.forBot(h, c.botId());
        if (c.serviceId() == null) return s.isEmpty() ? null : new Target(bot, s.getFirst());
        return s.stream().filter(x -> x.id() == c.serviceId()).findFirst().map(x -> new Target(bot, x)).orElse(null);
    }

    private Outcome call(Target t, OutgoingWebhookStore.Call c, ObjectNode message) {
        String command = message.path("content").asText();
        WebhookClient.Result result;
        if (t.service().interfaceType() == 2) {
            if (!"stream".equals(message.path("type").asText())) return new Outcome.Failed(OutgoingWebhookTexts.SLACK_NO_DMS, false, null, null);
            result = http.postForm(t.service().baseUrl(), slackForm(t, c, message, command));
        } else {
            ObjectNode body = Json.object();
            body.put("data", command);
            body.set("message", message);
            body.put("bot_email", t.bot().deliveryEmail());
            body.put("bot_full_name", t.bot().fullName());
            body.put("token", t.service().token());
            body.put("trigger", c.trigger());
            result = http.postJson(t.service().baseUrl(), body.toString());
        }
        return switch (result) {
            case WebhookClient.Result.Answer a when a.status() / 100 == 2 -> OutgoingWebhookAnswers.read(t.service().interfaceType(), a.text());
            case WebhookClient.Result.Answer a -> new Outcome.Failed(OutgoingWebhookTexts.thirdPartyStatus(a.status()), true,
                    OutgoingWebhookTexts.statusNotice(a.status()), OutgoingWebhookTexts.bytesRepr(a.body()));
            case WebhookClient.Result.TimedOut x -> new Outcome.Retry(OutgoingWebhookTexts.timedOut(timeoutSeconds));
            case WebhookClient.Result.ConnectionFailed x -> new Outcome.Retry(OutgoingWebhookTexts.CONNECTION_ERROR);
            case WebhookClient.Result.Disallowed x -> new Outcome.Failed(OutgoingWebhookTexts.thirdPartyStatus(407), true,
                    OutgoingWebhookTexts.statusNotice(407), null);
            case WebhookClient.Result.Failed f -> new Outcome.Failed(OutgoingWebhookTexts.exceptionFor(f.type(), command), true,
                    OutgoingWebhookTexts.exceptionNotice(f.type(), f.detail()), null);
        };
    }

    /** Slack's outgoing webhook fields, as Zulip's SlackOutgoingWebhookService fills them. */
    private List<Map.Entry<String, String>> slackForm(Target t, OutgoingWebhookStore.Call c, ObjectNode m, String command) {
        String host = URI.create(externalUrl).getHost();
        List<Map.Entry<String, String>> f = new ArrayList<>();
        f.add(Map.entry("token", t.service().token()));
        f.add(Map.entry("team_id", "T1"));
        f.add(Map.entry("team_domain", host));
        f.add(Map.entry("channel_id", "C" + m.path("stream_id").asLong()));
        f.add(Map.entry("channel_name", m.path("display_recipient").asText()));
        f.add(Map.entry("thread_ts", m.path("timestamp").asText()));
        f.add(Map.entry("timestamp", m.path("timestamp").asText()));
        f.add(Map.entry("user_id", "U" + m.path("sender_id").asLong()));
        f.add(Map.entry("user_name", m.path("sender_full_name").asText()));
        f.add(Map.entry("text", command));
        f.add(Map.entry("trigger_word", c.trigger()));
        f.add(Map.entry("service_id", String.valueOf(t.bot().id())));
        return f;
    }

    private boolean settle(Target t, OutgoingWebhookStore.Call c, ObjectNode message, Outcome o) {
        switch (o) {
            case Outcome.Reply r -> {
                try {
                    db.write(tx -> {
                        Where w = Where.of(message);
                        messages.doSendReply(tx, t.bot(), w.channelId(), w.topic(), w.dmUserIds(), r.content());
                        store.markSent(tx.h(), c.id(), now(), null);
                        return null;
                    });
                    return true;
                } catch (ApiError e) {
                    // Zulip's process_success_response: a reply the server refuses is a failure told to both
                    return settle(t, c, message, new Outcome.Failed(e.getMessage(), true, OutgoingWebhookTexts.replyRefused(e.getMessage()),
                            OutgoingWebhookTexts.strRepr(r.responseText())));
                }
            }
            case Outcome.Nothing n -> {
                db.write(tx -> { store.markSent(tx.h(), c.id(), now(), null); return null; });
                return true;
            }
            case Outcome.Failed f -> {
                tell(t, c, message, f, false);
                return false;
            }
            case Outcome.Retry r -> {
                if (c.attempts() + 1 >= MAX_TRIES) {
                    LOG.warn("Maximum retries exceeded for trigger:{} message:{}", t.bot().deliveryEmail(), c.messageId());
                    tell(t, c, message, new Outcome.Failed(OutgoingWebhookTexts.BOT_UNAVAILABLE, true, r.reason(), null), true);
                } else {
                    LOG.info("outgoing webhook call {} for message {} failed ({}); retrying", c.id(), c.messageId(), r.reason());
                    db.write(tx -> { store.markRetry(tx.h(), c.id(), now(), r.reason()); return null; });
                    bell.ring();
                }
                return false;
            }
        }
    }

    /**
     * The failure in the conversation and the notice to the owner, with the row's end, in one
     * transaction; when the conversation cannot take it (its channel is gone: Zulip suppresses
     * that), the owner is still told.
     */
    private void tell(Target t, OutgoingWebhookStore.Call c, ObjectNode message, Outcome.Failed f, boolean exhausted) {
        Where w = Where.of(message);
        String notice = f.tellOwner() ? OutgoingWebhookTexts.ownerNotice(MessageLinks.near(externalUrl, w.channelId(),
                message.path("display_recipient").asText(), w.topic(), w.dmUserIds(), c.messageId()), t.bot().fullName(), f.ownerWhat(), f.payload()) : null;
        LOG.warn("outgoing webhook call {} for message {} failed: {}", c.id(), c.messageId(), f.reply());
        for (boolean inConversation : new boolean[] {true, false}) {
            try {
                db.write(tx -> {
                    if (inConversation) messages.doSendReply(tx, t.bot(), w.channelId(), w.topic(), w.dmUserIds(), OutgoingWebhookTexts.failure(f.reply()));
                    if (notice != null && t.bot().botOwnerId() != null) {
                        messages.doSendReply(tx, t.bot(), null, null, List.of(t.bot().id(), t.bot().botOwnerId()), notice);
                    }
                    if (exhausted) store.markFailed(tx.h(), c.id(), now(), f.reply()); else store.markSent(tx.h(), c.id(), now(), f.reply());
                    return null;
                });
                return;
            } catch (ApiError e) {
                LOG.warn("outgoing webhook failure for message {} not posted: {}", c.messageId(), e.getMessage());
            }
        }
        db.write(tx -> { store.markFailed(tx.h(), c.id(), now(), f.reply()); return null; });
    }

    /** Where the triggering message was: its channel and topic, or its direct message's participants. */
    record Where(Long channelId, String topic, List<Long> dmUserIds) {
        static Where of(JsonNode m) {
            if ("stream".equals(m.path("type").asText())) return new Where(m.path("stream_id").asLong(), m.path("subject").asText(), List.of());
            List<Long> ids = new ArrayList<>();
            for (JsonNode r : m.path("display_recipient")) ids.add(r.path("id").asLong());
            return new Where(null, null, ids);
        }
    }

    private long now() { return clock.instant().getEpochSecond(); }

    /** Stops the worker and aborts calls in flight (their rows are retried after the lease, by this server's next start or another node). */
    @Override
    public void close() {
        closed = true;
        if (worker != null) worker.interrupt();
        if (http != null) http.close();
    }
}
