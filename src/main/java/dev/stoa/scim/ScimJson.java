package dev.stoa.scim;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * A person as Zulip's SCIM endpoint shows it (ZulipSCIMUser.to_dict): the core User schema with
 * userName (the delivery address), name (formatted, or givenName/familyName split at the first space
 * for providers without name.formatted, as Okta), displayName, active, Zulip's role name, and meta.
 */
final class ScimJson {
    static final String USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
    static final String GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
    static final String LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
    static final String CONTENT_TYPE = "application/scim+json";
    // Python's datetime.isoformat() of date_joined (whole seconds, so no fraction)
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'+00:00'").withZone(ZoneOffset.UTC);

    private final String usersUrl;
    private final String groupsUrl;
    private final boolean nameFormatted;

    ScimJson(String externalUrl, boolean nameFormatted) {
        this.usersUrl = externalUrl.replaceAll("/+$", "") + "/scim/v2/Users/";
        this.groupsUrl = externalUrl.replaceAll("/+$", "") + "/scim/v2/Groups/";
        this.nameFormatted = nameFormatted;
    }

    String location(User u) { return usersUrl + u.id(); }

    String usersUrl() { return usersUrl; }

    String location(ScimGroupActions.ScimGroup g) { return groupsUrl + g.row().id(); }

    /** ZulipSCIMGroup.to_dict: the members that are people, each with its id (a string, as django-scim2's), location and name. */
    ObjectNode group(ScimGroupActions.ScimGroup g) {
        ObjectNode d = Json.object();
        d.put("id", String.valueOf(g.row().id()));
        d.putArray("schemas").add(GROUP_SCHEMA);
        d.put("displayName", g.row().name());
        var members = d.putArray("members");
        for (User u : g.members()) members.addObject().put("value", String.valueOf(u.id())).put("$ref", location(u)).put("display", u.fullName()).put("type", "User");
        d.putObject("meta").put("resourceType", "Group").put("location", location(g));
        return d;
    }

    ObjectNode groupList(List<ScimGroupActions.ScimGroup> all, int start, int count) {
        int from = Math.min(all.size(), start - 1), to = (int) Math.min(all.size(), (long) from + Math.max(0, count));
        ObjectNode d = Json.object();
        d.putArray("schemas").add(LIST_SCHEMA);
        d.put("totalResults", all.size());
        d.put("itemsPerPage", count);
        d.put("startIndex", start);
        var resources = d.putArray("Resources");
        for (var g : all.subList(from, to)) resources.add(group(g));
        return d;
    }

    static String roleName(int code) { return Role.fromCode(code).name().toLowerCase(Locale.ROOT); }

    ObjectNode user(User u) {
        ObjectNode d = Json.object();
        d.putArray("schemas").add(USER_SCHEMA);
        d.put("id", String.valueOf(u.id()));
        d.put("userName", u.deliveryEmail());
        ObjectNode name = d.putObject("name");
        if (nameFormatted) {
            name.put("formatted", u.fullName());
        } else {
            int space = u.fullName().indexOf(' ');
            name.put("givenName", space < 0 ? u.fullName() : u.fullName().substring(0, space));
            name.put("familyName", space < 0 ? "" : u.fullName().substring(space + 1));
        }
        d.put("displayName", u.fullName());
        d.put("active", u.isActive());
        d.put("role", roleName(u.role()));
        String joined = ISO.format(Instant.ofEpochSecond(u.dateJoined()));
        // lastModified is date_joined, as in Zulip (which notes it does not track changes yet)
        d.putObject("meta").put("resourceType", "User").put("created", joined).put("lastModified", joined).put("location", location(u));
        return d;
    }

    /** RFC 7644 §3.4.2's ListResponse; itemsPerPage is the page size asked for, as Zulip answers. */
    ObjectNode list(int total, int start, int count, List<User> page) {
        ObjectNode d = Json.object();
        d.putArray("schemas").add(LIST_SCHEMA);
        d.put("totalResults", total);
        d.put("itemsPerPage", count);
        d.put("startIndex", start);
        var resources = d.putArray("Resources");
        for (User u : page) resources.add(user(u));
        return d;
    }
}
