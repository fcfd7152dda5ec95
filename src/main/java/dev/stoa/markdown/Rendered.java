package dev.stoa.markdown;

import java.util.List;
import java.util.Set;

/** Result of rendering one message: the HTML plus the facts the server stores as message flags. */
public record Rendered(
        String html,
        Set<Long> mentionedUserIds,
        Set<Long> silentlyMentionedUserIds,
        Set<Long> mentionedGroupIds,
        boolean streamWildcard,
        boolean topicWildcard,
        boolean hasLink,
        boolean hasImage,
        boolean hasAttachment,
        List<String> uploadPathIds) {}
