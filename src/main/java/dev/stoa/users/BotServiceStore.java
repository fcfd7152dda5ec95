package dev.stoa.users;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** SQL of bot_services (Zulip's Service: where an outgoing-webhook bot is called) and bot_config (Zulip's BotConfigData). */
public final class BotServiceStore {
    /** One service of a bot: interface 1 is Zulip's generic format, 2 Slack's. */
    public record Service(long id, long botId, String name, String baseUrl, int interfaceType, String token) {}

    private static final String COLUMNS = "id, bot_id, name, base_url, interface, token";

    private static Service map(ResultSet rs) throws SQLException {
        return new Service(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getInt(5), rs.getString(6));
    }

    public void insert(Handle h, long botId, String name, String baseUrl, int interfaceType, String token) {
        h.createUpdate("INSERT INTO bot_services (bot_id, name, base_url, interface, token) VALUES (?, ?, ?, ?, ?)")
                .bind(0, botId).bind(1, name).bind(2, baseUrl).bind(3, interfaceType).bind(4, token).execute();
    }

    public List<Service> forBot(Handle h, long botId) {
        return h.createQuery("SELECT " + COLUMNS + " FROM bot_services WHERE bot_id = ? ORDER BY id").bind(0, botId).map((rs, c) -> map(rs)).list();
    }

    /** Every bot's services, by bot id (register's realm_bots). */
    public Map<Long, List<Service>> all(Handle h) {
        Map<Long, List<Service>> out = new LinkedHashMap<>();
        for (Service s : h.createQuery("SELECT " + COLUMNS + " FROM bot_services ORDER BY id").map((rs, c) -> map(rs)).list()) {
            out.computeIfAbsent(s.botId(), k -> new ArrayList<>()).add(s);
        }
        return out;
    }

    /** Zulip's do_update_outgoing_webhook_service: the bot's (first) service gets a new URL and interface. */
    public void updateService(Handle h, long botId, String baseUrl, int interfaceType) {
        h.createUpdate("UPDATE bot_services SET base_url = ?, interface = ? WHERE bot_id = ?")
                .bind(0, baseUrl).bind(1, interfaceType).bind(2, botId).execute();
    }

    public Map<String, String> config(Handle h, long botId) {
        Map<String, String> out = new LinkedHashMap<>();
        h.createQuery("SELECT config_key, value FROM bot_config WHERE bot_id = ? ORDER BY config_key").bind(0, botId)
                .map((rs, c) -> Map.entry(rs.getString(1), rs.getString(2))).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    public void setConfig(Handle h, long botId, String key, String value) {
        int n = h.createUpdate("UPDATE bot_config SET value = ? WHERE bot_id = ? AND config_key = ?").bind(0, value).bind(1, botId).bind(2, key).execute();
        if (n == 0) h.createUpdate("INSERT INTO bot_config (bot_id, config_key, value) VALUES (?, ?, ?)").bind(0, botId).bind(1, key).bind(2, value).execute();
    }
}
