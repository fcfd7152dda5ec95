package dev.stoa.invites;

import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.OrgEvent;
import dev.stoa.events.Recipients;
import dev.stoa.groups.GroupActions;
import dev.stoa.groups.GroupResolver;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.ErrorCode;
import dev.stoa.identity.User;
import dev.stoa.mail.Outbox;
import dev.stoa.realm.RealmHolder;
import dev.stoa.realmdomains.RealmDomainRules;
import dev.stoa.realmdomains.RealmDomainStore;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Creating, listing, revoking and resending invitations, Zulip's rules: who may invite (the realm's
 * can_invite_users_group, create_multiuse_invite_group for links), as which role, to which
 * channels and user groups. Each change is one transaction with its invitation mail (the outbox) and its
 * invites_changed event, which goes to the administrators and the invitation's creator.
 */
public final class InviteActions {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Db db;
    private final EventLog log;
    private final InviteStore store;
    private final UserStore users;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelAccess channelAccess;
    private final GroupResolver resolver;
    private final GroupActions groups;
    private final RealmHolder realm;
    private final Outbox outbox;
    private final InviteMail mail;
    private final Clock clock;

    public InviteActions(Db db, EventLog log, InviteStore store, UserStore users, ChannelStore channels, SubscriptionStore subs,
                         ChannelAccess channelAccess, GroupResolver resolver, GroupActions groups, RealmHolder realm, Outbox outbox, InviteMail mail, Clock clock) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.users = users;
        this.channels = channels;
        this.subs = subs;
        this.channelAccess = channelAccess;
        this.resolver = resolver;
        this.groups = groups;
        this.realm = realm;
        this.outbox = outbox;
        this.mail = mail;
        this.clock = clock;
    }

    /** What an invitation is to be: role, channels, groups, expiry (null: never), and the two flags. */
    public record Terms(int inviteAs, List<Long> streamIds, List<Long> groupIds, Long expiresInMinutes, boolean includeRealmDefaultSubscriptions,
                        boolean notifyReferrerOnJoin) {}

    /** An address skipped, Zulip's [email, reason, deactivated]. */
    public record Skipped(String email, String reason, boolean deactivated) {
        List<Object> json() { return List.of(email, reason, deactivated); }
    }

    /** POST /invites. The mail waits in the outbox when the server sends none (register's server_can_send_email). */
    public void checkInvite(User me, String emailsRaw, Terms t) {
        InviteRules.requireMemberOrAdmin(me);
        List<Skipped> skipped = db.write(tx -> {
            Handle h = tx.h();
            if (!resolver.isMember(h, me.id(), realm.get().get("can_invite_users_group"))) throw CommonErrors.insufficientPermission();
            InviteRules.checkRole(t.inviteAs(), me, InviteRules.adminRoleInvite(t.inviteAs()));
            if (emailsRaw.isEmpty()) throw InviteErrors.emailRequired();
            List<String> emails = InviteRules.parseEmails(emailsRaw);
            checkChannels(h, me, t.streamIds());
            checkGroups(tx, me, t.groupIds());
            Checked checked = validate(h, emails);
            long now = clock.instant().getEpochSecond();
            for (String email : checked.good()) {
                Invite i = store.insertAndGet(h, new Invite(0, false, email, newKey(), me.id(), t.inviteAs(), now,
                        expiry(now, t.expiresInMinutes()), t.includeRealmDefaultSubscriptions(), t.notifyReferrerOnJoin(), t.streamIds(), t.groupIds(), 0));
                outbox.enqueue(tx, mail.invitation(i, me));
            }
            announce(tx, List.of(me.id()));
            return checked.skipped();
        });
        if (!skipped.isEmpty()) {
            throw failed("Some of those addresses are already using Zulip, so we didn't send them an invitation."
                    + " We did send invitations to everyone else!", skipped, true);
        }
    }

    private record Checked(List<String> good, List<Skipped> skipped) {}

    /** The valid, new addresses and those skipped; refuses the whole request as Zulip does when one is invalid or none is new. */
    private Checked validate(Handle h, List<String> emails) {
        List<Skipped> errors = new ArrayList<>(), skipped = existing(h, emails);
        boolean restricted = realm.get().get("emails_restricted_to_domains").asBoolean(false);
        List<RealmDomainStore.Domain> domains = restricted ? domainsOf(h) : List.of();
        for (String e : emails) {
            if (!UserRules.isEmail(e)) errors.add(new Skipped(e, "Invalid address.", false));
            else if (restricted && e.substring(0, e.lastIndexOf('@')).contains("+")) errors.add(new Skipped(e, "Email addresses containing + are not allowed.", false));
            else if (restricted && !RealmDomainRules.allows(domains, e)) errors.add(new Skipped(e, "Outside your domain.", false));
        }
        if (!errors.isEmpty()) {
            List<Skipped> all = new ArrayList<>(errors);
            all.addAll(skipped.stream().filter(s -> errors.stream().noneMatch(x -> x.email().equals(s.email()))).toList());
            throw failed("Some emails did not validate, so we didn't send any invitations.", all, false);
        }
        if (skipped.size() == emails.size()) throw failed("We weren't able to invite anyone.", skipped, false);
        return new Checked(emails.stream().filter(e -> skipped.stream().noneMatch(s -> s.email().equals(e))).toList(), skipped);
    }

    private List<Skipped> existing(Handle h, List<String> emails) {
        List<Skipped> out = new ArrayList<>();
        for (String e : emails) {
            Optional<User> u = UserRules.isEmail(e) ? users.byEmail(h, e) : Optional.empty();
            if (u.isEmpty()) continue;
            out.add(u.get().isActive() ? new Skipped(e, "Already has an account.", false) : new Skipped(e, "Account has been deactivated.", true));
        }
        return out;
    }

    private List<RealmDomainStore.Domain> domainsOf(Handle h) {
        return new RealmDomainStore().all(h);
    }

    static ApiError failed(String msg, List<Skipped> skipped, boolean sent) {
        return ApiError.of(ErrorCode.INVITATION_FAILED, msg).with("errors", skipped.stream().map(Skipped::json).toList())
                .with("sent_invitations", sent).with("license_limit_reached", false).with("daily_limit_reached", false);
    }

    /** POST /invites/multiuse: the new link. */
    public String checkCreateLink(User me, Terms t, String externalUrl) {
        InviteRules.requireMemberOrAdmin(me);
        return db.write(tx -> {
            Handle h = tx.h();
            if (!resolver.isMember(h, me.id(), realm.get().get("create_multiuse_invite_group"))) throw CommonErrors.insufficientPermission();
            InviteRules.checkRole(t.inviteAs(), me, InviteRules.adminRoleInvite(t.inviteAs()));
            checkChannels(h, me, t.streamIds());
            checkGroups(tx, me, t.groupIds());
            long now = clock.instant().getEpochSecond();
            Invite i = store.insertAndGet(h, new Invite(0, true, null, newKey(), me.id(), t.inviteAs(), now, expiry(now, t.expiresInMinutes()),
                    t.includeRealmDefaultSubscriptions(), t.notifyReferrerOnJoin(), t.streamIds(), t.groupIds(), 0));
            announce(tx, List.of(me.id()));
            return i.url(externalUrl);
        });
    }

    /** What PATCH /invites/multiuse/{id} changes: each null part stays as it is. */
    public record LinkEdit(Integer inviteAs, List<Long> streamIds, List<Long> groupIds, Boolean includeRealmDefaultSubscriptions) {}

    /**
     * PATCH /invites/multiuse/{id}: a reusable link's role, channels, groups and default channels, checked
     * as creating such a link is (Zulip's open pull request 32830 for issue 22099); its key and expiry stay.
     */
    public void checkEditLink(User me, long id, LinkEdit e) {
        InviteRules.requireMemberOrAdmin(me);
        db.write(tx -> {
            Handle h = tx.h();
            if (!resolver.isMember(h, me.id(), realm.get().get("create_multiuse_invite_group"))) throw CommonErrors.insufficientPermission();
            Invite i = accessible(h, me, id, true);
            if (i.expired(clock.instant().getEpochSecond())) throw InviteErrors.invitationExpired();
            int role = e.inviteAs() != null ? e.inviteAs() : i.invitedAs();
            if (e.inviteAs() != null) InviteRules.checkRole(role, me, InviteRules.adminRoleInvite(role));
            if (e.streamIds() != null) checkChannels(h, me, e.streamIds());
            if (e.groupIds() != null) checkGroups(tx, me, e.groupIds());
            store.updateLink(h, new Invite(i.id(), true, null, i.key(), i.referredBy(), role, i.invitedAt(), i.expiresAt(),
                    e.includeRealmDefaultSubscriptions() != null ? e.includeRealmDefaultSubscriptions() : i.includeRealmDefaultSubscriptions(),
                    i.notifyReferrerOnJoin(), e.streamIds() != null ? e.streamIds() : i.streamIds(),
                    e.groupIds() != null ? e.groupIds() : i.groupIds(), i.status()));
            announce(tx, List.of(i.referredBy()));
            return null;
        });
    }

    /** Zulip's access_streams_for_invite: content access to each, and leave to subscribe others (default channels need none). */
    private void checkChannels(Handle h, User me, List<Long> ids) {
        List<Channel> found = new ArrayList<>();
        for (long id : ids) {
            try {
                found.add(channelAccess.checkContentAccess(h, me, id));
            } catch (ApiError e) {
                throw InviteErrors.invalidChannelNoInvitesSent(id);
            }
        }
        for (Channel c : found) {
            if (!channels.isDefault(h, c.id()) && !channelAccess.canAddSubscribers(h, me, c, subs.isSubscribed(h, me.id(), c.id()))) {
                throw InviteErrors.noPermissionToSubscribeOthers();
            }
        }
    }

    /**
     * Zulip's access_user_groups_for_invite: each group as for adding members to it by hand
     * (can_add_members_group or managing it; not a system group, not deactivated).
     */
    private void checkGroups(Tx tx, User me, List<Long> ids) {
        for (long id : ids) groups.requireCanAddMembers(tx, me, id);
    }

    /** GET /invites: administrators see every pending invitation, others their own. */
    public List<Invite> list(User me) {
        InviteRules.requireMemberOrAdmin(me);
        return db.read(h -> store.pending(h, me.isAdmin() ? null : me.id(), clock.instant().getEpochSecond()));
    }

    /** DELETE /invites/{id}. */
    public void checkRevoke(User me, long id) {
        InviteRules.requireMemberOrAdmin(me);
        db.write(tx -> {
            Invite i = accessible(tx.h(), me, id, false);
            store.setStatus(tx.h(), i.id(), Invite.REVOKED);
            announce(tx, List.of(i.referredBy()));
            return null;
        });
    }

    /** DELETE /invites/multiuse/{id}. */
    public void checkRevokeLink(User me, long id) {
        InviteRules.requireMemberOrAdmin(me);
        db.write(tx -> {
            Invite i = accessible(tx.h(), me, id, true);
            store.setStatus(tx.h(), i.id(), Invite.REVOKED);
            announce(tx, List.of(i.referredBy()));
            return null;
        });
    }

    /** POST /invites/{id}/resend: the same link mailed again (its expiry unchanged, as Zulip). */
    public void checkResend(User me, long id) {
        InviteRules.requireMemberOrAdmin(me);
        db.write(tx -> {
            Invite i = accessible(tx.h(), me, id, false);
            User referrer = users.byId(tx.h(), i.referredBy()).orElseThrow();
            outbox.enqueue(tx, mail.invitation(i, referrer));
            return null;
        });
    }

    /**
     * Zulip's access_invite_by_id / access_multiuse_invite_by_id: another's invitation needs an
     * administrator (an owner for an owner's). Stoa also refuses a used or revoked email invitation
     * ("No such invitation"): mailing a dead link again helps nobody.
     */
    private Invite accessible(Handle h, User me, long id, boolean multiuse) {
        Invite i = store.byId(h, id, multiuse).orElseThrow(() -> InviteErrors.noSuchInvitation());
        if (!multiuse && i.status() != Invite.PENDING) throw InviteErrors.noSuchInvitation();
        if (i.referredBy() != me.id()) InviteRules.checkRole(i.invitedAs(), me, true);
        if (multiuse && i.status() == Invite.REVOKED) throw InviteErrors.invitationAlreadyRevoked();
        return i;
    }

    /** invites_changed: the administrators and the creators of the invitations that changed (Zulip's notify_invites_changed). */
    void announce(Tx tx, Collection<Long> referrers) {
        LinkedHashSet<Long> ids = new LinkedHashSet<>(users.activeAdminIds(tx.h()));
        ids.addAll(referrers);
        log.append(tx, new OrgEvent.InvitesChanged(), Recipients.users(ids));
    }

    static Long expiry(long now, Long minutes) {
        return minutes == null ? null : now + minutes * 60;
    }

    private static String newKey() {
        byte[] b = new byte[18];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
