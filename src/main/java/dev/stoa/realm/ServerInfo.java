package dev.stoa.realm;

import java.util.Map;

/** Constants every register answer and server_settings carry. */
public final class ServerInfo {
    /** Changes on every start so that clients notice a restart. */
    public static final long GENERATION = System.currentTimeMillis() / 1000;

    private ServerInfo() {}

    public static Map<String, String> registerKeys() {
        return Map.of("zulip_version", Realm.ZULIP_VERSION, "zulip_merge_base", Realm.ZULIP_VERSION,
                "zulip_feature_level", String.valueOf(Realm.FEATURE_LEVEL));
    }
}
