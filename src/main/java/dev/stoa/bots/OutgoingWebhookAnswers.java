package dev.stoa.bots;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;

/** What a bot's 2xx answer asks for (Zulip's process_success_response and the interfaces' process_success). */
final class OutgoingWebhookAnswers {
    private OutgoingWebhookAnswers() {}

    static OutgoingWebhookSender.Outcome read(int interfaceType, String text) {
        JsonNode answer = Json.parseOrNull(text);
        if (answer == null) return refused("Invalid JSON in response", text);
        // zulip_botserver before 2021-05 answered json.dumps("") for "no response required"
        if (answer.isTextual() && answer.textValue().isEmpty()) return new OutgoingWebhookSender.Outcome.Nothing();
        if (!answer.isObject()) return refused("Invalid response format", text);
        String content = interfaceType == 2 ? slack(answer) : generic(answer);
        if (content == null || content.isBlank()) return new OutgoingWebhookSender.Outcome.Nothing();
        return new OutgoingWebhookSender.Outcome.Reply(content, text);
    }

    private static String generic(JsonNode a) {
        if (truthy(a.get("response_not_required"))) return null;
        if (a.has("response_string")) return pyStr(a.get("response_string")); // deprecated by Zulip, still read
        if (a.has("content")) return pyStr(a.get("content"));
        return null;
    }

    private static String slack(JsonNode a) {
        return a.has("text") ? pyStr(a.get("text")) : null;
    }

    private static OutgoingWebhookSender.Outcome refused(String error, String text) {
        return new OutgoingWebhookSender.Outcome.Failed(error, true, OutgoingWebhookTexts.replyRefused(error), OutgoingWebhookTexts.strRepr(text));
    }

    /** Python's truth of a JSON value. */
    private static boolean truthy(JsonNode n) {
        if (n == null || n.isNull()) return false;
        if (n.isBoolean()) return n.booleanValue();
        if (n.isNumber()) return n.doubleValue() != 0;
        if (n.isTextual()) return !n.textValue().isEmpty();
        return !n.isEmpty();
    }

    /** str() of a JSON value as Zulip applies it: text as is, null as "None", booleans as Python writes them, the rest as JSON. */
    private static String pyStr(JsonNode n) {
        if (n.isTextual()) return n.textValue();
        if (n.isNull()) return "None";
        if (n.isBoolean()) return n.booleanValue() ? "True" : "False";
        return n.toString();
    }
}
