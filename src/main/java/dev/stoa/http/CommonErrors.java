package dev.stoa.http;

/**
 * Error answers several features give, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them): Zulip's shared exceptions (zerver/lib/exceptions.py) and texts about
 * users and channels that packages below users and channels answer with too. A feature's own texts
 * live in its *Errors class; code elsewhere builds no ApiError from a text of its own (ErrorTextsTest).
 */
public final class CommonErrors {
    private CommonErrors() {}

    public static ApiError invalidChannelId() {
        return ApiError.bad("Invalid channel ID");
    }

    public static ApiError invalidParameters() {
        return ApiError.bad("Invalid parameters");
    }

    public static ApiError mustBeOrganizationOwner() {
        return ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization owner");
    }

    public static ApiError insufficientPermission() {
        return ApiError.bad("Insufficient permission");
    }

    public static ApiError invalidUserId(long id) {
        return ApiError.bad("Invalid user ID: " + id);
    }

    public static ApiError invalid(String name) {
        return ApiError.bad("Invalid " + name);
    }

    public static ApiError noSuchUser() {
        return ApiError.bad("No such user");
    }

    public static ApiError userNotAuthorizedForQuery() {
        return ApiError.bad("User not authorized for this query");
    }

    public static ApiError invalidIncludeSubscribers() {
        return ApiError.invalid("include_subscribers");
    }

    public static ApiError mustBeOrganizationAdministrator() {
        return ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization administrator");
    }

    public static ApiError apiUsageExceededRateLimit() {
        return ApiError.of(ErrorCode.RATE_LIMIT_HIT, "API usage exceeded rate limit");
    }
}
