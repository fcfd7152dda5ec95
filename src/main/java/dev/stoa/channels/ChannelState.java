package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import dev.stoa.identity.User;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * register's channel state: subscriptions, unsubscribed, never_subscribed, streams,
 * realm_default_streams, channel_folders. Four queries for every channel and subscription, then
 * per-channel visibility checks (group-setting lookups only for private channels).
 */
public final class ChannelState implements StateContributor {
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final FolderStore folders;
    private final ChannelAccess access;
    private final ChannelJson json;
    private final PartialSubscribers partial;

    public ChannelState(ChannelStore channels, SubscriptionStore subs, FolderStore folders, ChannelAccess access, ChannelJson json,
                        PartialSubscribers partial) {
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
        ArrayNode subscribed = Json.array(), unsubscribed = Json.array(), never = Json.array(), streams = Json.array();
        for (Channel c : channels.all(ctx.h())) {
            if (c.isArchived() && !archivedCap) continue;
            Subscription s = mine.get(c.id());
            boolean active = s != null && s.active();
            if (!access.canSeeMetadata(ctx.h(), me, c, active)) continue;
            int count = counts.getOrDefault(c.id(), 0);
            ObjectNode stream = json.stream(c, count);
            if (s == null && "false".equals(mode)) {
                // never_subscribed repeats the streams entry: written once, its bytes go out twice (a big realm's
                // 1,000 never-subscribed dicts were half the channel dicts the response wrote)
                JsonNode written = Json.raw(Json.bytes(stream));
                streams.add(written);
                never.add(written);
                continue;
            }
            streams.add(stream);
            ObjectNode o = s != null ? json.subscription(c, s, count) : stream.deepCopy();
            if (s != null && !nullCap) o = ChannelJson.resolved(o, me);
            if (!"false".equals(mode)) ChannelJson.putSubscribers(o, subscribers.getOrDefault(c.id(), List.of()), mode, kept);
            (s == null ? never : active ? subscribed : unsubscribed).add(o);
        }
        if (wanted == null || wanted.contains("subscription")) {
            state.set("subscriptions", subscribed);
            state.set("unsubscribed", unsubscribed);
            state.set("never_subscribed", never);
        }
        if (wanted == null || wanted.contains("stream")) state.set("streams", streams);
        if (wanted == null || wanted.contains("default_streams")) state.set("realm_default_streams", Json.tree(channels.defaultChannelIds(ctx.h())));
        if (wanted == null || wanted.contains("channel_folders") || wanted.contains("channel_folder")) {
            ArrayNode fs = Json.array();
            for (ChannelFolder f : folders.all(ctx.h())) fs.add(FolderActions.json(f));
            state.set("channel_folders", fs);
        }
    }
}
