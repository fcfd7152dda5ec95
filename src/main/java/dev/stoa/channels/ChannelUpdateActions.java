package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.ChannelEvent;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
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

    public ChannelUpdateActions(Db db, EventLog log, ChannelStore channels, SubscriptionStore subs, ChannelAccess access,
                                ChannelJson json, ChannelActions base) {
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

    /**
     * Writes `updated` (same id as the stored row) and sends one stream update per change;
     * `old` values in group-setting changes were checked by the caller against the row read here.
     */
    public void doUpdate(long channelId, java.util.function.UnaryOperator<Channel> edit, List<Change> changes, Boolean makeDefault) {
        db.write(tx -> {
            Channel old = channels.byId(tx.h(), channelId).orElseThrow(ChannelAccess::invalidId);
            Channel updated = edit.apply(old);
            List<User> active = base.activeUsers(tx);
            Set<Long> before = new HashSet<>(access.audience(tx.h(), old, active));
            List<Change> sent = new java.util.ArrayList<>();
            if (old.isArchived() && !updated.isArchived()) sent.add(Change.of("is_archived", Json.MAPPER.getNodeFactory().booleanNode(false)));
            sent.addAll(changes);
            int policy = json.streamPostPolicy(updated);
            if (policy != json.streamPostPolicy(old)) sent.add(Change.of("stream_post_policy", Json.MAPPER.getNodeFactory().numberNode(policy)));
            channels.update(tx.h(), updated);
            List<Long> after = access.audience(tx.h(), updated, active);
            List<Long> both = after.stream().filter(before::contains).toList();
            base.lost(tx, updated, before, after);
            for (Change ch : sent) {
                if (both.isEmpty()) break;
                ObjectNode extras = ch.with() == null ? Json.object() : ch.with().deepCopy();
                if (updated.isArchived()) extras.put("__archived", true);
                if (ch.property().equals("is_archived")) extras.set("__stream", json.stream(updated));
                String name = ch.property().equals("name") ? old.name() : updated.name();
                log.append(tx, new ChannelEvent.StreamUpdate(updated.id(), name, ch.property(), ch.value(), extras), Recipients.users(both));
            }
            base.gained(tx, updated, before, after, subs.subscribers(tx.h(), channelId), Set.of());
            if (old.isArchived() && !updated.isArchived()) base.restoreForLegacyClients(tx, updated, after, active);
            if (makeDefault != null) setDefault(tx, updated, makeDefault);
            return null;
        });
    }

    /** Archives a channel (it stops being a default channel). */
    public void doArchive(long channelId) {
        db.write(tx -> {
            Channel old = channels.byId(tx.h(), channelId).orElseThrow(ChannelAccess::invalidId);
            if (old.isArchived()) throw ApiError.bad("Channel is already deactivated");
            Channel archived = withArchived(old, true);
            List<Long> audience = access.audience(tx.h(), old, base.activeUsers(tx));
            channels.update(tx.h(), archived);
            setDefault(tx, archived, false);
            if (!audience.isEmpty()) {
                ObjectNode extras = Json.object().put("__archived", true);
                log.append(tx, new ChannelEvent.StreamUpdate(channelId, old.name(), "is_archived",
                        Json.MAPPER.getNodeFactory().booleanNode(true), extras), Recipients.users(audience));
            }
            return null;
        });
    }

    static Channel withArchived(Channel c, boolean archived) {
        return new Channel(c.id(), c.name(), c.description(), c.renderedDescription(), c.inviteOnly(), c.isWebPublic(),
                c.historyPublicToSubscribers(), c.messageRetentionDays(), c.dateCreated(), c.creatorId(), c.folderId(),
                c.topicsPolicy(), archived, c.firstMessageId(), c.settings());
    }

    public void doSetDefault(long channelId, boolean makeDefault) {
        db.write(tx -> {
            Channel c = channels.byId(tx.h(), channelId).orElseThrow(ChannelAccess::invalidId);
            setDefault(tx, c, makeDefault);
            return null;
        });
    }

    private void setDefault(Tx tx, Channel c, boolean makeDefault) {
        boolean changed = makeDefault ? channels.addDefault(tx.h(), c.id()) : channels.removeDefault(tx.h(), c.id());
        if (changed) log.append(tx, new ChannelEvent.DefaultStreams(channels.defaultChannelIds(tx.h())), Recipients.all());
    }

    /** One subscription property change: the column and value stored, and the events' property/value pairs. */
    public record SubChange(long channelId, String column, Object stored, List<String> eventProperties, List<JsonNode> eventValues) {}

    public void doSetSubscriptionProperties(User user, List<SubChange> changes) {
        db.write(tx -> {
            for (SubChange c : changes) {
                if (!subs.isSubscribed(tx.h(), user.id(), c.channelId())) throw ApiError.bad("Not subscribed to channel ID " + c.channelId());
                subs.setProperty(tx.h(), user.id(), c.channelId(), c.column(), c.stored());
                for (int i = 0; i < c.eventProperties().size(); i++) {
                    log.append(tx, new ChannelEvent.SubscriptionUpdate(c.channelId(), c.eventProperties().get(i), c.eventValues().get(i)),
                            Recipients.users(user.id()));
                }
            }
            return null;
        });
    }
}
