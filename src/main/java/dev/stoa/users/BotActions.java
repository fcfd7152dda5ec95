package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.events.UserEvent;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * PATCH /bots/{bot_id} (Zulip's patch_bot_backend): name, role, owner, service, configuration and
 * avatar, checked in Zulip's order and written in one transaction with their events, so a refused
 * part (an owner that cannot own it, say) leaves the name unchanged too. Zulip writes each part in
 * its own transaction; the API's answers and events are the same.
 */
public final class BotActions {
    /** What PATCH /bots/{id} changes (null: unchanged); avatar: the uploaded image, already cut. */
    public record BotPatch(String fullName, Role role, Long ownerId, String servicePayloadUrl, int serviceInterface,
                           Map<String, String> configData, AvatarImages.Resized avatar) {}

    private final Db db;
    private final EventLog log;
    private final UserStore users;
    private final BotServiceStore services;
    private final UserActions userActions;
    private final AvatarActions avatars;
    private final UserJson json;
    private final UserAccess access;

    public BotActions(Db db, EventLog log, UserStore users, BotServiceStore services, UserActions userActions, AvatarActions avatars,
                      UserJson json, UserAccess access) {
        this.db = db;
        this.log = log;
        this.users = users;
        this.services = services;
        this.userActions = userActions;
        this.avatars = avatars;
        this.json = json;
        this.access = access;
    }

    /** Zulip's access_bot_by_id: a bot of this organization that the caller owns or administers. */
    public static User checkAccess(User caller, User target) {
        if (target == null || !target.isBot() || target.isSystemBot()) throw ApiError.bad("No such bot");
        boolean owns = target.botOwnerId() != null && target.botOwnerId() == caller.id();
        if (!owns && !caller.isAdmin()) throw ApiError.bad("Insufficient permission");
        return target;
    }

    public void checkPatch(User caller, long botId, BotPatch p) {
        if (p.servicePayloadUrl() != null) BotServices.checkInterface(p.serviceInterface());
        db.write(tx -> {
            User bot = checkAccess(caller, users.byIdForUpdate(tx, botId).orElse(null));
            if (p.fullName() != null) {
                String name = UserRules.checkFullName(p.fullName());
                if (!name.equals(bot.fullName())) userActions.changeFullName(tx, bot, name);
            }
            if (p.role() != null && p.role().code != bot.role()) {
                // Zulip's rule, as for PATCH /users/{id}: an owner for anything touching the owner role, else an administrator.
                if ((p.role() == Role.OWNER || bot.isOwner()) && !caller.isOwner()) UserRules.requireOwner(caller);
                UserRules.requireAdmin(caller);
                userActions.changeRole(tx, bot.id(), p.role());
            }
            if (p.ownerId() != null) changeOwner(tx, bot, p.ownerId());
            if (p.servicePayloadUrl() != null) {
                services.updateService(tx.h(), bot.id(), p.servicePayloadUrl(), p.serviceInterface());
                ArrayNode dicts = Json.array();
                for (BotServiceStore.Service s : services.forBot(tx.h(), bot.id())) dicts.add(BotServices.outgoing(s));
                announce(tx, bot, dicts);
            }
            if (p.configData() != null) {
                p.configData().forEach((k, v) -> services.setConfig(tx.h(), bot.id(), k, v));
                ObjectNode config = Json.object();
                services.config(tx.h(), bot.id()).forEach(config::put);
                ArrayNode dicts = Json.array();
                dicts.addObject().set("config_data", config);
                announce(tx, bot, dicts);
            }
            if (p.avatar() != null) avatars.setImage(tx, bot, p.avatar());
            return null;
        });
    }

    /**
     * Zulip's do_change_bot_owner: the previous owner (unless an administrator, who sees every bot) loses
     * the bot from realm_bots, the new one gains it, the others of its audience hear the new owner_id,
     * and everyone the new bot_owner_id of the user.
     */
    private void changeOwner(Tx tx, User bot, long ownerId) {
        User owner = users.byId(tx.h(), ownerId).orElseThrow(() -> ApiError.bad("Failed to change owner, no such user"));
        if (!owner.isActive()) throw ApiError.bad("Failed to change owner, user is deactivated");
        if (owner.isBot()) throw ApiError.bad("Failed to change owner, bots can't own other bots");
        if (bot.botOwnerId() != null && bot.botOwnerId() == ownerId) return;
        User previous = bot.botOwnerId() == null ? null : users.byId(tx.h(), bot.botOwnerId()).orElse(null);
        Set<Long> updated = new LinkedHashSet<>(users.activeAdminIds(tx.h()));
        updated.add(ownerId);
        users.set(tx, bot.id(), "bot_owner_id", ownerId);
        User changed = users.byId(tx.h(), bot.id()).orElseThrow();
        if (previous != null && !previous.isAdmin()) {
            log.append(tx, new UserEvent.RealmBotDelete(Json.object().put("user_id", bot.id())), Recipients.users(List.of(previous.id())));
            updated.remove(previous.id());
        }
        if (!owner.isAdmin()) {
            ObjectNode full = BotJson.bot(changed, json, BotServices.dicts(tx.h(), services, changed, services.forBot(tx.h(), bot.id())));
            log.append(tx, new UserEvent.RealmBotAdd(full), Recipients.users(List.of(ownerId)));
            updated.remove(ownerId);
        }
        log.append(tx, new UserEvent.RealmBotUpdate(Json.object().put("user_id", bot.id()).put("owner_id", ownerId)), Recipients.users(List.copyOf(updated)));
        log.append(tx, new UserEvent.RealmUserUpdate(Json.object().put("user_id", bot.id()).put("bot_owner_id", ownerId)), access.audience(tx.h(), changed));
    }

    private void announce(Tx tx, User bot, ArrayNode services) {
        ObjectNode b = Json.object().put("user_id", bot.id());
        b.set("services", services);
        log.append(tx, new UserEvent.RealmBotUpdate(b), UserActions.botAudience(tx, users, bot));
    }
}
