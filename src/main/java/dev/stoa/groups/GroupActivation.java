package dev.stoa.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.GroupEvent;
import dev.stoa.events.RealmEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import java.util.List;
import java.util.Set;

/**
 * What a user's (de)activation changes in groups as the API shows them (active users only):
 * the groups they directly belong to, and the anonymous group-setting values (of groups and of
 * the realm) that name them. Called inside the user action's transaction, after the user's
 * is_active changed; every change is an explicit event, marked for deactivated groups, sent to
 * `to` (on deactivation only those who cannot access the user: the others drop it themselves).
 */
public final class GroupActivation {
    private GroupActivation() {}

    public static void userActiveChanged(Tx tx, EventLog log, GroupStore store, long userId, boolean active, Recipients to) {
        var h = tx.h();
        List<Long> member = h.createQuery("SELECT group_id FROM group_members WHERE user_id = ? ORDER BY group_id")
                .bind(0, userId).mapTo(Long.class).list();
        Set<Long> activeUsers = store.allActiveUsers(h);
        for (GroupStore.Row g : store.all(h)) {
            ObjectNode marker = g.deactivated() ? Json.object().put("__deactivated", true) : null;
            if (member.contains(g.id())) {
                log.append(tx, active ? new GroupEvent.AddMembers(g.id(), List.of(userId), marker)
                        : new GroupEvent.RemoveMembers(g.id(), List.of(userId), marker), to);
            }
            for (String k : GroupSettingRules.GROUP.keySet()) {
                JsonNode v = g.settings().get(k);
                if (!names(v, userId)) continue;
                ObjectNode data = Json.object();
                data.set(k, GroupSettingValues.apiValue(v, activeUsers));
                log.append(tx, new GroupEvent.Update(g.id(), data, marker), to);
            }
        }
        String realm = h.createQuery("SELECT settings FROM realm WHERE id = 1").mapTo(String.class).findOne().orElse("{}");
        ObjectNode stored = (ObjectNode) Json.parse(realm);
        for (String k : GroupSettingRules.REALM.keySet()) {
            JsonNode v = stored.get(k);
            if (!names(v, userId)) continue;
            ObjectNode data = Json.object();
            data.set(k, GroupSettingValues.apiValue(v, activeUsers));
            log.append(tx, new RealmEvent.UpdateDict("default", data), to);
        }
    }

    private static boolean names(JsonNode value, long userId) {
        return value != null && value.isObject() && GroupSettingValues.longs(value.get("direct_members")).contains(userId);
    }
}
