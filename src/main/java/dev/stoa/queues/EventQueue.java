package dev.stoa.queues;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A queue is a cursor plus a filter. Activity and the acknowledged position live in memory (a
 * poll never writes to the database) and reach the row lazily, for expiry after a restart.
 */
public final class EventQueue {
    final String id;
    final Long userId;
    final QueueSpec spec;
    final long startEventId;
    final long idleTimeoutSecs;
    final long createdAt;
    volatile long lastActivity;
    volatile long acked;
    volatile boolean dirty;
    volatile boolean deleted;
    final AtomicInteger pollers = new AtomicInteger();

    EventQueue(String id, Long userId, QueueSpec spec, long startEventId, long idleTimeoutSecs,
               long createdAt, long lastActivity, long acked) {
        this.id = id;
        this.userId = userId;
        this.spec = spec;
        this.startEventId = startEventId;
        this.idleTimeoutSecs = idleTimeoutSecs;
        this.createdAt = createdAt;
        this.lastActivity = lastActivity;
        this.acked = acked;
    }

    public String id() { return id; }
    public Long userId() { return userId; }
    public QueueSpec spec() { return spec; }

    void touch(long now) {
        lastActivity = now;
        dirty = true;
    }

    void ack(long eventId) {
        if (eventId > acked) {
            acked = eventId;
            dirty = true;
        }
    }

    boolean expired(long now) {
        return pollers.get() == 0 && now - lastActivity > idleTimeoutSecs;
    }
}
