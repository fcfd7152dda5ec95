package dev.stoa.queues;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The seed renames Zulip's extra emoji type (`service_extra_emoji` for `zulip_extra_emoji`). Stoa
 * sends the seed's name by default and Zulip's to the clients built for Zulip's server: those whose
 * client name, as Zulip's server reads it from the User-Agent ("ZulipFlutter/30.0 (Android 14)" is
 * ZulipFlutter), starts with "Zulip" (the Flutter and React Native apps, the desktop app, the terminal,
 * Zulip's API bindings). The official mobile app's enum knows only Zulip's name and fails a whole
 * message list, or a whole /events batch, on the other. Both names are accepted on input.
 */
public final class ZulipNames {
    public static final String SEED_EXTRA = "service_extra_emoji";
    public static final String ZULIP_EXTRA = "zulip_extra_emoji";

    private ZulipNames() {}

    /** Whether a client of this name (Request.clientName, QueueSpec.client) gets Zulip's names. */
    public static boolean wanted(String clientName) {
        return clientName != null && clientName.regionMatches(true, 0, "Zulip", 0, 5);
    }

    /** A stored reaction type (either name) as this client reads it. */
    public static String reactionType(String type, boolean zulip) {
        if (SEED_EXTRA.equals(type) || ZULIP_EXTRA.equals(type)) return zulip ? ZULIP_EXTRA : SEED_EXTRA;
        return type;
    }

    /** Renames the reaction_type of an object (a reaction, a status) in place. */
    public static void rename(JsonNode emoji, boolean zulip) {
        if (emoji instanceof ObjectNode o && o.get("reaction_type") != null && o.get("reaction_type").isTextual()) {
            o.put("reaction_type", reactionType(o.get("reaction_type").asText(), zulip));
        }
    }

    /** Renames every reaction of every message in a list (GET /messages). */
    public static void renameReactions(JsonNode messages, boolean zulip) {
        for (JsonNode m : messages) for (JsonNode r : m.path("reactions")) rename(r, zulip);
    }
}
