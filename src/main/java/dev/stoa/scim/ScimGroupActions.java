package dev.stoa.scim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.config.ScimConfig;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.groups.Group;
import dev.stoa.groups.GroupActions;
import dev.stoa.groups.GroupStore;
import dev.stoa.groups.SystemGroups;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SCIM provisioning of user groups, as Zulip's ZulipSCIMGroup: a SCIM Group is an active named user
 * group; the provider creates groups (nobody may add members or manage them but the provider, as
 * Zulip sets can_add_members_group and can_manage_group to role:nobody), renames them and sets,
 * adds or removes their members. System groups are listed but not managed. Each request's changes
 * happen in one transaction with the user-group API's events. DELETE deactivates the group (Zulip
 * answers 501 until it can deactivate groups in use; Stoa deactivates when nothing uses the group
 * and otherwise refuses, as the API does).
 */
public final class ScimGroupActions {
    private static final Logger LOG = LoggerFactory.getLogger(ScimGroupActions.class);
    // Okta removes one member by a filter in the path (the only complex path Zulip accepts)
    private static final Pattern REMOVE_ONE = Pattern.compile("^members\\[value eq \"(\\d+)\"\\]$");

    private final Db db;
    private final GroupStore groups;
    private final GroupActions actions;
    private final UserStore users;
    private final ScimConfig config;

    public ScimGroupActions(Db db, GroupStore groups, GroupActions actions, UserStore users, ScimConfig config) {
        this.db = db;
        this.groups = groups;
        this.actions = actions;
        this.users = users;
        this.config = config;
    }

    /** A group with its direct members that are people (not bots), by id, as Zulip lists them. */
    record ScimGroup(Group row, List<User> members) {}

    ScimGroup get(String id) {
        return db.read(h -> load(h, find(h, id)));
    }

    /** Every active named group, or those whose name is {@code displayName} (Okta's {@code displayName eq "…"}). */
    List<ScimGroup> list(String displayName) {
        return db.read(h -> groups.all(h).stream().filter(g -> !g.deactivated()).filter(g -> displayName == null || g.name().equals(displayName))
                .map(g -> load(h, g)).toList());
    }

    ScimGroup doCreate(JsonNode body) {
        String name = body.path("displayName").isTextual() ? body.get("displayName").asText() : null;
        if (name == null || name.isEmpty()) throw ScimError.bad("displayName is required to create a group");
        List<Long> members = memberIds(body.get("members"));
        ScimGroup g = db.write(tx -> {
            checkNameFree(tx.h(), name, -1);
            checkMembers(tx.h(), members);
            long nobody = groups.systemGroupId(tx.h(), SystemGroups.NOBODY);
            Map<String, JsonNode> settings = Map.of("can_add_members_group", Json.MAPPER.getNodeFactory().numberNode(nobody),
                    "can_manage_group", Json.MAPPER.getNodeFactory().numberNode(nobody));
            long id = actions.createIn(tx, new GroupActions.NewGroup(name, "Created from SCIM", members, List.of(), settings));
            return load(tx.h(), groups.find(tx.h(), id).orElseThrow());
        });
        LOG.info("SCIM ({}): created user group {}", config.clientName(), g.row().id());
        return g;
    }

    /** PUT (Zulip's from_dict): a new displayName renames; a non-empty members list is the whole membership. */
    ScimGroup doReplace(String id, JsonNode body) {
        return change(id, (tx, g) -> {
            if (body.path("displayName").isTextual()) rename(tx, g, body.get("displayName").asText());
            JsonNode members = body.get("members");
            if (members != null && members.isArray() && !members.isEmpty()) setMembers(tx, g.id(), memberIds(members));
        });
    }

    /** PATCH: each operation in order (replace displayName or members, add members, remove members), all in one transaction. */
    ScimGroup doPatch(String id, JsonNode operations) {
        return change(id, (tx, g) -> {
            for (JsonNode op : operations) patch(tx, g, op);
        });
    }

    void doDelete(String id) {
        db.write(tx -> {
            Group g = managed(tx.h(), id);
            actions.deactivateIn(tx, g.id());
            return null;
        });
        LOG.info("SCIM ({}): deactivated user group {}", config.clientName(), id);
    }

    private interface Change {
        void apply(Tx tx, Group g);
    }

    private ScimGroup change(String id, Change c) {
        ScimGroup result = db.write(tx -> {
            Group g = managed(tx.h(), id);
            c.apply(tx, g);
            return load(tx.h(), groups.find(tx.h(), g.id()).orElseThrow());
        });
        LOG.info("SCIM ({}): updated user group {}", config.clientName(), result.row().id());
        return result;
    }

