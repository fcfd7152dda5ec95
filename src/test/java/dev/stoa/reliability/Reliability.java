package dev.stoa.reliability;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Small helpers the reliability suites share: seeds, the witness round trip, diffs. */
final class Reliability {
    private Reliability() {}

    /** The seed from a system property; "random" (or unset with stoa.reliability.random) draws a new one. Printed by callers. */
    static long seed(String property) {
        String v = System.getProperty(property);
        if (v == null) return Boolean.getBoolean("stoa.reliability.random") ? System.nanoTime() : 16;
        return v.equals("random") ? System.nanoTime() : Long.parseLong(v);
    }

    record Timed(long sendMs, long fetchMs) {}

    /**
     * A user outside the attack sends and fetches a message, timed; both must succeed. A direct message to
     * oneself, which no setting an attacker may change forbids (generated ids may hit the witness too, so
     * the referee first reactivates it).
     */
    static Timed witnessRoundTrip(Fixture fx) {
        fx.referee.post("/users/" + fx.witness.userId + "/reactivate");
        String text = "witness " + System.nanoTime();
        long t0 = System.nanoTime();
        long id = fx.witness.post("/messages", "type", "direct", "to", List.of(fx.witness.userId), "content", text)
                .success().get("id").asLong();
        long t1 = System.nanoTime();
        var got = fx.witness.get("/messages", "anchor", String.valueOf(id), "num_before", "0", "num_after", "0").success();
        long t2 = System.nanoTime();
        if (!got.get("messages").get(0).get("content").asText().contains(text.substring(8))) throw new AssertionError("witness message not fetched: " + got);
        return new Timed((t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
    }

    static String diff(Map<String, Integer> a, Map<String, Integer> b) {
        Map<String, String> out = new TreeMap<>();
        for (String k : a.keySet()) if (!a.get(k).equals(b.get(k))) out.put(k, "changed");
        return out.toString();
    }

    static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }
}
