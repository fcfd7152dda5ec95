package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.UserEvent;
import dev.stoa.http.Json;
import dev.stoa.identity.User;

/**
 * A person's address changes (Zulip's do_change_user_delivery_email), for trusted callers: SCIM
 * provisioning today. Who may change it and which addresses the organization allows the caller checks.
 */
public final class EmailChangeActions {
    private final EventLog log;
    private final UserStore store;
    private final UserAccess access;
    private final UserJson json;

    public EmailChangeActions(EventLog log, UserStore store, UserAccess access, UserJson json) {
        this.log = log;
        this.store = store;
        this.access = access;
        this.json = json;
    }

    /**
     * Inside the caller's transaction, with u locked. Events as Zulip's: delivery_email to those who
     * can see the address (UserDelivery drops it for the others), new_email to everyone when the API
     * email is the real one, and new avatar URLs when the avatar is the address's Gravatar.
     */
    public User changeDeliveryEmail(Tx tx, User u, String email) {
        if (store.byEmail(tx.h(), email).filter(o -> o.id() != u.id()).isPresent()) throw UserErrors.emailAlreadyInUse(email);
        store.set(tx, u.id(), "delivery_email", email);
        User after = store.byId(tx.h(), u.id()).orElseThrow();
        log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", u.id()).put("delivery_email", email)), access.audience(tx.h(), after));
        String oldApi = json.apiEmail(u), newApi = json.apiEmail(after);
        if (!oldApi.equals(newApi)) {
            log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", u.id()).put("new_email", newApi)), access.audience(tx.h(), after));
        }
        if (json.avatars().isGravatar(after)) {
            ObjectNode person = Json.object().put("avatar_source", after.avatarSource()).put("avatar_url", json.avatars().url(after, false))
                    .put("avatar_url_medium", json.avatars().url(after, true)).put("avatar_version", after.avatarVersion()).put("user_id", u.id());
            log.append(tx, new UserEvent.RealmUserUpdate(person), access.audience(tx.h(), after));
        }
        return after;
    }
}
