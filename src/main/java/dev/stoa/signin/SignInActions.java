package dev.stoa.signin;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.sessions.SessionActions;
import dev.stoa.sessions.SessionKeys;
import dev.stoa.users.Passwords;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * The one end of every sign-in method (password, LDAP, OpenID Connect, GitHub, SAML): the person
 * was identified, so the account must still be allowed in (UserRules.checkCanSignIn: a deactivated
 * organization or account is refused here, whatever the method), and then gets what the flow asks
 * for: a web session, the mobile app's zulip:// redirect or the desktop app's login token.
 */
public final class SignInActions {
    /** Zulip's ExternalAuthResult.LOGIN_KEY_EXPIRATION_SECONDS: the desktop app redeems its token at once. */
    static final long LOGIN_TOKEN_SECONDS = 15;

    private final Db db;
    private final UserStore users;
    private final SessionActions sessions;
    private final LoginTokenStore tokens;
    private final RealmHolder realm;
    private final Clock clock;
    private final String realmUrl;

    public SignInActions(Db db, UserStore users, SessionActions sessions, LoginTokenStore tokens, RealmHolder realm, Clock clock,
                         String realmUrl) {
        this.db = db;
        this.users = users;
        this.sessions = sessions;
        this.tokens = tokens;
        this.realm = realm;
        this.clock = clock;
        this.realmUrl = realmUrl;
    }

    /** A browser session; the browser's previous one ({@code previousKey}) ends with it. */
    public SessionActions.NewSession doBrowser(User u, String previousKey) {
        UserRules.checkCanSignIn(realm.get(), u);
        return sessions.doLogin(u, previousKey);
    }

    /**
     * The mobile flow's redirect (Zulip's create_response_for_otp_flow): the API key encrypted with
     * the app's pad, the delivery email, the user id and the realm URL. No session is opened.
     */
    public String doMobile(User u, String otp) {
        UserRules.checkCanSignIn(realm.get(), u);
        return "zulip://login?otp_encrypted_api_key=" + OtpCrypto.encryptApiKey(u.apiKey(), otp) + "&email=" + enc(u.deliveryEmail())
                + "&user_id=" + u.id() + "&realm=" + enc(realmUrl);
    }

    /** The desktop flow's data: a one-time login token, valid for seconds, encrypted with the app's pad. */
    public String doDesktop(User u, String otp) {
        UserRules.checkCanSignIn(realm.get(), u);
        String token = Passwords.newApiKey(); // Zulip's tokens have an API key's format
        long expires = clock.instant().getEpochSecond() + LOGIN_TOKEN_SECONDS;
        db.write(tx -> {
            tokens.insert(tx.h(), SessionKeys.sha256(token), u.id(), expires);
            return null;
        });
        return OtpCrypto.encryptDesktopToken(token, otp);
    }

    /** GET /accounts/login/subdomain/{token}: the desktop app's token → a session (Zulip's log_into_subdomain). Works once. */
    public Redeemed doRedeem(String token, String previousKey) {
        if (!isTokenFormat(token)) throw SigninErrors.malformedLoginToken();
        long now = clock.instant().getEpochSecond();
        User u = db.write(tx -> tokens.take(tx.h(), SessionKeys.sha256(token), now).flatMap(id -> users.byId(tx.h(), id)).orElse(null));
        if (u == null) throw SigninErrors.invalidOrExpiredLoginToken();
        return new Redeemed(u, doBrowser(u, previousKey));
    }

    public record Redeemed(User user, SessionActions.NewSession session) {}

    /** The collector's pass: spent-by-time tokens leave the table. */
    public void doPurgeExpired() {
        long now = clock.instant().getEpochSecond();
        db.write(tx -> tokens.deleteExpired(tx.h(), now));
    }

    private static boolean isTokenFormat(String t) {
        if (t.length() != 32) return false;
        for (int i = 0; i < t.length(); i++) if (!Character.isLetterOrDigit(t.charAt(i)) || t.charAt(i) > 'z') return false;
        return true;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
