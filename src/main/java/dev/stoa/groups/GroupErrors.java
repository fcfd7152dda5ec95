package dev.stoa.groups;

import dev.stoa.http.ApiError;

/**
 * The error answers of groups, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class GroupErrors {
    private GroupErrors() {}

    public static ApiError invalidUserGroup() {
        return ApiError.bad("Invalid user group");
    }

    public static ApiError userGroupIsDeactivated() {
        return ApiError.bad("User group is deactivated.");
    }
}
