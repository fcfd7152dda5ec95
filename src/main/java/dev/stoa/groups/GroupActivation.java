package dev.stoa.groups;

import dev.stoa.events.Hints;
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
import java.util.function.Function;

/**
 * What a user's (de)activation changes in groups as the API shows them (active users only):
 * the groups they directly belong to, and the anonymous group-setting values (of groups and of
 * the realm) that name them. Called inside the user action's transaction, after the user's
 * is_active changed; every change is an explicit event, marked for deactivated groups, sent to
 * `to` (on deactivation only those who cannot access the user: the others drop it themselves).
 */
public final class GroupActivation {
    private GroupActivation() {}

    public static void userActiveChanged(Tx tx, EventLog log, GroupStore store, long userId, boolean active, Recipients to,
                                         Function<String, JsonNode> realmSetting) {
        var h = tx.h();
        List<Long> member = store.groupsOf(h, userId);
        Set<Long> activeUsers = store.allActiveUsers(h);
        for (Group g : store.all(h)) {
            Hints marker = Hints.NONE.withDeactivated(g.deactivated());
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
        for (String k : GroupSettingRules.REALM.keySet()) {
            JsonNode v = realmSetting.apply(k);
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
