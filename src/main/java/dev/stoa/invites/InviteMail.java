package dev.stoa.invites;

import dev.stoa.identity.User;
import dev.stoa.mail.Outbox;
import dev.stoa.realm.RealmHolder;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The invitation email's text. */
public final class InviteMail {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MMMM d, yyyy 'at' HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private final RealmHolder realm;
    private final String externalUrl;

    public InviteMail(RealmHolder realm, String externalUrl) {
        this.realm = realm;
        this.externalUrl = externalUrl;
    }

    Outbox.Letter invitation(Invite i, User referrer) {
        String org = realm.get().get("name").asText();
        String body = "Hi,\n\n" + referrer.fullName() + " (" + referrer.deliveryEmail() + ") has invited you to join " + org
                + ", a team chat at " + externalUrl + ".\n\nTo create your account, open this link:\n" + i.url(externalUrl) + "\n\n"
                + (i.expiresAt() == null ? "This invitation does not expire." : "This invitation expires on " + WHEN.format(Instant.ofEpochSecond(i.expiresAt())) + ".")
                + "\n\nIf you did not expect this invitation, you can ignore this email.\n";
        return new Outbox.Letter("invitation", i.email(), referrer.fullName() + " invited you to join " + org, body);
    }
}
