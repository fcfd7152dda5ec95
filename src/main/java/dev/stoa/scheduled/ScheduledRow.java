package dev.stoa.scheduled;

import java.util.List;

/**
 * A scheduled message or reminder. {@code type} is Zulip's "stream" or "private"; {@code to} the
 * recipients of a direct message (the sender alone for a message to oneself), empty for a channel.
 */
public record ScheduledRow(long id, long senderId, String deliveryType, String type, Long channelId, List<Long> to, String topic,
                           String content, String renderedContent, long scheduledTimestamp, boolean readBySender, String client,
                           boolean delivered, boolean failed, String failureMessage, Long reminderTargetMessageId, String reminderNote) {
    public static final String SEND_LATER = "send_later";
    public static final String REMIND = "remind";

    public boolean isReminder() { return REMIND.equals(deliveryType); }

    public boolean isChannel() { return "stream".equals(type); }

    ScheduledRow withDelivery(String newType, Long newChannelId, List<Long> newTo, String newTopic, String newContent, String rendered,
                              long timestamp, String newClient) {
        return new ScheduledRow(id, senderId, deliveryType, newType, newChannelId, newTo, newTopic, newContent, rendered, timestamp,
                readBySender, newClient, delivered, false, null, reminderTargetMessageId, reminderNote);
    }
}
