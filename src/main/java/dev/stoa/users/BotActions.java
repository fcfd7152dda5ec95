package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.UserEvent;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.util.Map;

/**
 * PATCH /bots/{bot_id}'s service and configuration changes (Zulip's patch_bot_backend,
 * do_update_outgoing_webhook_service, do_update_bot_config_data), in one transaction with their
 * realm_bot update events to the owner and the administrators.
 */
public final class BotActions {
    /** What PATCH /bots/{id} changes here (null: unchanged). */
    public record BotPatch(String servicePayloadUrl, int serviceInterface, Map<String, String> configData) {}

    private final Db db;
    private final EventLog log;
    private final UserStore users;
    private final BotServiceStore services;

    public BotActions(Db db, EventLog log, UserStore users, BotServiceStore services) {
        this.db = db;
        this.log = log;
        this.users = users;
        this.services = services;
    }

    /** Zulip's access_bot_by_id: a bot of this organization that the caller owns or administers. */
    public static User checkAccess(User caller, User target) {
        if (target == null || !target.isBot() || target.isSystemBot()) throw UserErrors.noSuchBot();
        boolean owns = target.botOwnerId() != null && target.botOwnerId() == caller.id();
        if (!owns && !caller.isAdmin()) throw CommonErrors.insufficientPermission();
        return target;
    }

    public void checkPatch(User caller, long botId, BotPatch p) {
        if (p.servicePayloadUrl() != null) BotServices.checkInterface(p.serviceInterface());
        db.write(tx -> {
            User bot = checkAccess(caller, users.byIdForUpdate(tx, botId).orElse(null));
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
            return null;
        });
    }

    private void announce(Tx tx, User bot, ArrayNode services) {
        ObjectNode b = Json.object().put("user_id", bot.id());
        b.set("services", services);
        log.append(tx, new UserEvent.RealmBotUpdate(b), UserActions.botAudience(tx, users, bot));
    }
}
