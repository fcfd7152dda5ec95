package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The caller's own per-channel settings: PATCH /users/me/subscriptions/{stream_id} (one property)
 * and POST /users/me/subscriptions/properties (several, all or nothing). A mute change emits two
 * subscription update events, is_muted and its inverse in_home_view.
 */
public final class SubscriptionPropertyViews {
    private static final Pattern COLOR = Pattern.compile("^#([a-fA-F0-9]{3}|[a-fA-F0-9]{6})$");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final ChannelUpdateActions updates;

    public SubscriptionPropertyViews(ChannelUpdateActions updates) {
        this.updates = updates;
    }

    public Object one(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        String property = req.str("property");
        String raw = req.str("value");
        JsonNode parsed = Json.parseOrNull(raw);
        JsonNode value = parsed != null && (parsed.isBoolean() || parsed.isTextual()) ? parsed : F.textNode(raw);
        var change = change(property, value, id);
        updates.checkSetSubscriptionProperties(me, List.of(change));
        return Json.success();
    }

    public Object bulk(Request req) {
        User me = req.user();
        JsonNode data = req.jsonArray("subscription_data");
        if (data == null) throw ApiError.missing("subscription_data");
        List<ChannelUpdateActions.SubChange> changes = new ArrayList<>();
        for (JsonNode d : data) {
            if (!d.isObject()) throw ChannelErrors.subscriptionDataIsNotDict(changes.size());
            if (!d.path("stream_id").isIntegralNumber()) throw ChannelErrors.missingStreamIdArgument();
            if (!d.path("property").isTextual()) throw ChannelErrors.missingPropertyArgument();
            if (!d.has("value")) throw ChannelErrors.missingValueArgument();
            changes.add(change(d.get("property").textValue(), d.get("value"), d.get("stream_id").longValue()));
        }
        updates.checkSetSubscriptionProperties(me, changes);
        return Json.success();
    }

    static ChannelUpdateActions.SubChange change(String property, JsonNode value, long channelId) {
        switch (property) {
            case "color" -> {
                if (!value.isTextual()) throw ChannelErrors.colorIsNotString();
                if (!COLOR.matcher(value.textValue()).matches()) throw ChannelErrors.colorIsNotValidHexColorCode();
                return new ChannelUpdateActions.SubChange(channelId, "color", value.textValue(), List.of("color"), List.of(value));
            }
            case "is_muted", "in_home_view" -> {
                boolean v = bool(property, value);
                boolean muted = property.equals("is_muted") ? v : !v;
                return new ChannelUpdateActions.SubChange(channelId, "is_muted", muted, List.of("is_muted", "in_home_view"),
                        List.of(F.booleanNode(muted), F.booleanNode(!muted)));
            }
            case "pin_to_top", "desktop_notifications", "audible_notifications", "push_notifications", "email_notifications",
                 "wildcard_mentions_notify" -> {
                boolean v = bool(property, value);
                return new ChannelUpdateActions.SubChange(channelId, property, v, List.of(property), List.of(F.booleanNode(v)));
            }
            default -> throw ChannelErrors.unknownSubscriptionProperty(property);
        }
    }

    private static boolean bool(String property, JsonNode value) {
        if (!value.isBoolean()) throw CommonErrors.notABoolean(property);
        return value.booleanValue();
    }
}
