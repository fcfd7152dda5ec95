package dev.stoa.realm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.RealmEvent;
import dev.stoa.events.Recipients;
import dev.stoa.groups.FullMembers;
import dev.stoa.groups.GroupActions;
import dev.stoa.groups.SystemGroups;
import java.time.Clock;
import dev.stoa.groups.GroupSettingRules;
import dev.stoa.groups.GroupSettingValues;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * Writes to the realm's settings: one transaction stores what differs from the defaults in the
 * realm row and appends a realm event per changed setting (to every user); the in-memory
 * RealmHolder reloads after commit.
 */
public final class RealmActions {
    /** Whether a channel exists and is private: the channels feature answers (empty: no such channel). */
    @FunctionalInterface
    public interface ChannelLookup {
        Optional<Boolean> isPrivate(Handle h, long channelId);
    }

    private final Db db;
    private final EventLog log;
    private final RealmStore store;
    private final RealmHolder holder;
    private final GroupSettingValues values;
    private final Clock clock;
    private final ChannelLookup channels;

    public RealmActions(Db db, EventLog log, RealmStore store, RealmHolder holder, GroupSettingValues values, Clock clock,
                        ChannelLookup channels) {
        this.clock = clock;
        this.channels = channels;
        this.db = db;
        this.log = log;
        this.store = store;
        this.holder = holder;
        this.values = values;
    }

    /** The realm's settings as of this transaction (defaults overlaid with the stored row). */
    private Realm current(Handle h) {
        return store.find(h, holder.systemGroups()).orElseThrow();
    }

    /**
     * PATCH /realm's change, checked and written in one transaction: the channel ids and group
     * settings are validated against the state the write sees, so the request succeeds or fails as
     * a unit. Returns the changed settings as Zulip's response reports them.
     */
    public ObjectNode checkUpdate(Map<String, JsonNode> scalars, Map<String, GroupSettingValues.Change> groups) {
        return db.write(tx -> {
            for (var e : scalars.entrySet()) checkChannel(tx.h(), e.getKey(), e.getValue());
            for (var e : groups.entrySet()) values.validate(tx.h(), e.getValue().newValue(), GroupSettingRules.REALM.get(e.getKey()));
            return update(tx, scalars, groups);
        });
    }

    /**
     * Applies scalar settings (parsed values) and group settings ({new, old}) for a trusted caller
     * (the first start); a stale `old` rejects the whole change.
     */
    public ObjectNode doUpdate(Map<String, JsonNode> scalars, Map<String, GroupSettingValues.Change> groups) {
        return db.write(tx -> update(tx, scalars, groups));
    }

    private void checkChannel(Handle h, String setting, JsonNode value) {
        RealmSettingSpecs.Spec spec = RealmSettingSpecs.SPECS.get(setting);
        if (!spec.channelId() || value.intValue() == -1) return;
        Optional<Boolean> isPrivate = channels.isPrivate(h, value.longValue());
        if (isPrivate.isEmpty()) throw ApiError.bad("Invalid channel ID");
        if (setting.equals("moderation_request_channel_id") && !isPrivate.get()) {
            throw ApiError.bad("Moderation request channel must be private.");
        }
    }

    private ObjectNode update(Tx tx, Map<String, JsonNode> scalars, Map<String, GroupSettingValues.Change> groups) {
        Handle h = tx.h();
        Realm realm = current(h);
        Map<String, JsonNode> stored = new LinkedHashMap<>();
        ObjectNode changed = Json.object();
        for (var e : groups.entrySet()) {
            JsonNode cur = values.apiValue(h, realm.get(e.getKey()));
            GroupSettingValues.Change c = e.getValue();
            if (c.old() != null && !GroupSettingValues.equal(c.old(), cur)) throw GroupActions.expectationMismatch();
        }
        for (var e : scalars.entrySet()) {
            JsonNode cur = realm.get(e.getKey());
            if (e.getValue().equals(cur)) continue;
            stored.put(e.getKey(), e.getValue());
            changed.set(e.getKey(), e.getValue().isTextual() ? Json.MAPPER.getNodeFactory().textNode("updated") : e.getValue());
            announce(tx, e.getKey(), e.getValue());
        }
        for (var e : groups.entrySet()) {
            JsonNode cur = values.apiValue(h, realm.get(e.getKey()));
            if (GroupSettingValues.equal(e.getValue().newValue(), cur)) continue;
            stored.put(e.getKey(), e.getValue().newValue());
            changed.set(e.getKey(), e.getValue().newValue());
            ObjectNode data = Json.object();
            data.set(e.getKey(), e.getValue().newValue());
            log.append(tx, new RealmEvent.UpdateDict("default", data), Recipients.all());
        }
        store.updateSettings(tx, stored);
        if (changed.has("waiting_period_threshold")) syncFullMembers(tx, changed.get("waiting_period_threshold").asInt());
        return changed;
    }

