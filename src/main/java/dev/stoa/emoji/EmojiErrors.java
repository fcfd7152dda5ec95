package dev.stoa.emoji;

import dev.stoa.http.ApiError;

/**
 * The error answers of emoji, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class EmojiErrors {
    private EmojiErrors() {}

    public static ApiError emojiDoesNotExist(String name) {
        return ApiError.bad("Emoji '" + name + "' does not exist");
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
}
