package dev.stoa.accounts;

import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.mail.Outbox;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.PasswordLogin;
import java.time.Clock;

/**
 * New-login notices (the user setting enable_login_emails): a mail for each password sign-in, on
 * the web or through fetch_api_key. As Zulip, none in the first minute of an account (its very
 * first sign-in is no news to its owner).
 */
public final class LoginNotices implements PasswordLogin.Listener {
    static final long JUST_CREATED_SECONDS = 60;

    private final Db db;
    private final RealmHolder realm;
    private final Outbox outbox;
    private final Clock clock;
    private final String externalUrl;

    public LoginNotices(Db db, RealmHolder realm, Outbox outbox, Clock clock, String externalUrl) {
        this.db = db;
        this.realm = realm;
        this.outbox = outbox;
        this.clock = clock;
        this.externalUrl = externalUrl;
    }

    @Override
    public void loggedIn(User u, String how) {
        long now = clock.instant().getEpochSecond();
        if (u.isBot() || now - u.dateJoined() < JUST_CREATED_SECONDS || !u.setting("enable_login_emails").asBoolean(true)) return;
        String org = realm.get().get("name").asText();
        String body = "Hi " + u.fullName() + ",\n\nYour account " + u.deliveryEmail() + " in " + org + " (" + externalUrl + ") was signed in to on "
                + PasswordResetActions.when(now) + " (" + how + ").\n\nIf this was you, there is nothing to do. If not, change your password now: "
                + externalUrl + "/accounts/password/reset/\n\nYou can turn these notices off in your settings (notifications).\n";
        db.write(tx -> outbox.enqueue(tx, new Outbox.Letter("login_notice", u.deliveryEmail(), "New login to " + org, body)));
    }
}
