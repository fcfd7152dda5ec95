package dev.stoa.settings;

import dev.stoa.http.ApiError;

/**
 * The error answers of settings, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class SettingsErrors {
    private SettingsErrors() {}

    static ApiError invalidEmailBatchingPeriod(long seconds) {
        return ApiError.bad("Invalid email batching period: " + seconds + " seconds");
    }

    static ApiError invalidNotificationSound(String sound) {
        return ApiError.bad("Invalid notification sound '" + sound + "'");
    }

    static ApiError nameChangesDisabled() {
        return ApiError.bad("Name changes are disabled in this organization.");
    }

    static ApiError unknownTimezone() {
        return ApiError.bad("timezone is not a recognized time zone");
    }
}
