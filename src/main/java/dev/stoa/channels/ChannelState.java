package dev.stoa.channels;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import dev.stoa.identity.User;
import dev.stoa.users.UserCache;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * register's channel state: subscriptions, unsubscribed, never_subscribed, streams,
 * realm_default_streams, channel_folders. The channels and their dicts from {@link ChannelDicts}, three
 * queries for subscriptions, then per-channel visibility checks (group-setting lookups only for private channels).
 */
public final class ChannelState implements StateContributor {
    private static final byte[] OPEN = {'['}, CLOSE = {']'}, COMMA = {','};
    private final ChannelStore channels;
    private final ChannelDicts dicts;
    private final SubscriptionStore subs;
    private final FolderStore folders;
    private final ChannelAccess access;
    private final ChannelJson json;
    private final PartialSubscribers partial;

    public ChannelState(ChannelStore channels, ChannelDicts dicts, SubscriptionStore subs, FolderStore folders, ChannelAccess access,
                        ChannelJson json, PartialSubscribers partial) {
        this.dicts = dicts;
        this.partial = partial;
        this.channels = channels;
        this.subs = subs;
        this.folders = folders;
        this.access = access;
        this.json = json;
    }

    @Override
    public Set<String> eventTypes() {
        return Set.of("subscription", "stream", "default_streams", "channel_folders", "channel_folder");
    }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        User me = ctx.viewer();
        Set<String> wanted = ctx.options().spec().eventTypes();
        boolean archivedCap = ctx.options().can("archived_channels"), nullCap = ctx.options().can("notification_settings_null");
        String mode = me == null ? "false" : ctx.options().includeSubscribers();
        Map<Long, List<Long>> subscribers = "false".equals(mode) ? Map.of() : subs.allSubscribers(ctx.h());
        var kept = partial.lazily(ctx.h());
        Map<Long, Integer> counts = subs.counts(ctx.h());
        Map<Long, Subscription> mine = new HashMap<>();
        if (me != null) for (Subscription s : subs.ofUser(ctx.h(), me.id())) mine.put(s.channelId(), s);
        boolean plain = "false".equals(mode);
        // the BasicChannel dicts are written from ChannelDicts' pieces (streams, and never_subscribed without subscribers)
        UserCache.Utf8 streams = new UserCache.Utf8(1 << 16).add(OPEN), plainNever = new UserCache.Utf8(1 << 16).add(OPEN);
        ArrayNode subscribed = Json.array(), unsubscribed = Json.array(), never = Json.array();
        for (ChannelDicts.Entry e : dicts.channels(ctx.h())) {
            Channel c = e.channel();
            if (c.isArchived() && !archivedCap) continue;
            Subscription s = mine.get(c.id());
            boolean active = s != null && s.active();
            if (!access.canSeeMetadata(ctx.h(), me, c, active)) continue;
            int count = counts.getOrDefault(c.id(), 0);
            dicts.write(comma(streams), e, count);
            if (s == null && plain) {
                dicts.write(comma(plainNever), e, count);
                continue;
            }
            ObjectNode o = s != null ? json.subscription(c, s, count) : json.stream(c, count);
            if (s != null && !nullCap) o = ChannelJson.resolved(o, me);
            if (!plain) ChannelJson.putSubscribers(o, subscribers.getOrDefault(c.id(), List.of()), mode, kept);
            (s == null ? never : active ? subscribed : unsubscribed).add(o);
        }
        if (wanted == null || wanted.contains("subscription")) {
            state.set("subscriptions", subscribed);
            state.set("unsubscribed", unsubscribed);
            state.set("never_subscribed", plain ? Json.raw(plainNever.add(CLOSE).toArray()) : never);
        }
        if (wanted == null || wanted.contains("stream")) state.set("streams", Json.raw(streams.add(CLOSE).toArray()));
        if (wanted == null || wanted.contains("default_streams")) state.set("realm_default_streams", Json.tree(channels.defaultChannelIds(ctx.h())));
        if (wanted == null || wanted.contains("channel_folders") || wanted.contains("channel_folder")) {
            ArrayNode fs = Json.array();
            for (ChannelFolder f : folders.all(ctx.h())) fs.add(FolderActions.json(f));
            state.set("channel_folders", fs);
        }
    }

    /** The array with a comma when it holds an element already. */
    private static UserCache.Utf8 comma(UserCache.Utf8 array) {
        return array.size() > 1 ? array.add(COMMA) : array;
    }
}