    /**
     * One scalar setting set inside the caller's transaction, as PATCH /realm would set it (stored,
     * announced; the holder follows the row's change): removing the last allowed domain turns off
     * emails_restricted_to_domains, removing a playground resets default_code_block_language.
     */
    public void set(Tx tx, String name, JsonNode value) {
        store.updateSettings(tx, Map.of(name, value));
        announce(tx, name, value);
    }

    /**
     * The organization's upload quota in MiB, null for none: Zulip's support-set custom quota (not a
     * PATCH /realm setting), here `./stoa set-upload-quota`; announced as Zulip does (update_dict).
     */
    public void doSetUploadQuota(Long mib) {
        db.write(tx -> {
            set(tx, "upload_quota_mib", mib == null ? Json.MAPPER.getNodeFactory().nullNode() : Json.MAPPER.getNodeFactory().numberNode(mib));
            return null;
        });
    }

    /**
     * What the push relay says of this organization (its can_push and expected_end_timestamp):
     * push_notifications_enabled announced as do_set_realm_property does (realm update), the end
     * timestamp as do_set_push_notifications_enabled_end_timestamp (update_dict, it may be null);
     * each only when it changes. Register reports them only while a relay is configured.
     */
    public void doSetPushAvailability(Tx tx, boolean canPush, Long endTimestamp) {
        JsonNode enabled = current(tx, "push_notifications_enabled");
        if (enabled == null || enabled.asBoolean() != canPush) set(tx, "push_notifications_enabled", Json.MAPPER.getNodeFactory().booleanNode(canPush));
        JsonNode end = endTimestamp == null ? Json.MAPPER.getNodeFactory().nullNode() : Json.MAPPER.getNodeFactory().numberNode(endTimestamp);
        JsonNode was = current(tx, "push_notifications_enabled_end_timestamp");
        if (!end.equals(was == null ? Json.MAPPER.getNodeFactory().nullNode() : was)) set(tx, "push_notifications_enabled_end_timestamp", end);
    }

    /** A setting's current value inside the caller's transaction. */
    public JsonNode current(Tx tx, String name) {
        return current(tx.h()).get(name);
    }

    private void syncFullMembers(Tx tx, int thresholdDays) {
        FullMembers.sync(tx, log, holder.systemGroup(SystemGroups.FULL_MEMBERS), thresholdDays, clock.instant().getEpochSecond());
    }

    /** Promotes members whose accounts passed the waiting period (run periodically). */
    public void doSyncFullMembers() {
        db.write(tx -> {
            syncFullMembers(tx, current(tx.h()).get("waiting_period_threshold").asInt(0));
            return null;
        });
    }

    private void announce(Tx tx, String name, JsonNode value) {
        if (RealmSettingSpecs.UPDATE_DICT.contains(name)) {
            ObjectNode data = Json.object();
            data.set(name, value);
            log.append(tx, new RealmEvent.UpdateDict("default", data), Recipients.all());
        } else {
            log.append(tx, new RealmEvent.Update(name, value), Recipients.all());
        }
    }

    /** Objections to deactivating a group that a realm setting names (GroupActions.UsageCheck). */
    public List<ObjectNode> objections(Handle h, long groupId) {
        Realm realm = current(h);
        List<String> settings = new ArrayList<>();
        for (String k : GroupSettingRules.REALM.keySet()) if (GroupSettingValues.mentions(realm.get(k), groupId)) settings.add(k);
        if (settings.isEmpty()) return List.of();
        ObjectNode o = Json.object().put("type", "realm");
        settings.forEach(o.putArray("settings")::add);
        return List.of(o);
    }
}
