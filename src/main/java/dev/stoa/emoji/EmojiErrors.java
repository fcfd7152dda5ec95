package dev.stoa.emoji;

import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of emoji, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class EmojiErrors {
    private EmojiErrors() {}

    public static ApiError emojiDoesNotExist(String name) {
        return ApiError.bad(doesNotExist(name));
    }

    public static ApiError invalidEmojiCode() {
        return ApiError.bad("Invalid emoji code.");
    }

    public static ApiError invalidEmojiName() {
        return ApiError.bad("Invalid emoji name.");
    }

    public static ApiError invalidCustomEmoji() {
        return ApiError.bad("Invalid custom emoji.");
    }

    public static ApiError invalidCustomEmojiName() {
        return ApiError.bad("Invalid custom emoji name.");
    }

    public static ApiError customEmojiHasBeenDeactivated() {
        return ApiError.bad("This custom emoji has been deactivated.");
    }

    public static ApiError invalidEmojiType() {
        return ApiError.bad("Invalid emoji type.");
    }

    static ApiError exactlyOneFileRequired() {
        return ApiError.bad("You must upload exactly one file.");
    }

    static ApiError onlyAdministratorsCanOverrideDefaultEmoji() {
        return ApiError.bad("Only administrators can override default emoji.");
    }

    static ApiError emojiNameMissing() {
        return ApiError.bad("Emoji name is missing");
    }

    static ApiError emojiNameMustEndWithLetterOrDigit() {
        return ApiError.bad("Emoji names must end with either a letter or digit.");
    }

    static ApiError emojiNameInvalidCharacters() {
        return ApiError.bad("Emoji names must contain only lowercase alphanumeric characters, dashes, and underscores.");
    }

    static ApiError mustBeAdministratorOrEmojiAuthor() {
        return ApiError.bad("Must be an organization administrator or emoji author");
    }

    static ApiError customEmojiAlreadyExists() {
        return ApiError.bad("A custom emoji with this name already exists.");
    }

    static ApiError emojiNotFound(String name) {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, doesNotExist(name));
    }

    /** One text, two statuses: 404 for an unknown custom emoji (the realm-emoji routes), 400 for an unknown name in a reaction or status. */
    private static String doesNotExist(String name) {
        return "Emoji '" + name + "' does not exist";
    }

    static ApiError invalidImageFormat() {
        return ApiError.bad("Invalid image format");
    }
}
