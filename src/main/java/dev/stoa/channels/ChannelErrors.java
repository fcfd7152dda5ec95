package dev.stoa.channels;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of channels, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class ChannelErrors {
    private ChannelErrors() {}

    static ApiError notAuthorizedToSendToChannel(String channelName) {
        return ApiError.bad("Not authorized to send to channel '" + channelName + "'");
    }

    public static ApiError noPermissionToPostInChannel() {
        return ApiError.bad("You do not have permission to post in this channel.");
    }

    static ApiError channelAlreadyExists(String name) {
        return ApiError.bad("Channel '" + name + "' already exists");
    }

    static ApiError defaultChannelCannotBePrivate() {
        return ApiError.bad("A default channel cannot be private.");
    }

    static ApiError invalidChannelFolderId() {
        return ApiError.bad("Invalid channel folder ID");
    }

    static ApiError webPublicChannelsNotEnabled() {
        return ApiError.bad("Web-public channels are not enabled.");
    }

    static ApiError channelNameCantBeEmpty() {
        return ApiError.bad("Channel name can't be empty.");
    }

    static ApiError channelNameTooLong(int limit) {
        return ApiError.bad("Channel name too long (limit: " + limit + " characters).");
    }

    static ApiError invalidCharacterInChannelName(int position) {
        return ApiError.bad("Invalid character in channel name, at position " + position + ".");
    }

    static ApiError descriptionTooLong(int limit) {
        return ApiError.bad("description is too long (limit: " + limit + " characters)");
    }

    static ApiError descriptionContainsNull() {
        return ApiError.bad("description contains NULL (0x00) characters.");
    }

    static ApiError badValueForMessageRetentionDays(String raw) {
        return ApiError.bad("Bad value for 'message_retention_days': " + raw);
    }

    static ApiError invalidTopicsPolicy() {
        return ApiError.bad("Invalid topics_policy");
    }

    public static ApiError invalidChannelName(String name) {
        return ApiError.bad("Invalid channel name '" + name + "'");
    }

    static ApiError contentAccessRequired() {
        return ApiError.bad("Channel content access is required.");
    }

    static ApiError noPermissionToAdministerChannel() {
        return ApiError.bad("You do not have permission to administer this channel.");
    }

    static ApiError channelAlreadyDeactivated() {
        return ApiError.bad("Channel is already deactivated");
    }

    static ApiError privateChannelsCannotBeMadeDefault() {
        return ApiError.bad("Private channels cannot be made default.");
    }

    static ApiError notSubscribedToChannel(long channelId) {
        return ApiError.bad("Not subscribed to channel ID " + channelId);
    }

    static ApiError messagesOutsideGeneralChat() {
        return ApiError.bad("To enable this configuration, all messages in this channel must be in the general chat topic. " + "Consider renaming or deleting other topics.");
    }

    static ApiError oldValueMismatch() {
        return ApiError.bad("'old' value does not match the expected value.");
    }

    static ApiError channelFolderNameAlreadyInUse() {
        return ApiError.bad("Channel folder name already in use");
    }

    static ApiError invalidOrderMapping() {
        return ApiError.bad("Invalid order mapping.");
    }

    static ApiError channelFolderNameCantBeEmpty() {
        return ApiError.bad("Channel folder name can't be empty.");
    }

    static ApiError folderNameTooLong(int limit) {
        return ApiError.bad("name is too long (limit: " + limit + " characters)");
    }

    static ApiError invalidCharacterInChannelFolderName() {
        return ApiError.bad("Invalid character in channel folder name.");
    }

    static ApiError settingIsNotIntegerOrDict(String setting) {
        return ApiError.bad(setting + " is not an integer or a dict");
    }

    static ApiError settingHasUnexpectedKey(String setting, String k) {
        return ApiError.bad(setting + " has an unexpected key " + k);
    }

    static ApiError settingIsNotList(String setting, String key) {
        return ApiError.bad(setting + "." + key + " is not a list");
    }

    static ApiError settingIsNotListOfIntegers(String setting, String key) {
        return ApiError.bad(setting + "." + key + " is not a list of integers");
    }

    static ApiError settingCannotBeSetToRoleInternet(String setting) {
        return ApiError.bad("'" + setting + "' setting cannot be set to 'role:internet' group.");
    }

    static ApiError unableToAccessChannel(String channelName) {
        return ApiError.bad("Unable to access channel (" + channelName + ").");
    }

    public static ApiError channelDoesNotExist(String n) {
        return ApiError.of(ErrorCode.STREAM_DOES_NOT_EXIST, "Channel '" + n + "' does not exist");
    }

    static ApiError principalsIsNotListOfIntegersOrStrings() {
        return ApiError.bad("principals is not a list of integers or strings");
    }

    static ApiError subscriptionDataIsNotDict(int count) {
        return ApiError.bad("subscription_data[" + count + "] is not a dict");
    }

    public static ApiError missingStreamIdArgument() {
        return ApiError.bad("Missing 'stream_id' argument");
    }

    static ApiError missingPropertyArgument() {
        return ApiError.bad("Missing 'property' argument");
    }

    static ApiError missingValueArgument() {
        return ApiError.bad("Missing 'value' argument");
    }

    static ApiError colorIsNotString() {
        return ApiError.bad("color is not a string");
    }

    static ApiError colorIsNotValidHexColorCode() {
        return ApiError.bad("color is not a valid hex color code");
    }

    static ApiError unknownSubscriptionProperty(String property) {
        return ApiError.bad("Unknown subscription property: " + property);
    }

    static ApiError subscriptionsIsNotDict(int count) {
        return ApiError.bad("subscriptions[" + count + "] is not a dict");
    }
}
