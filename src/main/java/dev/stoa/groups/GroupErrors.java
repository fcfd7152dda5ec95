package dev.stoa.groups;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

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

    static ApiError userGroupAlreadyExists(String name) {
        return ApiError.bad("User group '" + name + "' already exists.");
    }

    static ApiError oldValueMismatch() {
        return ApiError.of(ErrorCode.EXPECTATION_MISMATCH, "'old' value does not match the expected value.");
    }

    static ApiError groupInUse() {
        return ApiError.of(ErrorCode.CANNOT_DEACTIVATE_GROUP_IN_USE, "Cannot deactivate user group in use.");
    }

    static ApiError alreadyMember(long userId) {
        return ApiError.bad("User " + userId + " is already a member of this group");
    }

    static ApiError notAMember(long userId) {
        return ApiError.bad("There is no member '" + userId + "' in this user group");
    }

    static ApiError alreadySubgroup(long groupId) {
        return ApiError.bad("User group " + groupId + " is already a subgroup of this group.");
    }

    static ApiError alreadySubgroupOfPassedSubgroup(long groupId) {
        return ApiError.bad("User group " + groupId + " is already a subgroup of one of the passed subgroups.");
    }

    static ApiError notASubgroup(long groupId) {
        return ApiError.bad("User group " + groupId + " is not a subgroup of this group.");
    }

    static ApiError groupNameEmpty() {
        return ApiError.bad("User group name can't be empty!");
    }

    static ApiError groupNameTooLong(int limit) {
        return ApiError.bad("User group name cannot exceed " + limit + " characters.");
    }

    static ApiError groupNameReservedPrefix(String prefix) {
        return ApiError.bad("User group name cannot start with '" + prefix + "'.");
    }

    static ApiError invalidUserGroupId(long groupId) {
        return ApiError.bad("Invalid user group ID: " + groupId);
    }

    static ApiError newFieldMissing(String name) {
        return ApiError.bad(name + "[\"new\"] field is missing");
    }

    static ApiError mustBeSystemUserGroup(String setting) {
        return ApiError.bad("'" + setting + "' must be a system user group.");
    }

    static ApiError settingCannotBeSetToGroup(String setting, String groupName) {
        return ApiError.bad("'" + setting + "' setting cannot be set to '" + groupName + "' group.");
    }

    static ApiError noNewDataSupplied() {
        return ApiError.bad("No new data supplied");
    }

    static ApiError nothingToDoMembersOrSubgroups() {
        return ApiError.bad("Nothing to do. Specify at least one of \"add\", \"delete\", \"add_subgroups\" or \"delete_subgroups\".");
    }

    static ApiError nothingToDoMembers() {
        return ApiError.bad("Nothing to do. Specify at least one of \"add\" or \"delete\".");
    }
}
