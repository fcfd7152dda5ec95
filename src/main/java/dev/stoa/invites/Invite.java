package dev.stoa.invites;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;

/**
 * One invitation: an email invitation (email set, used once) or a reusable link (multiuse).
 * groupIds: the user groups the invitee joins on sign-up (not shown by GET /invites, as Zulip).
 */
public record Invite(long id, boolean multiuse, String email, String key, long referredBy, int invitedAs, long invitedAt,
                     Long expiresAt, boolean includeRealmDefaultSubscriptions, boolean notifyReferrerOnJoin,
                     List<Long> streamIds, List<Long> groupIds, int status) {
    public static final int PENDING = 0, USED = 1, REVOKED = 2;

    public boolean expired(long now) { return expiresAt != null && expiresAt <= now; }

    /** Usable now: pending and not expired. */
    public boolean usable(long now) { return status == PENDING && !expired(now); }

    /** The /join/ URL of this invitation. */
    public String url(String externalUrl) { return externalUrl + "/join/" + key + "/"; }

    /** GET /invites' Invite object. */
    public ObjectNode json(String externalUrl) {
        ObjectNode o = Json.object().put("id", id).put("invited_by_user_id", referredBy).put("invited", invitedAt);
        if (expiresAt == null) o.putNull("expiry_date");
        else o.put("expiry_date", expiresAt);
        o.put("invited_as", invitedAs).put("is_multiuse", multiuse);
        if (multiuse) {
            // What a reusable link's edit starts from (Zulip's open pull request 32830 adds them; the addendum says so).
            o.put("link_url", url(externalUrl)).put("include_realm_default_subscriptions", includeRealmDefaultSubscriptions);
            streamIds.forEach(o.putArray("stream_ids")::add);
            groupIds.forEach(o.putArray("group_ids")::add);
        }
        else o.put("email", email).put("notify_referrer_on_join", notifyReferrerOnJoin);
        return o;
    }
}
