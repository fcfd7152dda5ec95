package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * What an integration may read of the request: the body, the provider's headers, the URL's parameters
 * (its url_options, and {@code topic} given by the user, which Zulip uses to put titles in bodies).
 */
public record WebhookRequest(byte[] body, String contentType, UnaryOperator<String> headers, UnaryOperator<String> params,
                             String displayName) {

    /** The user chose the topic in the URL (Zulip then writes PR and issue titles into the body). */
    public boolean topicGiven() { return params.apply("topic") != null; }

    public String param(String name) { return params.apply(name); }

    public String header(String name) { return headers.apply(name); }

    /** The body as JSON (Zulip's JsonBodyPayload): anything else is its InvalidJSONError, "Malformed JSON". */
    public Payload json() {
        return Payload.of(parse(new String(body, StandardCharsets.UTF_8)));
    }

    static JsonNode parse(String text) {
        try {
            JsonNode n = Json.MAPPER.readTree(text);
            if (n == null || n.isMissingNode()) throw malformed();
            return n;
        } catch (IOException e) {
            throw malformed();
        }
    }

    static ApiError malformed() { return ApiError.of(ErrorCode.INVALID_JSON, "Malformed JSON"); }

    /** The provider's event header (Zulip's validate_extract_webhook_http_header): absent is MISSING_HTTP_EVENT_HEADER. */
    public String eventHeader(String name) {
        String v = headers.apply(name);
        if (v == null) {
            throw ApiError.of(ErrorCode.MISSING_HTTP_EVENT_HEADER, "Missing the HTTP event header '" + name + "'").with("header", name);
        }
        return v;
    }

    /** Zulip's UnsupportedWebhookEventTypeError: HTTP 200, nothing posted; the caller logs it. */
    public ApiError unsupported(String eventType) {
        return ApiError.of(ErrorCode.UNSUPPORTED_WEBHOOK_EVENT_TYPE,
                        "The '" + eventType + "' event isn't currently supported by the " + displayName + " webhook; ignoring")
                .with("webhook_name", displayName).with("event_type", eventType);
    }

    /** Zulip's AnomalousWebhookPayloadError: the payload names no event at all. */
    public ApiError anomalous() {
        return ApiError.of(ErrorCode.ANOMALOUS_WEBHOOK_PAYLOAD, "Unable to parse request: Did " + displayName + " generate this event?")
                .with("webhook_name", displayName);
    }
}
