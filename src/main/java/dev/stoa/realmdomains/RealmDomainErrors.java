package dev.stoa.realmdomains;

import dev.stoa.http.ApiError;

/**
 * The error answers of realmdomains, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class RealmDomainErrors {
    private RealmDomainErrors() {}

    public static ApiError emailDomainNotAllowed(String email) {
        return ApiError.bad("Your email address, " + email + ", is not in one of the domains that are allowed to register for accounts in this organization.");
    }


    static ApiError domainAlreadyAdded(String domain) {
        return ApiError.bad("The domain " + domain + " is already a part of your organization.");
    }

    static ApiError noSuchDomain(String domain) {
        return ApiError.bad("No entry found for domain " + domain + ".");
    }

    static ApiError invalidDomain(String problem) {
        return ApiError.bad("Invalid domain: " + problem);
    }
}
