package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import java.util.List;
import java.util.Objects;
import org.jdbi.v3.core.Handle;

/**
 * PATCH /streams/{id} against the current row: validates what was asked, builds the new row and
 * the stream update events of the fields that really change (a field asked with its current value
 * changes nothing and sends nothing). Runs inside the updating transaction, on the locked row.
 */
final class ChannelUpdateRules {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final ChannelStore channels;
    private final FolderStore folders;
    private final ChannelAccess access;
    private final GroupSettings groupSettings;
    private final ChannelCreateRules create;
    private final ChannelJson json;

    ChannelUpdateRules(ChannelStore channels, FolderStore folders, ChannelAccess access, GroupSettings groupSettings,
                       ChannelCreateRules create, ChannelJson json) {
        this.channels = channels;
        this.folders = folders;
        this.access = access;
        this.groupSettings = groupSettings;
        this.create = create;
        this.json = json;
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

    /** The new row; `changes` receives one entry per changed property, in Zulip's order. */
    Channel apply(Handle h, User me, Channel c, ChannelUpdateActions.UpdateInput a, List<ChannelUpdateActions.Change> changes) {
        Draft d = new Draft(c);
        naming(h, c, a, d, changes);
        privacy(h, me, c, a, d, changes);
        retentionFolderPolicy(h, me, c, a, d, changes);
        if (a.archived() != null) {
            if (a.archived() && !c.isArchived()) throw CommonErrors.invalidParameters();
            if (!a.archived() && c.isArchived()) d.archived = false;
        }
        d.settings = groups(h, c, a.groups(), changes);
        if (a.permissions()) create.checkTopicGroup(d.inviteOnly, d.history, d.settings.get("can_create_topic_group"));
        return d.toChannel(c);
    }

    private void naming(Handle h, Channel c, ChannelUpdateActions.UpdateInput a, Draft d, List<ChannelUpdateActions.Change> changes) {
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
    private void privacy(Handle h, User me, Channel c, ChannelUpdateActions.UpdateInput a, Draft d,
                         List<ChannelUpdateActions.Change> changes) {
        d.inviteOnly = a.isPrivate() != null ? a.isPrivate() : c.inviteOnly();
        d.webPublic = a.webPublic() != null ? a.webPublic() : (Boolean.TRUE.equals(a.isPrivate()) ? false : c.isWebPublic());
        if (d.inviteOnly && d.webPublic) throw CommonErrors.invalidParameters();
        if (Boolean.TRUE.equals(a.webPublic()) && !c.isWebPublic()) create.checkCanCreate(h, me, false, true);
        d.history = a.history() != null ? a.history() : (d.inviteOnly ? c.historyPublicToSubscribers() : true);
        if (!d.inviteOnly && !d.history) throw CommonErrors.invalidParameters();
        if (Boolean.TRUE.equals(a.isDefault()) && d.inviteOnly) throw ChannelErrors.defaultChannelCannotBePrivate();
        if (d.inviteOnly && !c.inviteOnly() && channels.isDefault(h, c.id()) && !Boolean.FALSE.equals(a.isDefault())) {
            throw ChannelErrors.defaultChannelCannotBePrivate();
        }
        ObjectNode with = Json.object().put("history_public_to_subscribers", d.history).put("is_web_public", d.webPublic);
        if (d.inviteOnly != c.inviteOnly()) changes.add(new ChannelUpdateActions.Change("invite_only", F.booleanNode(d.inviteOnly), with));
        if (d.webPublic != c.isWebPublic()) changes.add(ChannelUpdateActions.Change.of("is_web_public", F.booleanNode(d.webPublic)));
        if (d.history != c.historyPublicToSubscribers()) {
            changes.add(ChannelUpdateActions.Change.of("history_public_to_subscribers", F.booleanNode(d.history)));
        }
    }

    private void retentionFolderPolicy(Handle h, User me, Channel c, ChannelUpdateActions.UpdateInput a, Draft d,
                                       List<ChannelUpdateActions.Change> changes) {
        if (a.retentionGiven() && !Objects.equals(a.retention(), c.messageRetentionDays())) {
            d.retention = a.retention();
            changes.add(ChannelUpdateActions.Change.of("message_retention_days", d.retention == null ? F.nullNode() : F.numberNode(d.retention)));
        }
        if (a.folderGiven() && !Objects.equals(a.folderId(), c.folderId())) {
            if (a.folderId() != null && folders.byId(h, a.folderId()).filter(f -> !f.isArchived()).isEmpty()) {
                throw ChannelErrors.invalidChannelFolderId();
            }
            d.folder = a.folderId();
            changes.add(ChannelUpdateActions.Change.of("folder_id", d.folder == null ? F.nullNode() : F.numberNode(d.folder)));
        }
        if (a.topicsPolicy() != null && !a.topicsPolicy().equals(c.topicsPolicy())) {
            if (!access.inRealmGroup(h, me, "can_set_topics_policy_group")) throw CommonErrors.insufficientPermission();
            if (a.topicsPolicy().equals("empty_topic_only") && channels.hasNamedTopics(h, c.id())) {
                throw ChannelErrors.messagesOutsideGeneralChat();
            }
            d.policy = a.topicsPolicy();
            changes.add(ChannelUpdateActions.Change.of("topics_policy", F.textNode(d.policy)));
        }
    }

    /** Update-style {new, old} values; a stale `old` is rejected as Zulip does. */
    private ObjectNode groups(Handle h, Channel c, ObjectNode asked, List<ChannelUpdateActions.Change> changes) {
        ObjectNode settings = c.settings().deepCopy();
        for (var e : asked.properties()) {
            String s = e.getKey();
            JsonNode newValue = groupSettings.parse(h, s, e.getValue().get("new"));
            if (e.getValue().has("old")) {
                JsonNode old = groupSettings.parse(h, s, e.getValue().get("old"));
                if (!GroupSettings.same(old, c.setting(s))) throw ChannelErrors.oldValueMismatch();
            }
            if (GroupSettings.same(newValue, c.setting(s))) continue;
            settings.set(s, newValue);
            changes.add(ChannelUpdateActions.Change.of(s, newValue));
        }
        return settings;
    }
}
