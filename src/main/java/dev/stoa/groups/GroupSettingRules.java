package dev.stoa.groups;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Every group-setting permission of groups, the realm and channels, with Zulip's rules and defaults. */
public final class GroupSettingRules {
    public static final String GROUP_CREATOR = "group_creator";
    public static final String CHANNEL_CREATOR = "channel_creator";

    public static final Map<String, GroupSettingRule> GROUP = new LinkedHashMap<>();
    public static final Map<String, GroupSettingRule> REALM = new LinkedHashMap<>();
    /** Channel settings: the channels feature owns their use; listed here for register's metadata. */
    public static final Map<String, GroupSettingRule> STREAM = new LinkedHashMap<>();

    private static final String NOBODY = SystemGroups.NOBODY, EVERYONE = SystemGroups.EVERYONE, MEMBERS = SystemGroups.MEMBERS,
            ADMINS = SystemGroups.ADMINISTRATORS, OWNERS = SystemGroups.OWNERS, MODS = SystemGroups.MODERATORS;

    static {
        group("can_add_members_group", false, GROUP_CREATOR, NOBODY);
        group("can_join_group", false, NOBODY, NOBODY);
        group("can_leave_group", true, EVERYONE, NOBODY);
        group("can_manage_group", false, GROUP_CREATOR, NOBODY);
        GROUP.put("can_mention_group", new GroupSettingRule("can_mention_group", false, false, true, true, EVERYONE, EVERYONE,
                List.of(), Set.of(OWNERS)));
        group("can_remove_members_group", false, NOBODY, NOBODY);

        REALM.put("can_access_all_users_group", new GroupSettingRule("can_access_all_users_group", true, false, false, true,
                EVERYONE, null, List.of(EVERYONE, MEMBERS), Set.of()));
        realm("can_add_custom_emoji_group", false, false, MEMBERS);
        realm("can_add_subscribers_group", false, false, MEMBERS);
        realm("can_create_bots_group", true, false, MEMBERS);
        realm("can_create_groups", false, false, MEMBERS);
        realm("can_create_private_channel_group", true, false, MEMBERS);
        realm("can_create_public_channel_group", true, false, MEMBERS);
        REALM.put("can_create_web_public_channel_group", new GroupSettingRule("can_create_web_public_channel_group", true, false, true,
                false, OWNERS, null, List.of(MODS, ADMINS, OWNERS, NOBODY), Set.of()));
        realm("can_create_write_only_bots_group", true, false, MEMBERS);
        realm("can_delete_any_message_group", false, false, ADMINS);
        realm("can_delete_own_message_group", true, true, EVERYONE);
        realm("can_invite_users_group", true, false, MEMBERS);
        realm("can_manage_all_groups", false, false, OWNERS);
        realm("can_manage_billing_group", false, false, ADMINS);
        realm("can_mention_many_users_group", true, true, ADMINS);
        realm("can_move_messages_between_channels_group", true, false, MEMBERS);
        realm("can_move_messages_between_topics_group", true, true, EVERYONE);
        realm("can_resolve_topics_group", true, true, EVERYONE);
        realm("can_set_topics_policy_group", true, false, MODS);
        realm("can_summarize_topics_group", true, true, EVERYONE);
        REALM.put("create_multiuse_invite_group", new GroupSettingRule("create_multiuse_invite_group", true, false, true, false,
                ADMINS, null, List.of(), Set.of()));
        realm("direct_message_initiator_group", true, true, EVERYONE);
        realm("direct_message_permission_group", true, true, EVERYONE);

        stream("can_add_subscribers_group", false, NOBODY);
        stream("can_administer_channel_group", false, CHANNEL_CREATOR);
        stream("can_create_topic_group", true, EVERYONE);
        stream("can_delete_any_message_group", false, NOBODY);
        stream("can_delete_own_message_group", false, NOBODY);
        stream("can_move_messages_out_of_channel_group", false, NOBODY);
        stream("can_move_messages_within_channel_group", false, NOBODY);
        stream("can_remove_subscribers_group", true, ADMINS);
        stream("can_resolve_topics_group", false, NOBODY);
        stream("can_send_message_group", true, EVERYONE);
        stream("can_subscribe_group", false, NOBODY);
    }

    private static void group(String name, boolean allowEveryone, String dflt, String dfltSystem) {
        GROUP.put(name, new GroupSettingRule(name, false, false, true, allowEveryone, dflt, dfltSystem, List.of(), Set.of()));
    }

    private static void realm(String name, boolean allowNobody, boolean allowEveryone, String dflt) {
        REALM.put(name, new GroupSettingRule(name, false, false, allowNobody, allowEveryone, dflt, null, List.of(), Set.of()));
    }

    private static void stream(String name, boolean allowEveryone, String dflt) {
        STREAM.put(name, new GroupSettingRule(name, false, false, true, allowEveryone, dflt, null, List.of(), Set.of()));
    }

    /** register's server_supported_permission_settings. */
    public static ObjectNode supported() {
        ObjectNode o = Json.object();
        ObjectNode realm = o.putObject("realm"), stream = o.putObject("stream"), group = o.putObject("group");
        REALM.forEach((k, v) -> realm.set(k, v.toJson()));
        STREAM.forEach((k, v) -> stream.set(k, v.toJson()));
        GROUP.forEach((k, v) -> group.set(k, v.toJson()));
        return o;
    }

    private GroupSettingRules() {}
}
