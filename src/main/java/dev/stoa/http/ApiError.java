package dev.stoa.http;

import java.util.LinkedHashMap;
import java.util.Map;

/** A failure answered in Zulip's error shape: result, msg, code, plus documented extra fields. */
public final class ApiError extends RuntimeException {
    private final int status;
    private final ErrorCode code;
    private final Map<String, Object> extra;
    /** Response headers the answer carries (WWW-Authenticate, Retry-After); not in the body. */
    private final Map<String, String> headers = new LinkedHashMap<>();

    private ApiError(int status, ErrorCode code, String msg, Map<String, Object> extra) {
        super(msg, null, false, false);
        this.status = status;
        this.code = code;
        this.extra = extra;
    }

    public static ApiError of(ErrorCode code, String msg) {
        return of(code, code.status, msg);
    }

    /** Where Zulip answers a code with another status than its usual one (BAD_REQUEST as 404, 405, 413). */
    public static ApiError of(ErrorCode code, int status, String msg) {
        return new ApiError(status, code, msg, new LinkedHashMap<>());
    }

    /** HTTP 400 with code BAD_REQUEST: Zulip's answer to most invalid input. */
    public static ApiError bad(String msg) {
        return of(ErrorCode.BAD_REQUEST, msg);
    }

    /** A required parameter is absent: Zulip's RequestVariableMissingError, naming it in var_name. */
    public static ApiError missing(String param) {
        return of(ErrorCode.REQUEST_VARIABLE_MISSING, "Missing '" + param + "' argument").with("var_name", param);
    }

    /**
     * 401 UNAUTHORIZED with Zulip's Basic challenge: its REST authentication re-raises credential
     * errors (wrong or malformed API key, bad header) as UnauthorizedError with the same message.
     */
    public static ApiError unauthorized(String msg) {
        return of(ErrorCode.UNAUTHORIZED, msg).withHeader("WWW-Authenticate", "Basic realm=\"zulip\"");
    }

    public ApiError with(String key, Object value) {
        extra.put(key, value);
        return this;
    }

    public ApiError withHeader(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public int status() { return status; }
    public ErrorCode code() { return code; }
    public Map<String, Object> extra() { return extra; }
    public Map<String, String> headers() { return headers; }
}
