package dev.stoa.messages;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** A message row. {@code channelId} is null for direct messages; {@code dmKey} lists the participants of a DM. */
public record Message(
        long id,
        long senderId,
        long recipientId,
        Long channelId,
        String dmKey,
        String topic,
        String content,
        String renderedContent,
        long dateSent,
        Long lastEditTime,
        Long lastMovedTime,
        String client,
        boolean hasLink,
        boolean hasAttachment,
        boolean hasImage) {

    public boolean isChannel() { return channelId != null; }

    /** The participants of a direct message (sender included), sorted. */
    public List<Long> dmUserIds() {
        List<Long> out = new ArrayList<>();
        if (dmKey != null) for (String s : dmKey.split(",")) out.add(Long.parseLong(s));
        return out;
    }

    public static String dmKey(Collection<Long> ids) {
        return ids.stream().distinct().sorted().map(String::valueOf).collect(Collectors.joining(","));
    }
}
