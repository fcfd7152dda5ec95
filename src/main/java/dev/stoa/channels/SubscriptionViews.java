package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** GET/POST/DELETE /users/me/subscriptions. Property changes are in {@link SubscriptionPropertyViews}. */
public final class SubscriptionViews {
    private final SubscriptionQueries queries;
    private final SubscriptionActions actions;

    public SubscriptionViews(SubscriptionQueries queries, SubscriptionActions actions) {
        this.queries = queries;
        this.actions = actions;
    }

    static String includeSubscribers(Request req) {
        String v = req.str("include_subscribers", "false");
        if (!Set.of("true", "false", "partial").contains(v)) throw CommonErrors.invalidIncludeSubscribers();
        return v;
    }

    public Object list(Request req) {
        long me = req.user().id();
        String mode = includeSubscribers(req);
        return queries.subscriptions(me, mode);
    }

    public Object subscribe(Request req) {
        JsonNode list = req.jsonArray("subscriptions");
        if (list == null) throw ApiError.missing("subscriptions");
        boolean fatal = req.bool("authorization_errors_fatal", true);
        boolean announce = req.bool("announce", false);
        Map<String, String> wanted = new LinkedHashMap<>(); // name → description
        for (JsonNode s : list) {
            if (!s.isObject() || !s.path("name").isTextual()) throw ChannelErrors.subscriptionsIsNotDict(wanted.size());
            wanted.putIfAbsent(ChannelParams.name(s.get("name").textValue()),
                    ChannelParams.description(s.path("description").asText("")));
        }
        var in = new SubscriptionActions.SubscribeInput(wanted, ChannelCreateRules.parse(req), req.jsonArray("principals"), fatal, announce);
        var done = actions.checkSubscribe(req.user(), in);
        var r = done.result();
        ObjectNode out = Json.success();
        ObjectNode subscribed = out.putObject("subscribed"), already = out.putObject("already_subscribed");
        for (long u : done.userIds()) {
            if (r.subscribed().containsKey(u)) subscribed.set(String.valueOf(u), Json.tree(r.subscribed().get(u)));
            if (r.already().containsKey(u)) already.set(String.valueOf(u), Json.tree(r.already().get(u)));
        }
        if (!fatal) out.set("unauthorized", Json.tree(done.unauthorized()));
        return out;
    }

    public Object unsubscribe(Request req) {
        List<String> names = req.stringList("subscriptions");
        if (names == null) throw ApiError.missing("subscriptions");
        var r = actions.checkUnsubscribe(req.user(), names, req.jsonArray("principals"));
        Set<String> removed = new LinkedHashSet<>(), notRemoved = new LinkedHashSet<>();
        r.subscribed().values().forEach(removed::addAll);
        r.already().values().forEach(notRemoved::addAll);
        ObjectNode out = Json.success();
        out.set("removed", Json.tree(List.copyOf(removed)));
        out.set("not_removed", Json.tree(List.copyOf(notRemoved)));
        return out;
    }
}
