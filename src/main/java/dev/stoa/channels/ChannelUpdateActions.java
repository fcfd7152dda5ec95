package dev.stoa.channels;

import dev.stoa.events.Hints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.ChannelEvent;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Changes to a channel's settings, archiving, default channels and per-user subscription
 * properties. Stream update events go to users who saw the channel before and after; a change
 * of visibility (privacy, group settings) sends stream create/delete to those who gain/lose it.
 */
public final class ChannelUpdateActions {
    private final Db db;
    private final EventLog log;
    private final ChannelStore channels;
    private final SubscriptionStore subs;
    private final ChannelAccess access;
    private final ChannelJson json;
    private final ChannelActions base;
    private final ChannelUpdateRules rules;

    public ChannelUpdateActions(Db db, EventLog log, ChannelStore channels, SubscriptionStore subs, FolderStore folders,
                                ChannelAccess access, GroupSettings groupSettings, ChannelCreateRules create, ChannelJson json,
                                ChannelActions base) {
        this.rules = new ChannelUpdateRules(channels, folders, access, groupSettings, create, json);
        this.db = db;
        this.log = log;
        this.channels = channels;
        this.subs = subs;
        this.access = access;
        this.json = json;
        this.base = base;
    }

    /** One stream update event: property, value, and fields that travel with it (rendered_description...). */
    public record Change(String property, JsonNode value, ObjectNode with) {
        public static Change of(String property, JsonNode value) { return new Change(property, value, null); }
    }

    /** What PATCH /streams/{id} asks, parsed: null (or not given) leaves a field as it is. */
    public record UpdateInput(long channelId, String description, String newName, Boolean isPrivate, Boolean webPublic,
                              Boolean history, Boolean isDefault, boolean retentionGiven, Integer retention, Boolean archived,
                              boolean folderGiven, Long folderId, String topicsPolicy, ObjectNode groups) {
        /** Whether the request changes who may access the channel. */
        boolean permissions() {
            return isPrivate != null || webPublic != null || history != null || !groups.isEmpty();
        }
    }

    /**
     * PATCH /streams/{id}: organization administrators and members of the channel's
     * can_administer_channel_group; permission changes to a private channel also need content
     * access. One transaction on the locked row: two administrators changing different fields at
     * once both keep their change, and each event says what really changed.
     */
    public void checkUpdate(User caller, UpdateInput in) {
        if (in.retentionGiven() && !caller.isOwner()) throw CommonErrors.mustBeOrganizationOwner();
        db.write(tx -> {
            channels.lock(tx, in.channelId());
            Channel old = access.visible(tx.h(), caller, in.channelId());
            if (!access.canAdminister(tx.h(), caller, old)) throw notAdministrator();
            if (in.permissions() && old.inviteOnly()
                    && !access.canAccessContent(tx.h(), caller, old, subs.isSubscribed(tx.h(), caller.id(), old.id()))) {
                throw ChannelErrors.contentAccessRequired();
            }
            List<Change> changes = new ArrayList<>();
            Channel updated = rules.apply(tx.h(), caller, old, in, changes);
            boolean unarchive = old.isArchived() && !updated.isArchived();
            if (!changes.isEmpty() || unarchive) update(tx, old, updated, changes);
            if (in.isDefault() != null) setDefault(tx, updated, in.isDefault());
            return null;
        });
    }

    static ApiError notAdministrator() {
        return ChannelErrors.noPermissionToAdministerChannel();
    }

    /**
     * Writes `updated` over `old` (the locked row) and sends one stream update per change to the
     * users who see the channel before and after; those who gain or lose sight get create/delete.
     */
    private void update(Tx tx, Channel old, Channel updated, List<Change> changes) {
        List<User> active = base.activeUsers(tx);
        Set<Long> before = new HashSet<>(access.audience(tx.h(), old, active));
        List<Change> sent = new ArrayList<>();
        if (old.isArchived() && !updated.isArchived()) sent.add(Change.of("is_archived", Json.MAPPER.getNodeFactory().booleanNode(false)));
        sent.addAll(changes);
        int policy = json.streamPostPolicy(updated);
        if (policy != json.streamPostPolicy(old)) {
            // Zulip also sends the legacy is_announcement_only (policy 2: administrators only) for old clients
            sent.add(Change.of("stream_post_policy", Json.MAPPER.getNodeFactory().numberNode(policy)));
            sent.add(Change.of("is_announcement_only", Json.MAPPER.getNodeFactory().booleanNode(policy == 2)));
        }
        channels.update(tx, old, updated);
        List<Long> after = access.audience(tx.h(), updated, active);
        List<Long> both = after.stream().filter(before::contains).toList();
        base.lost(tx, updated, before, after);
        for (Change ch : sent) {
            if (both.isEmpty()) break;
            ObjectNode extras = ch.with() == null ? null : ch.with().deepCopy();
            Hints hints = Hints.NONE.withArchived(updated.isArchived());
            // subscriber_count 0: restoreForLegacyClients then tells these clients every subscriber (peer_add, or their subscription add)
            if (ch.property().equals("is_archived")) hints = hints.withStream(json.stream(updated, 0));
            String name = ch.property().equals("name") ? old.name() : updated.name();
            log.append(tx, new ChannelEvent.StreamUpdate(updated.id(), name, ch.property(), ch.value(), extras, hints), Recipients.users(both));
        }
        base.gained(tx, updated, before, after, subs.subscribers(tx.h(), updated.id()), Set.of());
        if (old.isArchived() && !updated.isArchived()) base.restoreForLegacyClients(tx, updated, after, active);
    }

