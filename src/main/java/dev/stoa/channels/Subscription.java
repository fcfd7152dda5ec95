package dev.stoa.channels;

/** One user's subscription row; notification settings are null when inherited from the user's defaults. */
public record Subscription(
        long userId,
        long channelId,
        boolean active,
        String color,
        boolean isMuted,
        boolean pinToTop,
        Boolean desktopNotifications,
        Boolean audibleNotifications,
        Boolean pushNotifications,
        Boolean emailNotifications,
        Boolean wildcardMentionsNotify) {
}
