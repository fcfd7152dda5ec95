package dev.stoa.testing;

import java.net.URI;
import java.util.UUID;

/** The Redis tests share (CI starts one on 127.0.0.1:6379; STOA_TEST_REDIS_URL overrides), and a key prefix per test server. */
public final class TestRedis {
    private TestRedis() {}

    public static URI url() {
        String u = System.getenv("STOA_TEST_REDIS_URL");
        return URI.create(u == null || u.isEmpty() ? "redis://127.0.0.1:6379" : u);
    }

    /** A prefix no other test server (in this run or a parallel one) uses. */
    public static String freshPrefix() {
        return "stoa-test-" + UUID.randomUUID().toString().substring(0, 12) + ":";
    }
}
