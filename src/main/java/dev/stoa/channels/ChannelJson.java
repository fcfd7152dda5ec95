package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.render.MessageRenderer;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The API shapes of a channel: BasicChannel (GET /streams, stream events), and Subscription
 * (the channel plus the user's own settings). Computed fields (is_recently_active,
 * stream_weekly_traffic, stream_post_policy) are derived here.
 */
public final class ChannelJson {
    /** Zulip's subscription color palette, assigned in turn. */
    static final List<String> COLORS = List.of("#76ce90", "#fae589", "#a6c7e5", "#e79ab5", "#bfd56f", "#f4ae55",
            "#b0a5fd", "#addfe5", "#f5ce6e", "#c2726a", "#94c849", "#bd86e5", "#ee7e4a", "#a6dcbf", "#95a5fd",
            "#53a063", "#9987e1", "#e4523d", "#c2c2c2", "#4f8de4", "#c6a8ad", "#e7cc4d", "#c8bebf", "#a47462");

    static final List<String> NOTIFICATION_SETTINGS = List.of("desktop_notifications", "audible_notifications",
            "push_notifications", "email_notifications", "wildcard_mentions_notify");

    /** The user setting each subscription notification setting inherits when null. */
    static final Map<String, String> USER_DEFAULTS = Map.of(
            "desktop_notifications", "enable_stream_desktop_notifications",
            "audible_notifications", "enable_stream_audible_notifications",
            "push_notifications", "enable_stream_push_notifications",
            "email_notifications", "enable_stream_email_notifications",
            "wildcard_mentions_notify", "wildcard_mentions_notify");

    static final long DAY = 86_400;
    /** A channel with no message for this long stops being recently active (Zulip: 180 days). */
    static final long RECENTLY_ACTIVE_SECS = 180 * DAY;

    private final Clock clock;
    private final RealmHolder realm;
    private final MessageRenderer renderer;

    private final ChannelActivity activity;

    public ChannelJson(Clock clock, RealmHolder realm, ChannelActivity activity, MessageRenderer renderer) {
        this.activity = activity;
        this.clock = clock;
        this.realm = realm;
        this.renderer = renderer;
    }

    /**
     * BasicChannel: every field of the seed's Channel table except the per-user ones, and Zulip's
     * subscriber_count (level 394: active subscribers who are active users; clients keep it current
     * from peer_add and peer_remove, as Zulip's web client does).
     */
    public ObjectNode stream(Channel c, int subscriberCount) {
        ObjectNode o = Json.object();
        o.put("stream_id", c.id());
        o.put("subscriber_count", subscriberCount);
        o.put("name", c.name());
        o.put("description", c.description());
        o.put("rendered_description", c.renderedDescription());
        o.put("date_created", c.dateCreated());
        putNullable(o, "creator_id", c.creatorId());
        o.put("invite_only", c.inviteOnly());
        o.put("is_web_public", c.isWebPublic());
        int postPolicy = streamPostPolicy(c);
        o.put("stream_post_policy", postPolicy);
        o.put("is_announcement_only", postPolicy == 2);
        if (c.messageRetentionDays() == null) o.putNull("message_retention_days"); else o.put("message_retention_days", c.messageRetentionDays());
        o.put("history_public_to_subscribers", c.historyPublicToSubscribers());
        putNullable(o, "first_message_id", c.firstMessageId());
        putNullable(o, "folder_id", c.folderId());
        o.put("topics_policy", c.topicsPolicy());
        o.put("is_archived", c.isArchived());
        o.put("is_recently_active", isRecentlyActive(c));
        Long traffic = weeklyTraffic(c);
        putNullable(o, "stream_weekly_traffic", traffic);
        for (String s : GroupSettings.CHANNEL_SETTINGS) o.set(s, c.setting(s).deepCopy());
        return o;
    }

    /** A Subscription object; notification settings stay null when inherited. */
    public ObjectNode subscription(Channel c, Subscription s, int subscriberCount) {
        ObjectNode o = stream(c, subscriberCount);
        o.put("color", s.color());
        o.put("is_muted", s.isMuted());
        o.put("in_home_view", !s.isMuted());
        o.put("pin_to_top", s.pinToTop());
        putNullable(o, "desktop_notifications", s.desktopNotifications());
        putNullable(o, "audible_notifications", s.audibleNotifications());
        putNullable(o, "push_notifications", s.pushNotifications());
        putNullable(o, "email_notifications", s.emailNotifications());
        putNullable(o, "wildcard_mentions_notify", s.wildcardMentionsNotify());
        return o;
    }

    /** A copy of a Subscription object with null notification settings replaced by the user's defaults. */
    public static ObjectNode resolved(ObjectNode sub, User user) {
        ObjectNode o = sub.deepCopy();
        for (String k : NOTIFICATION_SETTINGS) {
            if (o.path(k).isNull()) o.set(k, user.setting(USER_DEFAULTS.get(k)));
        }
        return o;
    }

    /** Adds subscribers (include_subscribers true) or partial_subscribers (partial, large channels: those of {@code kept}). */
    public static void putSubscribers(ObjectNode o, List<Long> subscribers, String mode, Supplier<Set<Long>> kept) {
        ArrayNode ids = Json.array();
        if (PartialSubscribers.trims(mode, subscribers.size())) {
            Set<Long> keep = kept.get();
            for (long id : subscribers) if (keep.contains(id)) ids.add(id);
            o.set("partial_subscribers", ids);
            return;
        }
        for (long id : subscribers) ids.add(id);
        o.set("subscribers", ids);
    }

    /** The deprecated stream_post_policy, derived from can_send_message_group as Zulip does. */
    int streamPostPolicy(Channel c) {
        JsonNode v = c.setting("can_send_message_group");
        if (v == null || !v.isIntegralNumber()) return 1;
        long g = v.longValue();
        if (g == realm.systemGroups().getOrDefault("role:administrators", -1L)) return 2;
        if (g == realm.systemGroups().getOrDefault("role:fullmembers", -1L)) return 3;
        if (g == realm.systemGroups().getOrDefault("role:moderators", -1L)) return 4;
        return 1;
    }

    /** Recently active: created, or with a message, in the last 180 days (traffic as of the daily computation). */
    boolean isRecentlyActive(Channel c) {
        long now = clock.instant().getEpochSecond();
        ChannelStore.Traffic t = activity.of(c.id());
        return now - c.dateCreated() < RECENTLY_ACTIVE_SECS || (t != null && now - t.lastMessageAt() < RECENTLY_ACTIVE_SECS);
    }

    /** Null while the channel is younger than a week (too new to estimate), else the average weekly messages over four weeks. */
    Long weeklyTraffic(Channel c) {
        if (clock.instant().getEpochSecond() - c.dateCreated() < 7 * DAY) return null;
        ChannelStore.Traffic t = activity.of(c.id());
        return t == null ? 0L : Math.round(t.recent() / 4.0);
    }

    static void putNullable(ObjectNode o, String k, Long v) {
        if (v == null) o.putNull(k); else o.put(k, v);
    }

    static void putNullable(ObjectNode o, String k, Boolean v) {
        if (v == null) o.putNull(k); else o.put(k, v);
    }

    /** A channel's or folder's description as HTML, rendered like a message without a sender. */
    public String renderDescription(String description) {
        return description.isEmpty() ? "" : renderer.render(null, description).html();
    }
}
