package dev.stoa.integrations;

import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.messages.MessageActions;
import dev.stoa.messages.NotificationBot;

/**
 * Posts an integration's message as the webhook's account (Zulip's check_send_webhook_message): to the
 * channel named by {@code stream} (a name, or an id when all digits), else as a direct message to the
 * bot's owner. The send is one MessageActions.checkSend: its checks, its transaction, its events.
 */
public final class IncomingWebhookActions {
    private final Db db;
    private final MessageActions messages;
    private final NotificationBot notificationBot;

    public IncomingWebhookActions(Db db, MessageActions messages, NotificationBot notificationBot) {
        this.db = db;
        this.messages = messages;
        this.notificationBot = notificationBot;
    }

    /** {@code stream}: null for the owner's DMs; {@code topic}: the URL's or the integration's. */
    public record WebhookMessage(String stream, String topic, String body, String client) {}

    public void checkPost(User sender, WebhookMessage m) {
        String content = MessageActions.normalizeContent(m.body());
        if (m.stream() == null) {
            // Only a bot has an owner to tell; a person's key must name a channel.
            if (sender.botOwnerId() == null) throw ApiError.missing("stream");
            messages.checkSend(sender, new MessageActions.SendInput("private", "[" + sender.botOwnerId() + "]", null, content, true,
                    m.client(), new MessageActions.Echo(null, null)));
            return;
        }
        boolean byId = !m.stream().isEmpty() && m.stream().chars().allMatch(Character::isDigit);
        String to = byId ? m.stream() : Json.write(m.stream());
        try {
            messages.checkSend(sender, new MessageActions.SendInput("stream", to, m.topic(), content, true, m.client(),
                    new MessageActions.Echo(null, null)));
        } catch (ApiError e) {
            if (e.code() != ErrorCode.STREAM_DOES_NOT_EXIST) throw e;
            // As Zulip: the provider is answered success (a retry cannot help), the owner is told.
            tellOwner(sender, byId ? "channel ID " + m.stream() + ", but there is no channel with that ID."
                    : "channel #**" + m.stream().strip() + "**, but that channel does not exist. Click [here](#channels/new) to create it.");
        }
    }

    private void tellOwner(User bot, String what) {
        if (bot.botOwnerId() == null) return;
        String content = "Your bot `" + bot.deliveryEmail() + "` tried to send a message to " + what;
        db.write(tx -> notificationBot.postDirect(tx, bot.botOwnerId(), content));
    }
}
