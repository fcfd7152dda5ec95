package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jdbi.v3.core.Handle;

/**
 * PATCH /streams/{stream_id}: organization administrators and members of the channel's
 * can_administer_channel_group; permission changes to a private channel also need content access.
 */
public final class ChannelUpdateViews {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final Db db;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final FolderStore folders;
    private final ChannelAccess access;
    private final GroupSettings groupSettings;
    private final ChannelUpdateActions updates;
    private final ChannelCreateRules create;
    private final ChannelJson json;

    public ChannelUpdateViews(Db db, ChannelStore channels, SubscriptionStore subs, FolderStore folders, ChannelAccess access,
                              GroupSettings groupSettings, ChannelUpdateActions updates, ChannelCreateRules create, ChannelJson json) {
        this.json = json;
        this.db = db;
        this.channels = channels;
        this.subs = subs;
        this.folders = folders;
        this.access = access;
        this.groupSettings = groupSettings;
        this.updates = updates;
        this.create = create;
    }

    /** What the request asks, parsed before any database read. */
    private record Asked(String description, String newName, Boolean isPrivate, Boolean webPublic, Boolean history,
                         Boolean isDefault, boolean retentionGiven, Integer retention, Boolean archived, boolean folderGiven,
                         Long folderId, String topicsPolicy, ObjectNode groups) {
        boolean permissions() {
            return isPrivate != null || webPublic != null || history != null || !groups.isEmpty();
        }
    }

    private Asked parse(Request req, User me) {
        String description = req.optStr("description").map(ChannelParams::description).orElse(null);
        String newName = req.optStr("new_name").map(ChannelParams::name).orElse(null);
        boolean retentionGiven = req.has("message_retention_days");
        Integer retention = ChannelParams.retention(req);
        if (retentionGiven && !me.isOwner()) throw ApiError.of(ErrorCode.UNAUTHORIZED_PRINCIPAL, "Must be an organization owner");
        boolean folderGiven = req.has("folder_id");
        String folderRaw = req.raw("folder_id");
        Long folderId = folderGiven && !"null".equals(folderRaw) ? req.optLong("folder_id").orElse(null) : null;
        String policy = req.optStr("topics_policy").map(ChannelParams::topicsPolicy).orElse(null);
        ObjectNode groups = Json.object();
        for (String s : GroupSettings.CHANNEL_SETTINGS) {
            JsonNode v = req.json(s);
            if (v == null) continue;
            if (!v.isObject() || !v.has("new")) throw ApiError.bad("Invalid " + s);
            groups.set(s, v);
        }
        return new Asked(description, newName, req.optBool("is_private").orElse(null), req.optBool("is_web_public").orElse(null),
                req.optBool("history_public_to_subscribers").orElse(null), req.optBool("is_default_stream").orElse(null),
                retentionGiven, retention, req.optBool("is_archived").orElse(null), folderGiven, folderId, policy, groups);
    }

    public Object update(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        Asked a = parse(req, me);
        List<ChannelUpdateActions.Change> changes = new ArrayList<>();
        Channel[] result = new Channel[2];
        db.read(h -> {
            Channel c = access.visible(h, me, id);
            if (!access.canAdminister(h, me, c)) throw ApiError.bad("You do not have permission to administer this channel.");
            if (a.permissions() && c.inviteOnly() && !access.canAccessContent(h, me, c, subs.isSubscribed(h, me.id(), id))) {
                throw ApiError.bad("Channel content access is required.");
            }
            result[1] = c;
            result[0] = apply(h, me, c, a, changes);
            return null;
        });
        Channel target = result[0];
        boolean unarchive = result[1].isArchived() && !target.isArchived();
        if (changes.isEmpty() && a.isDefault() == null && !unarchive) return Json.success();
        updates.doUpdate(id, old -> withSettings(target, old), changes, a.isDefault());
        return Json.success();
    }

