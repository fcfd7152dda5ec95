package dev.stoa.emoji;

import dev.stoa.events.EventType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.Delivery;
import java.util.Map;
import dev.stoa.queues.StateContributor;
import java.util.List;
import java.util.Set;

/**
 * register's realm_emoji (every custom emoji, deactivated included, keyed by id) and how
 * realm_emoji events reach each queue: the one emoji (ops add/edit; Zulip's update_one to Zulip's apps) with the
 * individual_emoji_changes capability, otherwise the legacy op update with the whole dict.
 */
public final class EmojiState implements StateContributor {
    private final EmojiStore store;

    public EmojiState(EmojiStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm_emoji"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("realm_emoji", dict(store.all(ctx.h())));
    }

    static ObjectNode dict(List<EmojiRow> rows) {
        ObjectNode d = Json.object();
        rows.forEach(r -> d.set(String.valueOf(r.id()), r.toJson()));
        return d;
    }

    /**
     * Zulip's server names a change of one emoji (its deactivation, the only change there is) op
     * `update_one` with `emoji_id` and the changed `data` (the mobile app knows only that op); the seed
     * calls it `edit` with the emoji. Zulip's op goes to the clients that get Zulip's names (ZulipNames).
     */
    private static ObjectNode zulipOp(ObjectNode e) {
        if (!"edit".equals(e.path("op").asText())) return e;
        ObjectNode z = Json.object();
        z.put("type", "realm_emoji").put("op", "update_one").put("emoji_id", e.path("emoji").path("id").asText());
        z.putObject("data").put("deactivated", e.path("emoji").path("deactivated").asBoolean());
        return z;
    }

    public static Map<EventType, Delivery.TypeRule> rules() {
        return Map.of(EventType.REALM_EMOJI, (e, hints, spec, userId) -> {
            if (spec.can("individual_emoji_changes")) return List.of(spec.zulipNames() ? zulipOp(e) : e);
            ObjectNode legacy = Json.object();
            legacy.put("type", "realm_emoji");
            legacy.put("op", "update");
            legacy.set("realm_emoji", hints.realmEmoji().deepCopy());
            return List.of(legacy);
        });
    }
}
