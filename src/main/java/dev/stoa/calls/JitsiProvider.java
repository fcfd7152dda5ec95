package dev.stoa.calls;

import java.security.SecureRandom;

/**
 * Jitsi Meet: a room is created by its first visitor, so a meeting is just an unguessable room
 * name on the configured server. No network at request time and no user token.
 */
public final class JitsiProvider implements MeetingProvider {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final String serverUrl;

    public JitsiProvider(String serverUrl) {
        this.serverUrl = serverUrl.endsWith("/") ? serverUrl.substring(0, serverUrl.length() - 1) : serverUrl;
    }

    @Override
    public String key() { return "jitsi"; }

    @Override
    public boolean needsToken() { return false; }

    @Override
    public String createMeeting(String token, boolean videoCall) {
        StringBuilder room = new StringBuilder();
        // 15 random digits, as Zulip's web client makes Jitsi room names; ~50 bits are unguessable enough for a meeting link.
        for (int i = 0; i < 15; i++) room.append((char) ('0' + RANDOM.nextInt(10)));
        String url = serverUrl + "/" + room;
        return videoCall ? url : url + "#config.startWithVideoMuted=true";
    }
}
