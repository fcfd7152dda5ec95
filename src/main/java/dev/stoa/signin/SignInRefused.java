package dev.stoa.signin;

/** A redirect-based sign-in refused, with a reason safe to log and to show (never a code, token or assertion). */
public final class SignInRefused extends Exception {
    public SignInRefused(String reason) {
        super(reason);
    }
}
