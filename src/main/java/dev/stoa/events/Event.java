package dev.stoa.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An event appended to the realm log: one record per Zulip event type/op, grouped by feature in
 * sealed sub-interfaces of this package. {@link #type()} and {@link #op()} go on the wire; the
 * record's components (snake_cased) are the rest of the payload; what only delivery reads goes in
 * {@link #hints()}, typed, stored beside the payload and never sent.
 */
public sealed interface Event permits UserEvent, RealmEvent, GroupEvent, MiscEvent, MarkdownEvent, ChannelEvent, MessageEvent, OrgEvent, ExportEvent, MobileEvent, RowsChanged {
    EventType type();

    /** The Zulip `op`, or null for event types that have none. */
    default String op() { return null; }

    /** Extra wire keys written at the top level of the payload (a stream update's companions). Null when none. */
    default ObjectNode extras() { return null; }

    /** What delivery's capability rules read beside the payload (per-recipient parts, raw content…); never sent. */
    default Hints hints() { return Hints.NONE; }

    /**
     * How many event ids the entry needs: more than one when some queues receive it split into
     * that many events (delete_message without bulk_message_deletion), each with its own id.
     */
    default int idCount() { return 1; }
}
