package dev.stoa.groups;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;
import java.util.Set;

/**
 * What values one group-setting permission accepts, as Zulip's GroupPermissionSetting describes
 * it (reported in register's server_supported_permission_settings). {@code forbidden} lists
 * further system groups the setting refuses (can_mention_group refuses role:owners).
 * allowEveryoneGroup false also means guests never hold the permission.
 */
public record GroupSettingRule(String name, boolean requireSystemGroup, boolean allowInternetGroup, boolean allowNobodyGroup,
                               boolean allowEveryoneGroup, String defaultGroupName, String defaultForSystemGroups,
                               List<String> allowedSystemGroups, Set<String> forbidden) {

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("require_system_group", requireSystemGroup);
        o.put("allow_internet_group", allowInternetGroup);
        o.put("allow_nobody_group", allowNobodyGroup);
        o.put("allow_everyone_group", allowEveryoneGroup);
        o.put("default_group_name", defaultGroupName);
        if (defaultForSystemGroups == null) o.putNull("default_for_system_groups"); else o.put("default_for_system_groups", defaultForSystemGroups);
        var a = o.putArray("allowed_system_groups");
        allowedSystemGroups.forEach(a::add);
        return o;
    }
}
