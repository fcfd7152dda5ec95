package dev.stoa.invites;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * POST/GET /invites, POST /invites/multiuse, DELETE /invites/{invite_id}, POST
 * /invites/{invite_id}/resend, PATCH and DELETE /invites/multiuse/{invite_id}. As Zulip, guests and bots
 * are refused before the parameters are read. Without outgoing mail configured the invitation emails
 * wait in the outbox; a success still has an empty msg (register's server_can_send_email tells clients).
 */
public final class InviteViews {
    private final InviteActions actions;
    private final String externalUrl;

    public InviteViews(InviteActions actions, String externalUrl) {
        this.actions = actions;
        this.externalUrl = externalUrl;
    }

    public Object invite(Request req) {
        User me = req.user();
        InviteRules.requireMemberOrAdmin(me);
        String emails = req.str("invitee_emails");
        List<Long> streamIds = req.longList("stream_ids");
        if (streamIds == null) throw ApiError.missing("stream_ids");
        actions.checkInvite(me, emails, terms(req, streamIds));
        return Json.success();
    }

    public Object createLink(Request req) {
        User me = req.user();
        InviteRules.requireMemberOrAdmin(me);
        List<Long> streamIds = req.longList("stream_ids");
        ObjectNode out = Json.success();
        out.put("invite_link", actions.checkCreateLink(me, terms(req, streamIds == null ? List.of() : streamIds), externalUrl));
        return out;
    }

    private static InviteActions.Terms terms(Request req, List<Long> streamIds) {
        int inviteAs = InviteRules.checkInviteAs(req.lng("invite_as", 400));
        Long expires = InviteRules.DEFAULT_EXPIRY_MINUTES;
        String raw = req.raw("invite_expires_in_minutes");
        if (raw != null) expires = raw.strip().equals("null") ? null : InviteRules.checkExpiry(req.lng("invite_expires_in_minutes"));
        List<Long> groupIds = req.longList("group_ids");
        return new InviteActions.Terms(inviteAs, distinct(streamIds), groupIds == null ? List.of() : distinct(groupIds), expires,
                req.bool("include_realm_default_subscriptions", false), req.bool("notify_referrer_on_join", true));
    }

    public Object list(Request req) {
        ObjectNode out = Json.success();
        ArrayNode invites = out.putArray("invites");
        actions.list(req.user()).forEach(i -> invites.add(i.json(externalUrl)));
        return out;
    }

    public Object revoke(Request req) {
        InviteRules.requireMemberOrAdmin(req.user());
        actions.checkRevoke(req.user(), req.pathLong("invite_id"));
        return Json.success();
    }

    public Object revokeLink(Request req) {
        InviteRules.requireMemberOrAdmin(req.user());
        actions.checkRevokeLink(req.user(), req.pathLong("invite_id"));
        return Json.success();
    }

    public Object resend(Request req) {
        InviteRules.requireMemberOrAdmin(req.user());
        actions.checkResend(req.user(), req.pathLong("invite_id"));
        return Json.success();
    }

    public Object editLink(Request req) {
        InviteRules.requireMemberOrAdmin(req.user());
        long id = req.pathLong("invite_id");
        String role = req.raw("invite_as");
        Integer inviteAs = role == null ? null : InviteRules.checkInviteAs(req.lng("invite_as"));
        List<Long> streams = req.longList("stream_ids"), groups = req.longList("group_ids");
        String defaults = req.raw("include_realm_default_subscriptions");
        actions.checkEditLink(req.user(), id, new InviteActions.LinkEdit(inviteAs, streams == null ? null : distinct(streams),
                groups == null ? null : distinct(groups), defaults == null ? null : req.bool("include_realm_default_subscriptions", false)));
        return Json.success();
    }

    private static List<Long> distinct(List<Long> ids) {
        return List.copyOf(new LinkedHashSet<>(ids));
    }
}
