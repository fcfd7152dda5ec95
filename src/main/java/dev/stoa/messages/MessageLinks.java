package dev.stoa.messages;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * A message's permalink in the web client's hash form (Zulip's near_message_url): the one place
 * reminders and outgoing-webhook notices build it.
 */
public final class MessageLinks {
    private MessageLinks() {}

    /** channel/{id}-{name}/topic/{topic}/near/{id}, or dm/{ids}-{dm|group}/near/{id} (channelId null). */
    public static String near(String externalUrl, Long channelId, String channelName, String topic, Collection<Long> dmUserIds, long messageId) {
        if (channelId != null) {
            return externalUrl + "/#narrow/channel/" + channelId + "-" + hashEncode(channelName.replace(' ', '-')) + "/topic/" + hashEncode(topic)
                    + "/near/" + messageId;
        }
        String ids = dmUserIds.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
        return externalUrl + "/#narrow/dm/" + ids + "-" + (dmUserIds.size() > 2 ? "group" : "dm") + "/near/" + messageId;
    }

    /** Zulip's hash encoding: percent-encoding with '.' for '%' (and '.', '(', ')' escaped the same way). */
    public static String hashEncode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace(".", "%2E").replace("(", "%28")
                .replace(")", "%29").replace('%', '.');
    }
}
