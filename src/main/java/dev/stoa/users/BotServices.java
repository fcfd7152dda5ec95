package dev.stoa.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * A bot's services and configuration as Zulip keeps them (zerver/views/users.py add_bot_backend,
 * zerver/lib/bot_config.py): an outgoing-webhook bot (type 3) gets one service named after it
 * (its URL, interface and a token sent with every call); an incoming-webhook bot created for an
 * integration keeps integration_id and its config_data.
 */
public final class BotServices {
    public static final int INCOMING_WEBHOOK_BOT = 2, OUTGOING_WEBHOOK_BOT = 3, EMBEDDED_BOT = 4;
    /** Zulip's Service.GENERIC and Service.SLACK. */
    public static final List<Integer> INTERFACES = List.of(1, 2);

    private BotServices() {}

    /** What POST /bots asks of a new bot beyond its names (service_name defaults to the short name). */
    public record Setup(String serviceName, String payloadUrl, int interfaceType, Map<String, String> configData) {}

    /** Zulip's check_url on payload_url (a JSON string): only http(s) URLs with a host. */
    public static String checkUrl(String name, String url) {
        try {
            URI u = new URI(url);
            if (u.getScheme() != null && u.getScheme().matches("(?i)https?") && u.getHost() != null) return url;
        } catch (URISyntaxException e) {
            // as a malformed URL below
        }
        throw CommonErrors.notAUrl(name);
    }

    public static void checkInterface(int interfaceType) {
        if (!INTERFACES.contains(interfaceType)) throw UserErrors.invalidInterfaceType();
    }

    /** Writes a new bot's service and configuration, inside its creating transaction. */
    static void apply(Handle h, BotServiceStore store, User bot, Setup s) {
        if (bot.botType() == OUTGOING_WEBHOOK_BOT || bot.botType() == EMBEDDED_BOT) {
            store.insert(h, bot.id(), s.serviceName(), s.payloadUrl(), s.interfaceType(), Passwords.newApiKey());
        }
        if (bot.botType() == INCOMING_WEBHOOK_BOT && s.serviceName() != null) store.setConfig(h, bot.id(), "integration_id", s.serviceName());
        if (bot.botType() == INCOMING_WEBHOOK_BOT || bot.botType() == EMBEDDED_BOT) s.configData().forEach((k, v) -> store.setConfig(h, bot.id(), k, v));
    }

    /** Zulip's get_service_dicts_for_bot: the `services` of a realm_bot dict. */
    static ArrayNode dicts(Handle h, BotServiceStore store, User bot, List<BotServiceStore.Service> services) {
        ArrayNode out = Json.array();
        if (bot.botType() != null && bot.botType() == OUTGOING_WEBHOOK_BOT) {
            for (BotServiceStore.Service s : services) out.add(outgoing(s));
        } else if (bot.botType() != null && bot.botType() == EMBEDDED_BOT && !services.isEmpty()) {
            ObjectNode d = Json.object();
            ObjectNode config = d.putObject("config_data");
            store.config(h, bot.id()).forEach(config::put);
            d.put("service_name", services.getFirst().name());
            out.add(d);
        }
        return out;
    }

    static ObjectNode outgoing(BotServiceStore.Service s) {
        return Json.object().put("base_url", s.baseUrl()).put("interface", s.interfaceType()).put("token", s.token());
    }
}
