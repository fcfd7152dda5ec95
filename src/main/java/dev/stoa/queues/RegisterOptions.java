package dev.stoa.queues;

/** What register's caller asked for, as initial-state contributors need it. */
public record RegisterOptions(
        boolean applyMarkdown,
        boolean clientPublicAvatar,
        String includeSubscribers,     // "true", "false", "partial"
        boolean slimPresence,
        int presenceHistoryLimitDays,
        boolean allPublicStreams,
        QueueSpec spec) {

    public boolean can(String capability) {
        return spec.can(capability);
    }
}
