package dev.stoa.queues;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of queues, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class QueueErrors {
    private QueueErrors() {}

    static ApiError notYourQueue() {
        return ApiError.bad("You are not authorized to get events from this queue");
    }

    static ApiError badEventQueueId(String queueId) {
        return ApiError.of(ErrorCode.BAD_EVENT_QUEUE_ID, "Bad event queue ID: " + queueId);
    }

    static ApiError eventsPruned(long lastEventId) {
        return ApiError.bad("An event newer than " + lastEventId + " has already been pruned!");
    }

    static ApiError idleQueueTimeoutTooSmall() {
        return ApiError.bad("idle_queue_timeout is too small");
    }

    static ApiError idleQueueTimeoutTooLarge() {
        return ApiError.bad("idle_queue_timeout is too large");
    }

    static ApiError invalidForAnonymousRequest(String param) {
        return ApiError.bad("Invalid '" + param + "' parameter for anonymous request");
    }

    static ApiError includeSubscribersForAnonymousRequest() {
        return ApiError.bad("Invalid 'include_subscribers' parameter for anonymous request");
    }

    static ApiError capabilityIsNotBoolean(String capability) {
        return ApiError.bad("client_capabilities[\"" + capability + "\"] is not a boolean");
    }
}