    /** The row to write: the edited channel, keeping columns other writers own (first_message_id). */
    private static Channel withSettings(Channel edited, Channel current) {
        return new Channel(current.id(), edited.name(), edited.description(), edited.renderedDescription(), edited.inviteOnly(),
                edited.isWebPublic(), edited.historyPublicToSubscribers(), edited.messageRetentionDays(), current.dateCreated(),
                current.creatorId(), edited.folderId(), edited.topicsPolicy(), edited.isArchived(), current.firstMessageId(),
                edited.settings());
    }

    /** The channel being edited: starts as the stored row, each step changes it and records its events. */
    private static final class Draft {
        String name, description, rendered, policy;
        boolean inviteOnly, webPublic, history, archived;
        Integer retention;
        Long folder;
        ObjectNode settings;

        Draft(Channel c) {
            name = c.name();
            description = c.description();
            rendered = c.renderedDescription();
            policy = c.topicsPolicy();
            inviteOnly = c.inviteOnly();
            webPublic = c.isWebPublic();
            history = c.historyPublicToSubscribers();
            archived = c.isArchived();
            retention = c.messageRetentionDays();
            folder = c.folderId();
            settings = c.settings();
        }

        Channel toChannel(Channel c) {
            return new Channel(c.id(), name, description, rendered, inviteOnly, webPublic, history, retention, c.dateCreated(),
                    c.creatorId(), folder, policy, archived, c.firstMessageId(), settings);
        }
    }

    private Channel apply(Handle h, User me, Channel c, Asked a, List<ChannelUpdateActions.Change> changes) {
        Draft d = new Draft(c);
        naming(h, c, a, d, changes);
        privacy(h, me, c, a, d, changes);
        retentionFolderPolicy(h, me, c, a, d, changes);
        if (a.archived() != null) {
            if (a.archived() && !c.isArchived()) throw ApiError.bad("Invalid parameters");
            if (!a.archived() && c.isArchived()) d.archived = false;
        }
        d.settings = groups(h, c, a.groups(), changes);
        if (a.permissions()) create.checkTopicGroup(d.inviteOnly, d.history, d.settings.get("can_create_topic_group"));
        return d.toChannel(c);
    }

    private void naming(Handle h, Channel c, Asked a, Draft d, List<ChannelUpdateActions.Change> changes) {
        if (a.newName() != null && !a.newName().equals(c.name())) {
            channels.byName(h, a.newName()).filter(o -> o.id() != c.id()).ifPresent(o -> { throw ChannelActions.channelExists(a.newName()); });
            d.name = a.newName();
            changes.add(ChannelUpdateActions.Change.of("name", F.textNode(d.name)));
        }
        if (a.description() != null && !a.description().equals(c.description())) {
            d.description = a.description();
            d.rendered = json.renderDescription(d.description);
            changes.add(new ChannelUpdateActions.Change("description", F.textNode(d.description),
                    Json.object().put("rendered_description", d.rendered)));
        }
    }

