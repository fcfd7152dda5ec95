package dev.stoa.mutedtopics;

import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;

/**
 * The error answers of mutedtopics, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class MutedTopicErrors {
    private MutedTopicErrors() {}

    static ApiError invalidOp() {
        return CommonErrors.invalid("op");
    }

    static ApiError streamIdAndStreamTogether() {
        return ApiError.bad("Unsupported parameter combination: stream_id, stream");
    }

    static ApiError topicIsNotMuted() {
        return ApiError.bad("Topic is not muted");
    }
}
