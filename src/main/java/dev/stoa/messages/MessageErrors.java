package dev.stoa.messages;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of messages, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class MessageErrors {
    private MessageErrors() {}

    static ApiError typingNotificationsDisabledForChannels() {
        return ApiError.bad("User has disabled typing notifications for channel messages");
    }

    static ApiError typingNotificationsDisabledForDirectMessages() {
        return ApiError.bad("User has disabled typing notifications for direct messages");
    }

    static ApiError invalidFlag(String flag) {
        return ApiError.bad("Invalid flag: '" + flag + "'");
    }

    static ApiError flagNotEditable(String flag) {
        return ApiError.bad("Flag not editable: '" + flag + "'");
    }

    static ApiError invalidMessageFlagOperation(String op) {
        return ApiError.bad("Invalid message flag operation: '" + op + "'");
    }

    static ApiError invalidNumBefore() {
        return ApiError.bad("Invalid num_before");
    }

    static ApiError tooManyMessagesRequested() {
        return ApiError.bad("Too many messages requested (maximum 5000).");
    }

    static ApiError invalidMessageType() {
        return ApiError.bad("Invalid message type");
    }

    static ApiError noLongerUsingZulip(String email) {
        return ApiError.bad("'" + email + "' is no longer using Zulip.");
    }

    static ApiError noPermissionToAccessSomeOfRecipients() {
        return ApiError.bad("You do not have permission to access some of the recipients.");
    }

    static ApiError noPermissionToSendDirectMessages() {
        return ApiError.bad("You do not have permission to send direct messages to this recipient.");
    }

    public static ApiError invalidDataTypeForRecipients() {
        return ApiError.bad("Invalid data type for recipients");
    }

    static ApiError messageMustHaveRecipients() {
        return ApiError.bad("Message must have recipients");
    }

    public static ApiError invalidRecipient(long id) {
        return ApiError.bad("Invalid user ID " + id);
    }

    static ApiError invalidEmail(String email) {
        return ApiError.bad("Invalid email '" + email + "'");
    }

    static ApiError channelWithIdDoesNotExist(long id) {
        return ApiError.of(ErrorCode.STREAM_DOES_NOT_EXIST, "Channel with ID '" + id + "' does not exist");
    }

    static ApiError directMessagesCannotBeMovedToChannels() {
        return ApiError.bad("Direct messages cannot be moved to channels.");
    }

    static ApiError directMessagesCannotHaveTopics() {
        return ApiError.bad("Direct messages cannot have topics.");
    }

    static ApiError generalChatCannotBeMarkedAsResolved() {
        return ApiError.bad("General chat cannot be marked as resolved");
    }

    static ApiError nothingToChange() {
        return ApiError.bad("Nothing to change");
    }

    static ApiError invalidPropagateModeWithoutTopicEdit() {
        return ApiError.bad("Invalid propagate_mode without topic edit");
    }

    static ApiError prevContentSha256Mismatch() {
        return ApiError.bad("'prev_content_sha256' value does not match the expected value.");
    }

    static ApiError messageEditingTurnedOff() {
        return ApiError.bad("Your organization has turned off message editing");
    }

    static ApiError noPermissionToEditMessage() {
        return ApiError.bad("You don't have permission to edit this message");
    }

    static ApiError editTimeLimitPassed() {
        return ApiError.bad("The time limit for editing this message has passed");
    }

    static ApiError noPermissionToResolveTopics() {
        return ApiError.bad("You don't have permission to resolve topics");
    }

    static ApiError noPermissionToMoveMessage() {
        return ApiError.bad("You don't have permission to move this message");
    }

    static ApiError moveTimeLimitExceeded(int allowed, int total) {
        return ApiError.of(ErrorCode.MOVE_MESSAGES_TIME_LIMIT_EXCEEDED, "You only have permission to move the " + allowed + "/" + total + " most recent messages in this topic.");
    }

    static ApiError noPermissionToDeleteMessage() {
        return ApiError.bad("You don't have permission to delete this message");
    }

    static ApiError channelEditTimeLimitPassed() {
        return ApiError.bad("The time limit for editing this message's channel has passed");
    }

    static ApiError topicEditTimeLimitPassed() {
        return ApiError.bad("The time limit for editing this message's topic has passed");
    }

    static ApiError deleteTimeLimitPassed() {
        return ApiError.bad("The time limit for deleting this message has passed");
    }

    static ApiError invalidPropagateMode() {
        return ApiError.bad("Invalid propagate_mode");
    }

    static ApiError cannotChangeMessageContentWhileChangingChannel() {
        return ApiError.bad("Cannot change message content while changing channel");
    }

    static ApiError invalidOp() {
        return ApiError.bad("Invalid op");
    }

    static ApiError searchTookTooLong() {
        return ApiError.bad("This search took too long; narrow it further and try again.");
    }

    static ApiError invalidAnchor() {
        return ApiError.bad("Invalid anchor");
    }

    public static ApiError invalidMessage() {
        return ApiError.bad("Invalid message(s)");
    }

    static ApiError editHistoryDisabled() {
        return ApiError.bad("Message edit history is disabled in this organization");
    }

    static ApiError readReceiptsDisabled() {
        return ApiError.bad("Read receipts are disabled in this organization.");
    }

    public static ApiError messageMustNotBeEmpty() {
        return ApiError.bad("Message must not be empty");
    }

    public static ApiError messageMustNotContainNullBytes() {
        return ApiError.bad("Message must not contain null bytes");
    }

    static ApiError noPermissionToUseChannelWildcardMentions() {
        return ApiError.of(ErrorCode.STREAM_WILDCARD_MENTION_NOT_ALLOWED, "You do not have permission to use channel wildcard mentions in this channel.");
    }

    static ApiError noPermissionToUseTopicWildcardMentions() {
        return ApiError.of(ErrorCode.TOPIC_WILDCARD_MENTION_NOT_ALLOWED, "You do not have permission to use topic wildcard mentions in this topic.");
    }

    static ApiError topicsRequired() {
        return ApiError.bad("Topics are required in this organization.");
    }

    static ApiError onlyGeneralChatTopicAllowed() {
        return ApiError.bad("Only the general chat topic is allowed in this channel.");
    }

    static ApiError noPermissionToCreateTopics() {
        return ApiError.bad("You do not have permission to create new topics in this channel.");
    }

    static ApiError invalidNumAfter() {
        return ApiError.bad("Invalid num_after");
    }

    static ApiError narrowIsNotList() {
        return ApiError.bad("narrow is not a list");
    }

    static ApiError invalidNarrow(int index) {
        return ApiError.bad("Invalid narrow[" + index + "]");
    }

    static ApiError invalidNarrowOperator(String detail) {
        return ApiError.of(ErrorCode.BAD_NARROW, "Invalid narrow operator: " + detail);
    }

    static ApiError operatorNotSupported(String operator) {
        return ApiError.bad("Operator " + operator + " not supported.");
    }

    static ApiError operandNotSupported(String operand) {
        return ApiError.bad("Operand " + operand + " not supported.");
    }

    static ApiError reactionAlreadyExists() {
        return ApiError.of(ErrorCode.REACTION_ALREADY_EXISTS, "Reaction already exists.");
    }

    static ApiError reactionDoesntExist() {
        return ApiError.of(ErrorCode.REACTION_DOES_NOT_EXIST, "Reaction doesn't exist.");
    }

    static ApiError emojiNameOrCodeRequired() {
        return ApiError.bad("At least one of the following arguments must be present: emoji_name, emoji_code");
    }

    static ApiError invalidReportType() {
        return ApiError.bad("Invalid report_type");
    }

    static ApiError descriptionContainsNull() {
        return ApiError.bad("description contains NULL (0x00) characters.");
    }

    static ApiError explanationRequired() {
        return ApiError.bad("An explanation is required.");
    }

    static ApiError reportDescriptionTooLong() {
        return ApiError.bad("description is too long (limit: 1000 characters)");
    }

    static ApiError cannotAttachSubmessage() {
        return ApiError.bad("You cannot attach a submessage to this message.");
    }

    static ApiError invalidJsonForSubmessage() {
        return ApiError.bad("Invalid json for submessage");
    }

    static ApiError invalidMsgType() {
        return ApiError.bad("Invalid msg_type");
    }

    static ApiError missingToArgument() {
        return ApiError.bad("Missing 'to' argument");
    }

    static ApiError emptyToList() {
        return ApiError.bad("Empty 'to' list");
    }

    static ApiError missingTopicArgument() {
        return ApiError.bad("Missing 'topic' argument");
    }

    static ApiError invalidType() {
        return ApiError.bad("Invalid type");
    }

    static ApiError fileTooLarge(long maxMib) {
        return ApiError.bad("File is larger than this server's configured maximum upload size (" + maxMib + " MiB).");
    }

    static ApiError uploadQuotaExceeded() {
        return ApiError.of(ErrorCode.REALM_UPLOAD_QUOTA, "Upload would exceed your organization's upload quota.");
    }

    static ApiError invalidAttachment() {
        return ApiError.bad("Invalid attachment");
    }

    static ApiError notAuthorizedToViewFile() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 403, "You are not authorized to view this file.");
    }

    static ApiError fileNotFound() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "File not found");
    }

    static ApiError noFileToUpload() {
        return ApiError.bad("You must specify a file to upload");
    }

    static ApiError onlyOneFileAtATime() {
        return ApiError.bad("You may only upload one file at a time");
    }

    static ApiError welcomeMessageCustomTextTooLong(int limit) {
        return ApiError.bad("welcome_message_custom_text is too long (limit: " + limit + " characters)");
    }

    static ApiError organizationHasNoWelcomeBot() {
        return ApiError.bad("This organization has no Welcome Bot.");
    }

    static ApiError unknownTypeForPollData(String type) {
        return ApiError.bad("Unknown type for poll data: " + type);
    }

    static ApiError unknownTypeForTodoData(String type) {
        return ApiError.bad("Unknown type for todo data: " + type);
    }

    static ApiError reportingDisabled() {
        return ApiError.bad("Moderation request channel must be specified to enable message reporting.");
    }
}
