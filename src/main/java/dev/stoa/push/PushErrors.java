package dev.stoa.push;

import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of push, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class PushErrors {
    private PushErrors() {}

    static ApiError invalidDeviceId() {
        return ApiError.bad("Invalid device ID");
    }

    static ApiError pushNotConfigured() {
        return ApiError.of(ErrorCode.PUSH_SERVICE_NOT_CONFIGURED, "Server is not configured to use push notification service.");
    }

    static ApiError invalidDeviceIdParameter() {
        return ApiError.bad("Invalid `device_id`");
    }

    static ApiError missingPushFields() {
        return ApiError.bad("Missing parameters: must provide either all push key fields, all token fields, or both.");
    }

    static ApiError noRegistrationToRotateKey() {
        return ApiError.bad("No push registration exists to rotate key for.");
    }

    static ApiError registrationInProgress() {
        return ApiError.bad("A registration for the device already in progress.");
    }

    static ApiError noRegistrationToRotateToken() {
        return ApiError.bad("No push registration exists to rotate token for.");
    }

    static ApiError tokenDoesNotExist() {
        return ApiError.bad("Token does not exist");
    }

    static ApiError invalidTokenLength() {
        return ApiError.bad("Empty or invalid length token");
    }

    static ApiError invalidApnsToken() {
        return ApiError.bad("Invalid APNS token");
    }

    static ApiError invalidAppId() {
        return ApiError.bad("appid has invalid format");
    }

    static ApiError deviceNotRecognized() {
        return ApiError.of(ErrorCode.INVALID_PUSH_DEVICE_TOKEN, "Device not recognized");
    }

    static ApiError noActivePushDevice() {
        return ApiError.bad("No active registered push device");
    }

    static ApiError invalidTokenKind() {
        return CommonErrors.invalid("token_kind");
    }

    static ApiError invalidPushKeyId() {
        return ApiError.bad("Invalid push_key_id: Value error, Not a valid unsigned 32-bit integer");
    }

    static ApiError tokenIdIsNotBase64Encoded() {
        return ApiError.bad("`token_id` is not Base64 encoded");
    }

    static ApiError invalidPushKey() {
        return ApiError.bad("Invalid `push_key`");
    }
}
