package dev.stoa.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.realm.Realm;
import dev.stoa.realm.RealmHolder;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Registering this server with the push relay, Zulip's `manage.py register_server`: POST
 * remotes/server/register (zilencer/views.py register_remote_server: zulip_org_id, zulip_org_key,
 * hostname, contact_email), then the organization's description through remotes/server/analytics
 * (zerver/lib/remote_server.py send_server_data_to_push_bouncer; zilencer's
 * remote_server_post_analytics creates the RemoteRealm that device registrations and notifications
 * name by realm_uuid — without it the relay answers MISSING_REMOTE_REALM).
 */
public final class RelayRegistration {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Db db;
    private final RealmHolder realm;
    private final PushRelayStore store;
    private final RelayClient relay;
    private final String externalUrl;
    private final PushAvailability availability;

    public RelayRegistration(Db db, RealmHolder realm, PushRelayStore store, RelayClient relay, String externalUrl,
                             PushAvailability availability) {
        this.availability = availability;
        this.db = db;
        this.realm = realm;
        this.store = store;
        this.relay = relay;
        this.externalUrl = externalUrl;
    }

    /** What the relay said: whether it created the registration (false: updated), and whether it lets this organization push. */
    public record Result(boolean created, boolean canPush) {}

    public Result register(String orgId, String orgKey, String contactEmail) throws RelayClient.RelayException {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("zulip_org_id", orgId);
        form.put("zulip_org_key", orgKey);
        form.put("hostname", hostname());
        form.put("contact_email", contactEmail);
        JsonNode answer = relay.postForm("server/register", form);
        return new Result(answer.path("created").asBoolean(false), sendServerData());
    }

    /**
     * server/analytics with no counts and this organization's description; the relay's answer says
     * whether it may push (kept as the realm's push_notifications_enabled, as Zulip does).
     */
    public boolean sendServerData() throws RelayClient.RelayException {
        String uuid = db.write(tx -> store.realmUuid(tx.h()));
        String secret = db.write(tx -> store.realmUuidOwnerSecret(tx.h()));
        Realm r = realm.get();
        ObjectNode info = JSON.createObjectNode();
        info.put("id", 1).put("host", hostname()).put("url", externalUrl).put("name", r.name())
                .put("org_type", r.get("org_type") == null ? 0 : r.get("org_type").asInt())
                .put("date_created", (double) r.dateCreated()).put("deactivated", r.deactivated()).put("is_system_bot_realm", false)
                .put("uuid", uuid).put("uuid_owner_secret", secret);
        ArrayNode realms = JSON.createArrayNode().add(info);
        Map<String, String> form = new LinkedHashMap<>();
        form.put("realm_counts", "[]");
        form.put("installation_counts", "[]");
        form.put("realmauditlog_rows", "[]");
        form.put("realms", realms.toString());
        form.put("version", JSON.valueToTree(Realm.ZULIP_VERSION).toString());
        form.put("merge_base", JSON.valueToTree(Realm.ZULIP_VERSION).toString());
        form.put("api_feature_level", String.valueOf(Realm.FEATURE_LEVEL));
        JsonNode answer;
        try {
            answer = relay.postForm("server/analytics", form);
        } catch (RelayClient.RelayException e) {
            // Zulip's maybe_mark_pushes_disabled: a refusal of this organization's pushes turns them off.
            if ("PUSH_NOTIFICATIONS_DISALLOWED".equals(e.code)) record(false, null);
            throw e;
        }
        JsonNode status = answer.path("realms").path(uuid);
        if (status.isMissingNode()) return true;
        boolean canPush = status.path("can_push").asBoolean(true);
        record(canPush, status.path("expected_end_timestamp").isNumber() ? status.get("expected_end_timestamp").asLong() : null);
        return canPush;
    }

    private void record(boolean canPush, Long end) {
        db.write(tx -> {
            availability.update(tx, canPush, end);
            return null;
        });
    }

    /** The host (with its port when not the default) as Zulip's EXTERNAL_HOST: what the relay knows the server by. */
    String hostname() {
        URI u = URI.create(externalUrl);
        return u.getPort() < 0 ? u.getHost() : u.getHost() + ":" + u.getPort();
    }
}
