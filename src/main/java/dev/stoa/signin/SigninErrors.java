package dev.stoa.signin;

import dev.stoa.http.ApiError;

/**
 * The error answers of signin, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class SigninErrors {
    private SigninErrors() {}

    static ApiError invalidOtp() {
        return ApiError.bad("Invalid OTP");
    }

    static ApiError bothFlowOtps() {
        return ApiError.bad("Can't use both mobile_flow_otp and desktop_flow_otp together.");
    }

    static ApiError idpSentNoEmail() {
        return ApiError.bad("The identity provider sent no usable email address.");
    }

    static ApiError idpEmailNotVerified(String email) {
        return ApiError.bad("The identity provider has not verified the email address " + email + ".");
    }

    static ApiError botsCannotSignIn() {
        return ApiError.bad("Bots cannot sign in.");
    }

    static ApiError inviteRequired(String email) {
        return ApiError.bad("Please request an invite for " + email + " from the organization administrator.");
    }

    static ApiError malformedLoginToken() {
        return ApiError.bad("Malformed login token");
    }

    static ApiError invalidOrExpiredLoginToken() {
        return ApiError.bad("Invalid or expired login token");
    }

    static ApiError authenticationMethodsIsNotDict() {
        return ApiError.bad("authentication_methods is not a dict");
    }

    static ApiError invalidAuthenticationMethod(String method, String valid) {
        return ApiError.bad("Invalid authentication method: " + method + ". Valid methods are: " + valid);
    }

    static ApiError authenticationMethodIsNotBoolean(String method) {
        return ApiError.bad("authentication_methods[\"" + method + "\"] is not a boolean");
    }

    static ApiError authenticationMethodRequired() {
        return ApiError.bad("At least one authentication method must be enabled.");
    }
}
