package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * stream, subscription, default_streams and channel_folder events. Payloads are built by
 * channels.ChannelJson; capability-dependent forms travel in {@link Hints} that the channel
 * delivery rules (channels.ChannelDelivery) read.
 */
public sealed interface ChannelEvent extends Event {
    /** stream create: `streams` are BasicChannel objects. */
    record StreamCreate(ArrayNode streams, @JsonIgnore Hints hints) implements ChannelEvent {
        public EventType type() { return EventType.STREAM; }
        public String op() { return "create"; }
    }

    /** stream delete: sent when recipients lose sight of a channel (or archive, for clients without archived_channels). */
    record StreamDelete(List<Long> streamIds, ArrayNode streams) implements ChannelEvent {
        public EventType type() { return EventType.STREAM; }
        public String op() { return "delete"; }
    }

    /**
     * stream update of one property; extras: companion wire keys (rendered_description…); hints: archived
     * (channel archived), stream (full object for unarchive).
     */
    record StreamUpdate(long streamId, String name, String property, JsonNode value, @JsonIgnore ObjectNode extras,
                        @JsonIgnore Hints hints) implements ChannelEvent {
        public StreamUpdate(long streamId, String name, String property, JsonNode value) { this(streamId, name, property, value, null, Hints.NONE); }

        public EventType type() { return EventType.STREAM; }
        public String op() { return "update"; }
    }

    /** subscription add for one user; hints: resolved (notification settings resolved), archived ids. */
    record SubscriptionAdd(ArrayNode subscriptions, @JsonIgnore Hints hints) implements ChannelEvent {
        public EventType type() { return EventType.SUBSCRIPTION; }
        public String op() { return "add"; }
    }

    /** subscription remove: `subscriptions` hold stream_id and name. */
    record SubscriptionRemove(ArrayNode subscriptions) implements ChannelEvent {
        public EventType type() { return EventType.SUBSCRIPTION; }
        public String op() { return "remove"; }
    }

    record SubscriptionUpdate(long streamId, String property, JsonNode value) implements ChannelEvent {
        public EventType type() { return EventType.SUBSCRIPTION; }
        public String op() { return "update"; }
    }

    /** peer_add; hints: legacy only, when only clients without archived_channels need it (unarchiving). */
    record PeerAdd(List<Long> streamIds, List<Long> userIds, @JsonIgnore Hints hints) implements ChannelEvent {
        public PeerAdd(List<Long> streamIds, List<Long> userIds) { this(streamIds, userIds, Hints.NONE); }

        public EventType type() { return EventType.SUBSCRIPTION; }
        public String op() { return "peer_add"; }
    }

    record PeerRemove(List<Long> streamIds, List<Long> userIds) implements ChannelEvent {
        public EventType type() { return EventType.SUBSCRIPTION; }
        public String op() { return "peer_remove"; }
    }

    /** default_streams: the ids of every default channel. */
    record DefaultStreams(List<Long> defaultStreams) implements ChannelEvent {
        public EventType type() { return EventType.DEFAULT_STREAMS; }
    }

    record FolderAdd(ObjectNode channelFolder) implements ChannelEvent {
        public EventType type() { return EventType.CHANNEL_FOLDER; }
        public String op() { return "add"; }
    }

    record FolderUpdate(long channelFolderId, ObjectNode data) implements ChannelEvent {
        public EventType type() { return EventType.CHANNEL_FOLDER; }
        public String op() { return "update"; }
    }

    record FolderReorder(List<Long> order) implements ChannelEvent {
        public EventType type() { return EventType.CHANNEL_FOLDER; }
        public String op() { return "reorder"; }
    }
}
