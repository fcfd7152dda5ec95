package dev.stoa.users;

import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of users, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class UserErrors {
    private UserErrors() {}

    public static ApiError noSuchBot() {
        return ApiError.bad("No such bot");
    }

    static ApiError exactlyOneAvatarRequired() {
        return ApiError.bad("You must upload exactly one avatar.");
    }

    static ApiError avatarChangesDisabled() {
        return ApiError.bad("Avatar changes are disabled in this organization.");
    }

    static ApiError invalidInterfaceType() {
        return ApiError.bad("Invalid interface type");
    }

    static ApiError emailAlreadyInUse(String email) {
        return ApiError.bad("Email '" + email + "' already in use");
    }

    static ApiError passwordAuthDisabled() {
        return ApiError.of(ErrorCode.PASSWORD_AUTH_DISABLED, "Password authentication is disabled in this organization.");
    }

    static ApiError wrongUsernameOrPassword() {
        return ApiError.of(ErrorCode.AUTHENTICATION_FAILED, "Your username or password is incorrect");
    }

    static ApiError twoFactorCodeRequired() {
        return ApiError.of(ErrorCode.AUTHENTICATION_FAILED, "Enter the code from your two-factor authentication app.");
    }

    static ApiError invalidTwoFactorCode() {
        return ApiError.of(ErrorCode.AUTHENTICATION_FAILED, "Invalid two-factor authentication code.");
    }

    static ApiError tooManyAttempts(long seconds) {
        return ApiError.bad("You're making too many attempts! Try again in " + seconds + " seconds.");
    }

    public static ApiError wrongPassword() {
        return ApiError.bad("Wrong password!");
    }

    static ApiError defaultCustomFieldCannotBeUpdated() {
        return ApiError.bad("Default custom field cannot be updated.");
    }

    static ApiError invalidOrderMapping() {
        return ApiError.bad("Invalid order mapping.");
    }

    static ApiError idKeyMissing(String name) {
        return ApiError.bad("id key is missing from " + name);
    }

    static ApiError idIsNotInteger(String name) {
        return ApiError.bad(name + "[\"id\"] is not an integer");
    }

    static ApiError valueKeyMissing(String name) {
        return ApiError.bad("value key is missing from " + name);
    }

    static ApiError fieldNotFound(long id) {
        return ApiError.bad("Field id " + id + " not found.");
    }

    static ApiError fieldLabelAlreadyExists() {
        return ApiError.bad("A field with that label already exists.");
    }

    static ApiError tooManySummaryFields() {
        return ApiError.bad("Only 2 custom profile fields can be displayed in the profile summary.");
    }

    static ApiError choiceRequired() {
        return ApiError.bad("Field must have at least one choice.");
    }

    static ApiError valueBlank() {
        return ApiError.bad("'value' cannot be blank.");
    }

    static ApiError keyMissingFrom(String key, String name) {
        return ApiError.bad(key + " key is missing from " + name);
    }

    static ApiError keyBlank(String name, String key) {
        return ApiError.bad(name + "[\"" + key + "\"] cannot be blank.");
    }

    static ApiError unexpectedArguments(String keys) {
        return ApiError.bad("Unexpected arguments: " + keys);
    }

    static ApiError duplicateChoices() {
        return ApiError.bad("Field must not have duplicate choices.");
    }

    static ApiError subtypeMissing() {
        return ApiError.bad("subtype key is missing from field_data");
    }

    static ApiError subtypeIsNotString() {
        return ApiError.bad("field_data[\"subtype\"] is not a string");
    }

    static ApiError subtypeBlank() {
        return ApiError.bad("field_data[\"subtype\"] cannot be blank.");
    }

    static ApiError urlPatternIsNotString() {
        return ApiError.bad("field_data[\"url_pattern\"] is not a string");
    }

    static ApiError invalidExternalAccountType() {
        return ApiError.bad("Invalid external account type");
    }

    static ApiError urlPatternRequired() {
        return ApiError.bad("Custom external account must define URL pattern");
    }

    static ApiError usernameOnceInPattern() {
        return ApiError.bad("username should appear exactly once in pattern.");
    }

    static ApiError urlPatternIsNotUrl() {
        return ApiError.bad("field_data[\"url_pattern\"] is not a URL");
    }

    static ApiError notADate(String name) {
        return ApiError.bad(name + " is not a date");
    }

    static ApiError notAValidChoice(String value, String name) {
        return ApiError.bad("'" + value + "' is not a valid choice for '" + name + "'.");
    }

    static ApiError labelBlank() {
        return ApiError.bad("Label cannot be blank.");
    }

    static ApiError hintTooLong(int limit) {
        return ApiError.bad("hint is too long (limit: " + limit + " characters)");
    }

    static ApiError fieldNameTooLong(int limit) {
        return ApiError.bad("name is too long (limit: " + limit + " characters)");
    }

    static ApiError typeNotForSummary() {
        return ApiError.bad("Field type not supported for display in profile summary.");
    }

    static ApiError typeNotForUserMatching() {
        return ApiError.bad("Field type not supported for user matching.");
    }

    static ApiError invalidFieldType() {
        return ApiError.bad("Invalid field type.");
    }

    static ApiError fieldDataValueIsNotString(String key) {
        return ApiError.bad("field_data[\"" + key + "\"] is not a string");
    }

    static ApiError invalidAddress() {
        return ApiError.bad("Invalid address.");
    }

    public static ApiError passwordTooWeak() {
        return ApiError.bad("The password is too weak.");
    }

    static ApiError guestsNotAllowed() {
        return ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Not allowed for guest users");
    }

    static ApiError invalidBotType() {
        return CommonErrors.invalid("bot_type");
    }

    static ApiError embeddedBotsDisabled() {
        return ApiError.bad("Embedded bots are not enabled.");
    }

    static ApiError badNameOrUsername() {
        return ApiError.bad("Bad name or username");
    }

    static ApiError nameInUse() {
        return ApiError.bad("Name is already in use!");
    }

    static ApiError usernameInUse() {
        return ApiError.bad("Username already in use");
    }

    static ApiError invalidRole() {
        return CommonErrors.invalid("role");
    }

    public static ApiError userDeactivated() {
        return ApiError.bad("User is deactivated");
    }

    static ApiError cannotDeactivateOnlyUser() {
        return ApiError.of(ErrorCode.CANNOT_DEACTIVATE_LAST_USER, "Cannot deactivate the only user");
    }

    static ApiError alreadyDeactivated() {
        return ApiError.bad("User is already deactivated");
    }

    static ApiError alreadyActive() {
        return ApiError.bad("User is already active");
    }

    static ApiError lastOwner() {
        return ApiError.bad("The owner permission cannot be removed from the only organization owner.");
    }

    static ApiError malformedApiKey() {
        return ApiError.unauthorized("Malformed API key");
    }

    static ApiError invalidApiKey() {
        return ApiError.unauthorized("Invalid API key");
    }

    static ApiError realmDeactivated() {
        return ApiError.of(ErrorCode.REALM_DEACTIVATED, "This organization has been deactivated");
    }

    static ApiError accountIsDeactivated() {
        return ApiError.of(ErrorCode.USER_DEACTIVATED, "Account is deactivated");
    }

    static ApiError nameTooShort() {
        return ApiError.bad("Name too short!");
    }

    static ApiError nameTooLong() {
        return ApiError.bad("Name too long!");
    }

    static ApiError invalidCharactersInName() {
        return ApiError.bad("Invalid characters in name!");
    }

    static ApiError servicePayloadUrlIsNotString() {
        return ApiError.bad("service_payload_url is not a string");
    }

    static ApiError configDataValueIsNotString(String key) {
        return ApiError.bad("config_data[\"" + key + "\"] is not a string");
    }

    static ApiError payloadUrlIsNotString() {
        return ApiError.bad("payload_url is not a string");
    }

    static ApiError ownerChangeNoSuchUser() {
        return ApiError.bad("Failed to change owner, no such user");
    }

    static ApiError ownerChangeUserDeactivated() {
        return ApiError.bad("Failed to change owner, user is deactivated");
    }

    static ApiError ownerChangeBotsCannotOwnBots() {
        return ApiError.bad("Failed to change owner, bots can't own other bots");
    }

    static ApiError onlyOneAvatarFileAtATime() {
        return ApiError.bad("You may only upload one file at a time");
    }

    private static final String ONLY_OWNER = "Cannot deactivate the only organization owner";

    /** Deactivating the last owner by an administrator or the CLI. */
    static ApiError cannotDeactivateOnlyOwner() {
        return ApiError.bad(ONLY_OWNER);
    }

    /** DELETE /users/me by the last owner: Zulip answers the same text with CANNOT_DEACTIVATE_LAST_USER. */
    static ApiError cannotDeactivateSelfAsOnlyOwner() {
        return ApiError.of(ErrorCode.CANNOT_DEACTIVATE_LAST_USER, ONLY_OWNER);
    }

    static ApiError fieldNotEditable() {
        return ApiError.bad("You are not allowed to change this field. Contact an administrator to update it.");
    }
}
