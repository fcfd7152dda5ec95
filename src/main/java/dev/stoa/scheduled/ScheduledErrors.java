package dev.stoa.scheduled;

import dev.stoa.http.ApiError;

/**
 * The error answers of scheduled, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class ScheduledErrors {
    private ScheduledErrors() {}

    static ApiError reminderNoteTooLong(int limit) {
        return ApiError.bad("Maximum reminder note length: " + limit + " characters");
    }

    static ApiError alreadySent() {
        return ApiError.bad("Scheduled message was already sent");
    }

    static ApiError deliveryTimeNotInFuture() {
        return ApiError.bad("Scheduled delivery time must be in the future.");
    }

    static ApiError invalidDataTypeForChannelId() {
        return ApiError.bad("Invalid data type for channel ID");
    }

    static ApiError recipientsMustBeUserIds() {
        return ApiError.bad("Recipient list may only contain user IDs");
    }

    static ApiError nothingToChange() {
        return ApiError.bad("Nothing to change");
    }

    static ApiError recipientRequiredForTypeChange() {
        return ApiError.bad("Recipient required when updating type of scheduled message.");
    }

    static ApiError topicRequiredForTypeChange() {
        return ApiError.bad("Topic required when updating scheduled message type to stream.");
    }

    static ApiError invalidType() {
        return ApiError.bad("Invalid type");
    }
}
