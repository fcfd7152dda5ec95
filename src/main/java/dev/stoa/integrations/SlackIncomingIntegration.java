package dev.stoa.integrations;

import dev.stoa.http.ApiError;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Zulip's Slack-compatible incoming webhook (zerver/webhooks/slack_incoming): the JSON body, or a
 * form's {@code payload} parameter, with Slack's text, blocks and attachments; Slack's mrkdwn links
 * and emphasis become Zulip Markdown. The topic: the URL's, else the payload's channel, else "(no topic)".
 */
final class SlackIncomingIntegration implements Integration {
    @Override public String name() { return "slack_incoming"; }
    @Override public String displayName() { return "Slack-compatible webhook"; }
    @Override public String clientName() { return "ZulipSlackIncomingWebhook"; }

    @Override
    public Outcome handle(WebhookRequest request) {
        Payload payload = Payload.of(WebhookRequest.parse(text(request)));
        String topic = request.param("topic");
        if (topic == null && payload.has("channel")) topic = payload.get("channel").str().replaceFirst("^[@#]", "");
        if (topic == null) topic = "(no topic)";
        List<String> pieces = new ArrayList<>();
        if (payload.opt("blocks").truthy()) for (Payload b : payload.get("blocks")) pieces.add(SlackBlocks.block(b));
        if (payload.opt("attachments").truthy()) for (Payload a : payload.get("attachments")) pieces.add(SlackBlocks.attachment(a));
        String body = SlackBlocks.join(pieces);
        if (body.isEmpty() && payload.opt("text").truthy()) {
            if (payload.opt("icon_emoji").truthy()) body = payload.get("icon_emoji").str() + " ";
            body = (body + payload.get("text").str()).strip();
        }
        if (body.isEmpty()) return Integration.nothing();
        return Integration.post(topic, replaceFormatting(replaceLinks(body).strip()), null);
    }

    /** Slack takes the JSON as the body (application/json) or as a form's {@code payload} parameter. */
    private static String text(WebhookRequest request) {
        String type = request.contentType();
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            return new String(request.body(), StandardCharsets.UTF_8);
        }
        String v = request.param("payload");
        if (v == null) throw ApiError.missing("payload");
        return v;
    }

    private static final Pattern LINK = Pattern.compile("<(\\w+?://.*?)\\|(.*?)>");
    private static final Pattern BOLD = Pattern.compile("([^\\w]|^)\\*(?!\\s+)([^*\\n]+)(?<!\\s)\\*((?=[^\\w])|$)", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern ITALIC = Pattern.compile("([^\\w]|^)_(?!\\s+)([^_\\n]+)(?<!\\s)_((?=[^\\w])|$)", Pattern.UNICODE_CHARACTER_CLASS);

    static String replaceLinks(String text) {
        return LINK.matcher(text).replaceAll("[$2]($1)");
    }

    /** Slack's *bold* is Zulip's **bold**, Slack's _italic_ Zulip's *italic* (Python's re.sub, Unicode \\w). */
    static String replaceFormatting(String text) {
        text = BOLD.matcher(text).replaceAll("$1**$2**$3");
        return ITALIC.matcher(text).replaceAll("$1*$2*$3");
    }

    static final Set<String> BLOCK_TYPES = Set.of("actions", "context", "divider", "header", "image", "input", "section");
}
