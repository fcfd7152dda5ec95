package dev.stoa.topics;

import dev.stoa.http.ApiError;

/**
 * The error answers of topics, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class TopicErrors {
    private TopicErrors() {}

    static ApiError cannotMuteSelf() {
        return ApiError.bad("Cannot mute self");
    }

    static ApiError userAlreadyMuted() {
        return ApiError.bad("User already muted");
    }

    static ApiError userIsNotMuted() {
        return ApiError.bad("User is not muted");
    }

    static ApiError invalidVisibilityPolicy() {
        return ApiError.bad("Invalid visibility_policy");
    }

    public static ApiError topicTooLong(int limit) {
        return ApiError.bad("topic is too long (limit: " + limit + " characters)");
    }

    public static ApiError topicContainsNull() {
        return ApiError.bad("Topic must not contain null bytes");
    }
}
