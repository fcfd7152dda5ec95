package dev.stoa.users;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.ApiError;
import org.jdbi.v3.core.Handle;

/** The custom profile field types and how a value of each is checked. */
public final class ProfileFieldTypes {
    public static final int SHORT_TEXT = 1, LONG_TEXT = 2, SELECT = 3, DATE = 4, URL = 5, USER = 6, EXTERNAL_ACCOUNT = 7, PRONOUNS = 8;

    private ProfileFieldTypes() {}

    static void validateValue(Handle h, int type, JsonNode value) {
        if (value == null || value.isNull() || (value.isTextual() && value.asText().isEmpty())) return;
        switch (type) {
            case USER -> {
                if (!value.isArray()) throw ApiError.bad("value is not a list");
                for (JsonNode id : value) {
                    if (!id.isIntegralNumber()) throw ApiError.bad("value is not a list of integers");
                    long n = h.createQuery("SELECT COUNT(*) FROM users WHERE id = ?").bind(0, id.asLong()).mapTo(Long.class).one();
                    if (n == 0) throw ApiError.bad("Invalid user ID: " + id.asLong());
                }
            }
            case DATE -> {
                if (!value.isTextual() || !value.asText().matches("\\d{4}-\\d{2}-\\d{2}")) throw ApiError.bad("value is not a date");
            }
            case URL -> {
                if (!value.isTextual() || !value.asText().matches("(?i)https?://\\S+")) throw ApiError.bad("value is not a URL");
            }
            default -> {
                if (!value.isTextual()) throw ApiError.bad("value is not a string");
            }
        }
    }
}
