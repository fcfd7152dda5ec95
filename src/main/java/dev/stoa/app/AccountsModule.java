package dev.stoa.app;

import dev.stoa.accounts.AccountStore;
import dev.stoa.accounts.LoginNotices;
import dev.stoa.accounts.PasswordResetActions;
import dev.stoa.accounts.PasswordResetViews;

/** The account pages' mail: password reset links and new-login notices. */
final class AccountsModule implements Module {
    final PasswordResetActions passwordReset;
    final LoginNotices loginNotices;

    final PasswordResetViews passwordResetViews;

    AccountsModule(Core c, MailModule mail) {
        String url = c.config().externalUrl();
        this.passwordReset = new PasswordResetActions(c.db(), c.log(), c.users(), new AccountStore(), c.realm(), mail.outbox, c.clock(), url);
        this.loginNotices = new LoginNotices(c.db(), c.realm(), mail.outbox, c.clock(), url);
        this.passwordResetViews = new PasswordResetViews(passwordReset);
    }
}