    /** DELETE /streams/{id}: channel administrators archive a channel they can see. */
    public void checkArchive(User caller, long channelId) {
        db.write(tx -> {
            channels.lock(tx, channelId);
            Channel c = access.visible(tx.h(), caller, channelId);
            if (!access.canAdminister(tx.h(), caller, c)) throw notAdministrator();
            archive(tx, c);
            return null;
        });
    }

    /** Archives a channel (it stops being a default channel). */
    private void archive(Tx tx, Channel old) {
        if (old.isArchived()) throw ChannelErrors.channelAlreadyDeactivated();
        Channel archived = withArchived(old, true);
        List<Long> audience = access.audience(tx.h(), old, base.activeUsers(tx));
        channels.update(tx, old, archived);
        setDefault(tx, archived, false);
        if (!audience.isEmpty()) {
            log.append(tx, new ChannelEvent.StreamUpdate(old.id(), old.name(), "is_archived",
                    Json.MAPPER.getNodeFactory().booleanNode(true), null, Hints.NONE.withArchived(true)), Recipients.users(audience));
        }
    }

    static Channel withArchived(Channel c, boolean archived) {
        return new Channel(c.id(), c.name(), c.description(), c.renderedDescription(), c.inviteOnly(), c.isWebPublic(),
                c.historyPublicToSubscribers(), c.messageRetentionDays(), c.dateCreated(), c.creatorId(), c.folderId(),
                c.topicsPolicy(), archived, c.firstMessageId(), c.settings());
    }

    /** POST/DELETE /default_streams: administrators; only a visible, public, unarchived channel becomes a default. */
    public void checkSetDefault(User caller, long channelId, boolean makeDefault) {
        UserRules.requireAdmin(caller);
        db.write(tx -> {
            Channel c = access.visible(tx.h(), caller, channelId);
            if (makeDefault && c.inviteOnly()) throw ChannelErrors.privateChannelsCannotBeMadeDefault();
            if (makeDefault && c.isArchived()) throw ChannelAccess.invalidId();
            setDefault(tx, c, makeDefault);
            return null;
        });
    }

    private void setDefault(Tx tx, Channel c, boolean makeDefault) {
        boolean changed = makeDefault ? channels.addDefault(tx, c.id()) : channels.removeDefault(tx, c.id());
        if (changed) log.append(tx, new ChannelEvent.DefaultStreams(channels.defaultChannelIds(tx.h())), Recipients.all());
    }

    /** One subscription property change: the column and value stored, and the events' property/value pairs. */
    public record SubChange(long channelId, String column, Object stored, List<String> eventProperties, List<JsonNode> eventValues) {}

    /** The caller's own properties: each channel must be visible and the caller subscribed; all or nothing. */
    public void checkSetSubscriptionProperties(User caller, List<SubChange> changes) {
        db.write(tx -> {
            for (SubChange c : changes) {
                access.visible(tx.h(), caller, c.channelId());
                if (!subs.isSubscribed(tx.h(), caller.id(), c.channelId())) throw ChannelErrors.notSubscribedToChannel(c.channelId());
            }
            for (SubChange c : changes) {
                subs.setProperty(tx.h(), caller.id(), c.channelId(), c.column(), c.stored());
                for (int i = 0; i < c.eventProperties().size(); i++) {
                    log.append(tx, new ChannelEvent.SubscriptionUpdate(c.channelId(), c.eventProperties().get(i), c.eventValues().get(i)),
                            Recipients.users(caller.id()));
                }
            }
            return null;
        });
    }
}
