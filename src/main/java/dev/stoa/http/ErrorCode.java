package dev.stoa.http;

/**
 * Every Zulip error code Stoa answers with, and the HTTP status Zulip gives it by default
 * (ApiError.of(code, status, msg) where Zulip uses another, e.g. BAD_REQUEST as 404/405/413).
 */
public enum ErrorCode {
    BAD_REQUEST(400),
    BAD_IMAGE(400),
    REQUEST_VARIABLE_MISSING(400),
    BAD_NARROW(400),
    BAD_EVENT_QUEUE_ID(400),
    STREAM_DOES_NOT_EXIST(400),
    UNAUTHORIZED_PRINCIPAL(400),
    CANNOT_DEACTIVATE_LAST_USER(400),
    CANNOT_DEACTIVATE_GROUP_IN_USE(400),
    STREAM_WILDCARD_MENTION_NOT_ALLOWED(400),
    TOPIC_WILDCARD_MENTION_NOT_ALLOWED(400),
    MOVE_MESSAGES_TIME_LIMIT_EXCEEDED(400),
    REACTION_ALREADY_EXISTS(400),
    REACTION_DOES_NOT_EXIST(400),
    EXPECTATION_MISMATCH(400),
    INVALID_ZOOM_TOKEN(400),
    INVALID_MEETING_TOKEN(400),
    PUSH_SERVICE_NOT_CONFIGURED(400),
    /** Zulip's InvalidPushDeviceTokenError: POST /mobile_push/test_notification names a token the user has not registered. */
    INVALID_PUSH_DEVICE_TOKEN(400),
    INVITATION_FAILED(400),
    /** Zulip's RealmUploadQuotaError: the organization's upload_quota_mib would be exceeded. */
    REALM_UPLOAD_QUOTA(400),
    /** Incoming webhooks (Zulip's zerver/lib/exceptions.py): a body that is not the JSON the integration reads. */
    INVALID_JSON(400),
    /** Zulip's MissingHTTPEventHeader: the provider's event header is absent (field `header`). */
    MISSING_HTTP_EVENT_HEADER(400),
    /** Zulip's UnsupportedWebhookEventTypeError: answered with HTTP 200 so the provider does not retry (fields `webhook_name`, `event_type`). */
    UNSUPPORTED_WEBHOOK_EVENT_TYPE(200),
    /** Zulip's AnomalousWebhookPayloadError: a payload naming no event at all (field `webhook_name`). */
    ANOMALOUS_WEBHOOK_PAYLOAD(400),
    UNAUTHORIZED(401),
    USER_DEACTIVATED(401),
    REALM_DEACTIVATED(401),
    AUTHENTICATION_FAILED(401),
    /** Zulip's PasswordAuthDisabledError: neither Stoa's passwords nor a directory's are accepted. */
    PASSWORD_AUTH_DISABLED(401),
    CSRF_FAILED(403),
    NOT_FOUND(404),
    RATE_LIMIT_HIT(429),
    INTERNAL_SERVER_ERROR(500),
    /** Not one of Zulip's codes (Zulip's proxy answers 502/503 pages itself): the database does not answer, retry (issue 17). */
    SERVICE_UNAVAILABLE(503);

    public final int status;

    ErrorCode(int status) { this.status = status; }
}
