package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpHeaders;

/** One HTTP answer: status, parsed JSON body (null when not JSON), headers. */
public record ApiResponse(int status, JsonNode json, String body, HttpHeaders headers) {
    public boolean ok() { return status == 200 && json != null && "success".equals(json.path("result").asText()); }

    public String msg() { return json == null ? null : json.path("msg").asText(); }

    public String code() { return json == null ? null : json.path("code").asText(); }

    public JsonNode get(String field) { return json.get(field); }

    /** Fails the test unless this is a success; returns the JSON. */
    public JsonNode success() {
        if (!ok()) throw new AssertionError("expected success, got HTTP " + status + ": " + body);
        return json;
    }

    /** Fails the test unless this is the given Zulip error. */
    public ApiResponse error(int expectedStatus, String expectedCode, String expectedMsg) {
        if (status != expectedStatus || !expectedCode.equals(code()) || (expectedMsg != null && !expectedMsg.equals(msg()))) {
            throw new AssertionError("expected HTTP " + expectedStatus + " " + expectedCode + " \"" + expectedMsg
                    + "\", got HTTP " + status + ": " + body);
        }
        return this;
    }

    public ApiResponse badRequest(String expectedMsg) {
        return error(400, "BAD_REQUEST", expectedMsg);
    }

    /** Zulip's MissingArgumentError: 400 REQUEST_VARIABLE_MISSING, "Missing '<name>' argument", var_name. */
    public ApiResponse missing(String name) {
        error(400, "REQUEST_VARIABLE_MISSING", "Missing '" + name + "' argument");
        if (!name.equals(json.path("var_name").asText(null))) {
            throw new AssertionError("expected var_name \"" + name + "\", got " + body);
        }
        return this;
    }
}
