package dev.stoa.invites;

import dev.stoa.http.ApiError;

/**
 * The error answers of invites, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class InviteErrors {
    private InviteErrors() {}

    static ApiError emailRequired() {
        return ApiError.bad("You must specify at least one email address.");
    }

    static ApiError invitationExpired() {
        return ApiError.bad("The invitation link has expired.");
    }

    static ApiError invalidChannelNoInvitesSent(long channelId) {
        return ApiError.bad("Invalid channel ID " + channelId + ". No invites were sent.");
    }

    static ApiError noPermissionToSubscribeOthers() {
        return ApiError.bad("You do not have permission to subscribe other users to channels.");
    }

    static ApiError noSuchInvitation() {
        return ApiError.bad("No such invitation");
    }

    static ApiError invitationAlreadyRevoked() {
        return ApiError.bad("Invitation has already been revoked");
    }

    static ApiError invalidInviteAs() {
        return ApiError.bad("Invalid invite_as");
    }

    static ApiError mustBeAdministrator() {
        return ApiError.bad("Must be an organization administrator");
    }

    static ApiError invalidInviteExpiresInMinutes() {
        return ApiError.bad("Invalid invite_expires_in_minutes");
    }

    static ApiError invalidEmailAddress() {
        return ApiError.bad("Please enter a valid email address.");
    }

    static ApiError userAlreadyExists(String email) {
        return ApiError.bad("A user with the email address " + email + " already exists.");
    }

    static ApiError invalidLink() {
        return ApiError.bad("This invitation link has expired, has been revoked or has already been used.");
    }
}
