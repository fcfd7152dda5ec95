package dev.stoa.events;

/**
 * An event appended to the realm log: one record per Zulip event type/op, grouped by feature in
 * sealed sub-interfaces of this package. {@link #type()} and {@link #op()} go on the wire; the
 * record's components (snake_cased) are the rest of the payload; delivery-only data goes in
 * "__"-prefixed keys via {@link #extras()}, which capability rendering reads and strips.
 */
public sealed interface Event permits UserEvent, RealmEvent, GroupEvent, MiscEvent, MarkdownEvent, ChannelEvent, MessageEvent, OrgEvent, ExportEvent, MobileEvent {
    String type();

    /** The Zulip `op`, or null for event types that have none. */
    default String op() { return null; }

    /**
     * Extra payload keys: per-recipient parts ("__per_user": {id: {...}}) and delivery hints
     * ("__..." keys) that capability rendering reads and strips. Null when none.
     */
    default com.fasterxml.jackson.databind.node.ObjectNode extras() { return null; }

    /**
     * How many event ids the entry needs: more than one when some queues receive it split into
     * that many events (delete_message without bulk_message_deletion), each with its own id.
     */
    default int idCount() { return 1; }
}
