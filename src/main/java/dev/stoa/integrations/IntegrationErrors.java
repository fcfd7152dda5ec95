package dev.stoa.integrations;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of integrations, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class IntegrationErrors {
    private IntegrationErrors() {}

    static ApiError invalidPayloadType() {
        return ApiError.bad("Invalid payload[\"type\"]");
    }

    static ApiError payloadIsNotDict() {
        return ApiError.bad("payload is not a dict");
    }

    static ApiError keyMissing(String name, String key) {
        return ApiError.bad(name + "[\"" + key + "\"] is missing");
    }

    static ApiError malformedJson() {
        return ApiError.of(ErrorCode.INVALID_JSON, "Malformed JSON");
    }

    static ApiError missingHttpEventHeader(String name) {
        return ApiError.of(ErrorCode.MISSING_HTTP_EVENT_HEADER, "Missing the HTTP event header '" + name + "'");
    }

    static ApiError unsupportedEventType(String eventType, String integration) {
        return ApiError.of(ErrorCode.UNSUPPORTED_WEBHOOK_EVENT_TYPE, "The '" + eventType + "' event isn't currently supported by the " + integration + " webhook; ignoring");
    }

    static ApiError unableToParseRequestDidGenerateEvent(String displayName) {
        return ApiError.of(ErrorCode.ANOMALOUS_WEBHOOK_PAYLOAD, "Unable to parse request: Did " + displayName + " generate this event?");
    }

    static ApiError notFiringOrResolved(String path) {
        return ApiError.bad(path + " is not firing or resolved");
    }
}
