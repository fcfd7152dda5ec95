package dev.stoa.channels;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.Json;
import java.util.List;
import java.util.Map;

/** The subscriptions the views read, each in a read transaction of its own. The view holds no database: reads go through here, writes through the actions. */
public final class SubscriptionQueries {
    private final Db db;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelJson json;
    private final PartialSubscribers partial;

    public SubscriptionQueries(Db db, ChannelStore channels, SubscriptionStore subs, ChannelJson json, PartialSubscribers partial) {
        this.db = db;
        this.channels = channels;
        this.subs = subs;
        this.json = json;
        this.partial = partial;
    }

    /** GET /users/me/subscriptions' answer; `mode` is include_subscribers (true, false, partial). */
    public ObjectNode subscriptions(long me, String mode) {
        return db.read(h -> {
            Map<Long, List<Long>> subscribers = "false".equals(mode) ? Map.of() : subs.allSubscribers(h);
            var kept = partial.lazily(h);
            ArrayNode out = Json.array();
            Map<Long, Channel> byId = channels.allById(h);
            Map<Long, Integer> counts = subs.counts(h);
            for (Subscription s : subs.ofUser(h, me)) {
                if (!s.active()) continue;
                Channel c = byId.get(s.channelId());
                ObjectNode o = json.subscription(c, s, counts.getOrDefault(c.id(), 0));
                if (!"false".equals(mode)) ChannelJson.putSubscribers(o, subscribers.getOrDefault(c.id(), List.of()), mode, kept);
                out.add(o);
            }
            ObjectNode r = Json.success();
            r.set("subscriptions", out);
            return r;
        });
    }
}
