package dev.stoa.bots;

/** Zulip's texts of zerver/lib/outgoing_webhook.py: the failures a conversation sees and the notice the bot's owner gets. */
final class OutgoingWebhookTexts {
    private OutgoingWebhookTexts() {}

    static final String BOT_UNAVAILABLE = "Bot is unavailable";
    static final String CONNECTION_ERROR = "A connection error occurred. Is my bot server down?";
    static final String SLACK_NO_DMS = "Slack outgoing webhooks don't support direct messages.";
    static final String DISALLOWED = "The URL configured for the webhook is for a private or disallowed network.";

    static String failure(String message) { return "Failure! " + message; }

    static String timedOut(int seconds) { return "Request timed out after " + seconds + " seconds."; }

    static String thirdPartyStatus(int status) { return "Third party responded with " + status; }

    static String exceptionFor(String type, String command) {
        return "An exception of type *" + type + "* occurred for message `" + command + "`! See the Zulip server logs for more information.";
    }

    static String replyRefused(String error) {
        return "The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> " + error;
    }

    /** notify_bot_owner's first line, then what happened (one of the other parts), then the payload when there was one. */
    static String ownerNotice(String messageUrl, String botName, String what, String payloadRepr) {
        StringBuilder s = new StringBuilder("[A message](" + messageUrl + ") to your bot @_**" + botName + "** triggered an outgoing webhook.");
        if (what != null) s.append('\n').append(what);
        if (payloadRepr != null && !payloadRepr.isEmpty()) s.append("\nThe response contains the following payload:\n```\n").append(payloadRepr).append("\n```");
        return s.toString();
    }

    static String exceptionNotice(String type, String detail) {
        return "When trying to send a request to the webhook service, an exception of type " + type + " occurred:\n```\n" + detail + "\n```";
    }

    static String statusNotice(int status) {
        return status == 407 ? DISALLOWED : "The webhook got a response with status code *" + status + "*.";
    }

    /** Python's repr() of bytes (the notice quotes response.content so): b'...', escapes as Python writes them. */
    static String bytesRepr(byte[] b) {
        if (b.length == 0) return "";
        boolean single = false, dbl = false;
        for (byte x : b) {
            single |= x == '\'';
            dbl |= x == '"';
        }
        char q = single && !dbl ? '"' : '\'';
        StringBuilder s = new StringBuilder("b").append(q);
        for (byte x : b) {
            int c = x & 0xff;
            if (c == q || c == '\\') s.append('\\').append((char) c);
            else if (c == '\t') s.append("\\t");
            else if (c == '\n') s.append("\\n");
            else if (c == '\r') s.append("\\r");
            else if (c < 0x20 || c >= 0x7f) s.append(String.format("\\x%02x", c));
            else s.append((char) c);
        }
        return s.append(q).toString();
    }

    /** Python's repr() of a str (the notice quotes response.text so when the bot's answer was refused). */
    static String strRepr(String t) {
        if (t.isEmpty()) return "";
        char q = t.indexOf('\'') >= 0 && t.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder s = new StringBuilder().append(q);
        t.codePoints().forEach(c -> {
            if (c == q || c == '\\') s.append('\\').append((char) c);
            else if (c == '\t') s.append("\\t");
            else if (c == '\n') s.append("\\n");
            else if (c == '\r') s.append("\\r");
            else if (c < 0x20 || c == 0x7f) s.append(String.format("\\x%02x", c));
            else s.appendCodePoint(c);
        });
        return s.append(q).toString();
    }
}
