package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.QueueSpec;
import java.util.List;

/**
 * realm_user events as each recipient may see them: the stored person carries the real email;
 * delivery hides delivery_email from viewers the target's email_address_visibility excludes, and
 * renders avatar_url as register does for the queue's client_gravatar and capabilities.
 */
public final class UserDelivery {
    private final Db db;
    private final UserStore store;

    public UserDelivery(Db db, UserStore store) {
        this.db = db;
        this.store = store;
    }

    public void register(Delivery delivery) {
        delivery.rule("realm_user", this::realmUser);
    }

    private List<ObjectNode> realmUser(ObjectNode e, QueueSpec spec, Long viewerId) {
        if (!(e.get("person") instanceof ObjectNode person) || !person.has("user_id")) return List.of(e);
        if (!person.has("delivery_email") && !person.has("avatar_url")) return List.of(e);
        User target = db.read(h -> store.byId(h, person.get("user_id").asLong()).orElse(null));
        User viewer = viewerId == null ? null : db.read(h -> store.byId(h, viewerId).orElse(null));
        if (target == null) return List.of(e);
        boolean seesEmail = UserJson.canSeeEmail(viewer, target);
        // A null delivery_email (the viewer lost sight of the address) reveals nothing and must arrive.
        if (person.has("delivery_email") && !person.get("delivery_email").isNull() && !seesEmail) {
            if ("add".equals(e.path("op").asText())) person.putNull("delivery_email");
            else return List.of();
        }
        if (person.has("avatar_url") && "G".equals(target.avatarSource())) {
            if (spec.clientGravatar() && seesEmail) person.putNull("avatar_url");
            else if (spec.can("user_avatar_url_field_optional") && "add".equals(e.path("op").asText())) person.remove("avatar_url");
        }
        return List.of(e);
    }
}