    /** is_private, is_web_public, history_public_to_subscribers, is_default_stream: the combinations Zulip allows. */
    private void privacy(Handle h, User me, Channel c, Asked a, Draft d, List<ChannelUpdateActions.Change> changes) {
        d.inviteOnly = a.isPrivate() != null ? a.isPrivate() : c.inviteOnly();
        d.webPublic = a.webPublic() != null ? a.webPublic() : (Boolean.TRUE.equals(a.isPrivate()) ? false : c.isWebPublic());
        if (d.inviteOnly && d.webPublic) throw ApiError.bad("Invalid parameters");
        if (Boolean.TRUE.equals(a.webPublic()) && !c.isWebPublic()) create.checkCanCreate(h, me, false, true);
        d.history = a.history() != null ? a.history() : (d.inviteOnly ? c.historyPublicToSubscribers() : true);
        if (!d.inviteOnly && !d.history) throw ApiError.bad("Invalid parameters");
        if (Boolean.TRUE.equals(a.isDefault()) && d.inviteOnly) throw ApiError.bad("A default channel cannot be private.");
        if (d.inviteOnly && !c.inviteOnly() && channels.isDefault(h, c.id()) && !Boolean.FALSE.equals(a.isDefault())) {
            throw ApiError.bad("A default channel cannot be private.");
        }
        ObjectNode with = Json.object().put("history_public_to_subscribers", d.history).put("is_web_public", d.webPublic);
        if (d.inviteOnly != c.inviteOnly()) changes.add(new ChannelUpdateActions.Change("invite_only", F.booleanNode(d.inviteOnly), with));
        if (d.webPublic != c.isWebPublic()) changes.add(ChannelUpdateActions.Change.of("is_web_public", F.booleanNode(d.webPublic)));
        if (d.history != c.historyPublicToSubscribers()) {
            changes.add(ChannelUpdateActions.Change.of("history_public_to_subscribers", F.booleanNode(d.history)));
        }
    }

    private void retentionFolderPolicy(Handle h, User me, Channel c, Asked a, Draft d, List<ChannelUpdateActions.Change> changes) {
        if (a.retentionGiven() && !Objects.equals(a.retention(), c.messageRetentionDays())) {
            d.retention = a.retention();
            changes.add(ChannelUpdateActions.Change.of("message_retention_days", d.retention == null ? F.nullNode() : F.numberNode(d.retention)));
        }
        if (a.folderGiven() && !Objects.equals(a.folderId(), c.folderId())) {
            if (a.folderId() != null && folders.byId(h, a.folderId()).filter(f -> !f.isArchived()).isEmpty()) {
                throw ApiError.bad("Invalid channel folder ID");
            }
            d.folder = a.folderId();
            changes.add(ChannelUpdateActions.Change.of("folder_id", d.folder == null ? F.nullNode() : F.numberNode(d.folder)));
        }
        if (a.topicsPolicy() != null && !a.topicsPolicy().equals(c.topicsPolicy())) {
            if (!access.inRealmGroup(h, me, "can_set_topics_policy_group")) throw ApiError.bad("Insufficient permission");
            if (a.topicsPolicy().equals("empty_topic_only") && hasNamedTopics(h, c.id())) {
                throw ApiError.bad("To enable this configuration, all messages in this channel must be in the general chat topic. "
                        + "Consider renaming or deleting other topics.");
            }
            d.policy = a.topicsPolicy();
            changes.add(ChannelUpdateActions.Change.of("topics_policy", F.textNode(d.policy)));
        }
    }

    /** Whether any message of the channel is outside the empty topic (the messages feature's tables). */
    private static boolean hasNamedTopics(Handle h, long channelId) {
        return h.createQuery("SELECT COUNT(*) FROM messages m JOIN recipients r ON r.id = m.recipient_id "
                + "WHERE r.channel_id = ? AND m.topic <> ''").bind(0, channelId).mapTo(Long.class).one() > 0;
    }

    /** Update-style {new, old} values; a stale `old` is rejected as Zulip does. */
    private ObjectNode groups(Handle h, Channel c, ObjectNode asked, List<ChannelUpdateActions.Change> changes) {
        ObjectNode settings = c.settings().deepCopy();
        for (var e : asked.properties()) {
            String s = e.getKey();
            JsonNode newValue = groupSettings.parse(h, s, e.getValue().get("new"));
            if (e.getValue().has("old")) {
                JsonNode old = groupSettings.parse(h, s, e.getValue().get("old"));
                if (!GroupSettings.same(old, c.setting(s))) throw ApiError.bad("'old' value does not match the expected value.");
            }
            if (GroupSettings.same(newValue, c.setting(s))) continue;
            settings.set(s, newValue);
            changes.add(ChannelUpdateActions.Change.of(s, newValue));
        }
        return settings;
    }
}
