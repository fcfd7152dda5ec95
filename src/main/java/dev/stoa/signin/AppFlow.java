package dev.stoa.signin;


/**
 * Where a sign-in ends, as Zulip's login views decide it: a browser session (then to {@code next}),
 * or one of the apps' flows, which open the sign-in in a browser with a one-time pad and get the
 * credentials back through it: the mobile app's {@code mobile_flow_otp} (the API key, XORed with
 * the pad, in a {@code zulip://login} redirect) and the desktop app's {@code desktop_flow_otp} (a
 * one-time login token, AES-GCM-encrypted with the pad, pasted into the app).
 */
public sealed interface AppFlow {
    /** Zulip's API_KEY_LENGTH × 2: the pad is 32 bytes written as 64 hex digits. */
    int OTP_HEX_LENGTH = 64;

    record Browser(String next) implements AppFlow {}

    record Mobile(String otp) implements AppFlow {}

    record Desktop(String otp) implements AppFlow {}

    /** Zulip's validate_otp_params, then the flow the parameters ask for; {@code next} is made safe (this site's paths only). */
    static AppFlow of(String mobileOtp, String desktopOtp, String next) {
        for (String otp : new String[] {mobileOtp, desktopOtp}) {
            if (otp != null && !isValidOtp(otp)) throw SigninErrors.invalidOtp();
        }
        if (mobileOtp != null && desktopOtp != null) throw SigninErrors.bothFlowOtps();
        if (mobileOtp != null) return new Mobile(mobileOtp);
        if (desktopOtp != null) return new Desktop(desktopOtp);
        return new Browser(safeNext(next));
    }

    static boolean isValidOtp(String otp) {
        if (otp.length() != OTP_HEX_LENGTH) return false;
        for (int i = 0; i < otp.length(); i++) if (Character.digit(otp.charAt(i), 16) < 0) return false;
        return true;
    }

    /**
     * A path on this site, else "/" (Zulip's get_safe_redirect_to): never another host, so a sign-in
     * link cannot send a person elsewhere afterwards.
     */
    static String safeNext(String next) {
        if (next == null || !next.startsWith("/") || next.startsWith("//") || next.indexOf('\\') >= 0) return "/";
        for (int i = 0; i < next.length(); i++) if (next.charAt(i) < 0x20) return "/";
        return next;
    }
}
