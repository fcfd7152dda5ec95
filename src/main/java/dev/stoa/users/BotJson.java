package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.identity.User;

/** A bot as realm_bot events, register's realm_bots and GET /bots show it to its owner and administrators. */
final class BotJson {
    private BotJson() {}

    static ObjectNode bot(User u, UserJson json, ArrayNode services) {
        ObjectNode b = Json.object();
        b.put("user_id", u.id());
        b.put("full_name", u.fullName());
        b.put("api_key", u.apiKey());
        b.putNull("default_sending_stream");
        b.putNull("default_events_register_stream");
        b.put("default_all_public_streams", false);
        b.put("avatar_url", json.avatarUrl(u, false));
        if (u.botOwnerId() == null) b.putNull("owner_id"); else b.put("owner_id", u.botOwnerId());
        b.set("services", services);
        b.put("email", u.deliveryEmail());
        b.put("bot_type", u.botType());
        b.put("is_active", u.isActive());
        return b;
    }
}