    private void patch(Tx tx, Group g, JsonNode op) {
        String code = op.path("op").asText("").toLowerCase(Locale.ROOT);
        String path = op.path("path").isTextual() ? op.get("path").asText() : null;
        JsonNode value = op.get("value");
        switch (code) {
            case "replace" -> {
                if (path == null) {
                    if (value == null || !value.isObject()) throw ScimError.bad("PATCH replace without a path needs an object value");
                    if (value.has("id") && !value.get("id").asText().equals(String.valueOf(g.id()))) throw ScimError.bad("id does not match the group");
                    if (value.path("displayName").isTextual()) rename(tx, g, value.get("displayName").asText());
                    if (value.has("members")) setMembers(tx, g.id(), memberIds(value.get("members")));
                } else if (path.equals("displayName") && value != null && value.isTextual()) {
                    rename(tx, g, value.asText());
                } else if (path.equals("members")) {
                    setMembers(tx, g.id(), memberIds(value));
                } else {
                    throw ScimError.notImplemented();
                }
            }
            case "add" -> {
                if (!"members".equals(path)) throw ScimError.notImplemented();
                List<Long> ids = memberIds(value);
                checkMembers(tx.h(), ids);
                Set<Long> current = new TreeSet<>(groups.directMembers(tx.h(), g.id()));
                updateMembers(tx, g.id(), ids.stream().filter(u -> !current.contains(u)).toList(), List.of());
            }
            case "remove" -> {
                Matcher one = path == null ? null : REMOVE_ONE.matcher(path);
                List<Long> ids;
                if (one != null && one.matches()) ids = List.of(Long.parseLong(one.group(1)));
                else if ("members".equals(path)) ids = memberIds(value);
                else throw ScimError.notImplemented();
                checkMembers(tx.h(), ids);
                Set<Long> current = new TreeSet<>(groups.activeDirectMembers(tx.h(), g.id()));
                updateMembers(tx, g.id(), List.of(), ids.stream().filter(current::contains).toList());
            }
            default -> throw ScimError.bad("Unknown PATCH op \"" + code + "\"");
        }
    }

    private void rename(Tx tx, Group g, String name) {
        if (name.isEmpty() || name.equals(groups.find(tx.h(), g.id()).orElseThrow().name())) return;
        checkNameFree(tx.h(), name, g.id());
        actions.renameIn(tx, g.id(), name);
    }

    /** The intended membership (PUT, PATCH replace): who is missing is added, who is extra removed. */
    private void setMembers(Tx tx, long groupId, List<Long> intended) {
        checkMembers(tx.h(), intended);
        Set<Long> current = new TreeSet<>(groups.directMembers(tx.h(), groupId));
        List<Long> add = intended.stream().filter(u -> !current.contains(u)).toList();
        List<Long> remove = groups.activeDirectMembers(tx.h(), groupId).stream().filter(u -> !intended.contains(u)).toList();
        updateMembers(tx, groupId, add, remove);
    }

    private void updateMembers(Tx tx, long groupId, List<Long> add, List<Long> remove) {
        if (!add.isEmpty() || !remove.isEmpty()) actions.updateMembersIn(tx, groupId, add, remove);
    }

    private void checkNameFree(Handle h, String name, long self) {
        if (groups.nameTaken(h, name, self)) throw ScimError.conflict("Group name already in use: " + name);
    }

    /** Zulip's validate_group_member_ids_from_request: every id a user of the organization. */
    private void checkMembers(Handle h, List<Long> ids) {
        Set<Long> unknown = new TreeSet<>();
        for (long id : ids) if (users.byId(h, id).isEmpty()) unknown.add(id);
        if (!unknown.isEmpty()) {
            throw ScimError.bad("Invalid user ids found in the request: {" + String.join(", ", unknown.stream().map(String::valueOf).toList()) + "}");
        }
    }

    private static List<Long> memberIds(JsonNode members) {
        if (members == null || members.isNull()) return List.of();
        if (!members.isArray()) throw ScimError.bad("members must be a list");
        List<Long> out = new ArrayList<>();
        for (JsonNode m : members) {
            String v = m.path("value").asText("");
            if (!v.matches("[0-9]{1,18}")) throw ScimError.bad("Invalid member value: " + m.path("value"));
            long id = Long.parseLong(v);
            if (!out.contains(id)) out.add(id);
        }
        return out;
    }

    private Group find(Handle h, String id) {
        long n = id != null && id.matches("[0-9]{1,18}") ? Long.parseLong(id) : -1;
        return groups.find(h, n).filter(g -> !g.deactivated()).orElseThrow(() -> ScimError.notFound(id));
    }

    /** Zulip's check_can_manage_group_by_scim: system groups follow roles, not the provider. */
    private Group managed(Handle h, String id) {
        Group g = find(h, id);
        if (g.system()) throw ScimError.bad("Group " + g.name() + " can't be managed by SCIM.");
        return g;
    }

    private ScimGroup load(Handle h, Group g) {
        List<User> members = groups.directMembers(h, g.id()).stream().sorted().map(id -> users.byId(h, id).orElse(null))
                .filter(u -> u != null && !u.isBot()).toList();
        return new ScimGroup(g, members);
    }
}
