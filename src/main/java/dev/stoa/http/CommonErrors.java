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
        return invalid("include_subscribers");
    }

    public static ApiError mustBeOrganizationAdministrator() {
        return ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization administrator");
    }

    public static ApiError apiUsageExceededRateLimit() {
        return ApiError.of(ErrorCode.RATE_LIMIT_HIT, "API usage exceeded rate limit");
    }

    public static ApiError uploadedFileTooLarge(int limitMib) {
        return ApiError.bad("Uploaded file is larger than the allowed limit of " + limitMib + " MiB");
    }

    public static ApiError notFound() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "Not Found");
    }

    public static ApiError notLoggedIn() {
        return ApiError.of(ErrorCode.UNAUTHORIZED, "Not logged in: API authentication or user session required");
    }

    public static ApiError notAUrl(String name) {
        return ApiError.bad(name + " is not a URL");
    }

    public static ApiError notADict(String name) {
        return ApiError.bad(name + " is not a dict");
    }

    public static ApiError keyIsNotString(String name, String key) {
        return ApiError.bad(name + "[\"" + key + "\"] is not a string");
    }

    public static ApiError notAList(String name) {
        return ApiError.bad(name + " is not a list");
    }

    public static ApiError elementIsNotInteger(String name, int index) {
        return ApiError.bad(name + "[" + index + "] is not an integer");
    }

    public static ApiError notAString(String name) {
        return ApiError.bad(name + " is not a string");
    }

    public static ApiError tooLong(String name, int limit) {
        return ApiError.bad(name + " is too long (limit: " + limit + " characters)");
    }

    public static ApiError endpointDoesNotAcceptBotRequests() {
        return ApiError.bad("This endpoint does not accept bot requests.");
    }

    public static ApiError notAnInteger(String name) {
        return ApiError.bad(name + " is not an integer");
    }

    static ApiError csrfError(String reason) {
        return ApiError.of(ErrorCode.CSRF_FAILED, "CSRF error: " + reason);
    }

    static ApiError internalServerError(String requestId) {
        return ApiError.of(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error (request " + requestId + ")");
    }

    static ApiError databaseUnavailable() {
        return ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The server's database is unavailable; try again shortly.");
    }

    static ApiError serverBusy() {
        return ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The server is busy; try again shortly.");
    }

    static ApiError nullCharactersInRequest() {
        return ApiError.bad("Invalid characters in request: NULL (0x00) characters are not allowed.");
    }

    static ApiError requestBodyTooLarge() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 413, "Request body is too large (at most 25 MiB).");
    }

    static ApiError basicAuthRequired() {
        return ApiError.of(ErrorCode.UNAUTHORIZED, "This endpoint requires HTTP basic authentication.");
    }

    static ApiError invalidBasicAuthHeader() {
        return ApiError.of(ErrorCode.UNAUTHORIZED, "Invalid authorization header for basic auth");
    }

    static ApiError malformedParameters() {
        return ApiError.bad("Malformed request: invalid encoding of parameters.");
    }

    public static ApiError notABoolean(String name) {
        return ApiError.bad(name + " is not a boolean");
    }

    static ApiError notValidJson(String name) {
        return ApiError.bad(name + " is not valid JSON");
    }

    static ApiError listTooLong(String name, int limit) {
        return ApiError.bad(name + " is too long (at most " + limit + " items)");
    }

    static ApiError elementIsNotString(String name, int index) {
        return ApiError.bad(name + "[" + index + "] is not a string");
    }

    static ApiError invalidCharactersIn(String param) {
        return ApiError.bad("Invalid characters in " + param);
    }

    static ApiError methodNotAllowed() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 405, "Method Not Allowed");
    }

    public static ApiError notAllowedForGuestUsers() {
        return ApiError.bad("Not allowed for guest users");
    }
}
