package dev.stoa.invites;

import dev.stoa.http.CommonErrors;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Zulip's invitation rules that need no database: who may invite as what, and the address list. */
public final class InviteRules {
    private static final Pattern NAMED = Pattern.compile("<(.*)>");
    /** INVITATION_LINK_VALIDITY_DAYS (10) in minutes, Zulip's default expiry. */
    public static final long DEFAULT_EXPIRY_MINUTES = 10 * 24 * 60;
    /** Longer than any real invitation; keeps the expiry's arithmetic far from overflow. */
    static final long MAX_EXPIRY_MINUTES = 100L * 366 * 24 * 60;

    private InviteRules() {}

    /** Zulip's require_member_or_admin, checked before the parameters are read. */
    public static void requireMemberOrAdmin(User me) {
        if (me.isGuest()) throw CommonErrors.notAllowedForGuestUsers();
        if (me.isBot()) throw CommonErrors.endpointDoesNotAcceptBotRequests();
    }

    /** invite_as must be one of the roles. */
    public static int checkInviteAs(long inviteAs) {
        if (Role.of((int) inviteAs).isEmpty() || inviteAs != (int) inviteAs) throw InviteErrors.invalidInviteAs();
        return (int) inviteAs;
    }

    /**
     * Zulip's check_role_based_permissions: only owners invite (or manage invitations of) owners;
     * `requireAdmin` for inviting administrators and moderators and for another's invitation.
     */
    static void checkRole(int invitedAs, User me, boolean requireAdmin) {
        if (invitedAs == Role.OWNER.code && !me.isOwner()) throw CommonErrors.mustBeOrganizationOwner();
        if (requireAdmin && !me.isAdmin()) throw InviteErrors.mustBeAdministrator();
    }

    static boolean adminRoleInvite(int invitedAs) {
        return invitedAs == Role.OWNER.code || invitedAs == Role.ADMINISTRATOR.code || invitedAs == Role.MODERATOR.code;
    }

    /** invitee_emails: separated by commas or newlines, each optionally "Name <address>"; duplicates once. */
    public static List<String> parseEmails(String raw) {
        Set<String> out = new LinkedHashSet<>();
        for (String part : raw.split("[,\n]", -1)) {
            Matcher m = NAMED.matcher(part);
            out.add((m.find() ? m.group(1) : part).strip());
        }
        return List.copyOf(out);
    }

    /** invite_expires_in_minutes: null never expires. */
    public static Long checkExpiry(Long minutes) {
        if (minutes != null && (minutes <= 0 || minutes > MAX_EXPIRY_MINUTES)) throw InviteErrors.invalidInviteExpiresInMinutes();
        return minutes;
    }
}
