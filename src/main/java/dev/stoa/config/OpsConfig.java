package dev.stoa.config;

import java.util.Locale;
import java.util.Map;

/**
 * Operations (issue 17): --log-format (text, the default, or json: one JSON object per line),
 * --metrics-port (a second listener that serves /metrics in Prometheus' text format, with /health
 * and /ready; off by default, 0 picks a free port) and --metrics-host (its address, default
 * 127.0.0.1: metrics are for the operator's scraper, not for the internet); or the STOA_*
 * environment variables of the same names. --max-waiting-writes (issue 15): how many requests may
 * wait for the database's write path before more are refused at once with a 503 (db.Db's admission).
 * {@code pollGathering} is no flag: how a long-poll gathers events on a busy node (issue 31), chosen
 * by measurement; tests change it. --soft-deactivation-days (issue 31): after how many whole days
 * without a request a person is soft-deactivated (Zulip's soft_deactivate_users --inactive-for,
 * 28 by default; 0: never), see messages.SoftDeactivation.
 */
public record OpsConfig(String logFormat, Integer metricsPort, String metricsHost, int maxWaitingWrites, PollGathering pollGathering,
                        int softDeactivationDays) {
    static final String[] NAMES = {"log-format", "metrics-port", "metrics-host", "max-waiting-writes", "soft-deactivation-days"};

    /** Zulip's default (soft_deactivate_users --inactive-for). */
    public static final int DEFAULT_SOFT_DEACTIVATION_DAYS = 28;

    /**
     * A send holds SQLite's writer ~1-3 ms: 64 waiting is well under a second of work, so an accepted
     * request still meets the health bar, and a burst (a GC pause, a reconnect storm) is absorbed.
     */
    public static final int DEFAULT_MAX_WAITING_WRITES = 64;

    /**
     * A poll that finds events already waiting when it arrives (they come faster than its client turns
     * over) waits up to {@code gatherMillis} from its arrival for more, while this node answers at
     * least {@code busyTurnoversPerSecond} polls with events a second; 0 ms: never. Measured in
     * docs/DEVELOPING.md ("Gathering long-polls").
     */
    public record PollGathering(int gatherMillis, int busyTurnoversPerSecond) {
        public static final PollGathering DEFAULT = new PollGathering(10, 1_000);
    }

    public static final OpsConfig DEFAULT = new OpsConfig("text", null, "127.0.0.1", DEFAULT_MAX_WAITING_WRITES, PollGathering.DEFAULT,
            DEFAULT_SOFT_DEACTIVATION_DAYS);

    public boolean jsonLogs() { return logFormat.equals("json"); }

    static OpsConfig from(Map<String, String> v) {
        String format = v.getOrDefault("log-format", "text").strip().toLowerCase(Locale.ROOT);
        if (!format.equals("text") && !format.equals("json")) throw new Config.ConfigError("--log-format must be text or json, got '" + format + "'");
        Integer port = null;
        String p = v.get("metrics-port");
        if (p != null && !p.isBlank() && !p.strip().equals("off")) {
            try {
                port = Integer.parseInt(p.strip());
                if (port < 0 || port > 65535) throw new NumberFormatException();
            } catch (NumberFormatException e) {
                throw new Config.ConfigError("--metrics-port must be off or a port from 0 to 65535, got '" + p + "'");
            }
        }
        return new OpsConfig(format, port, v.getOrDefault("metrics-host", "127.0.0.1").strip(), fromZero(v.get("max-waiting-writes"), DEFAULT_MAX_WAITING_WRITES, "max-waiting-writes"),
                PollGathering.DEFAULT, fromZero(v.get("soft-deactivation-days"), DEFAULT_SOFT_DEACTIVATION_DAYS, "soft-deactivation-days"));
    }

    /** A flag's whole number from 0, or its default when unset or blank. */
    private static int fromZero(String s, int dflt, String flag) {
        if (s == null || s.isBlank()) return dflt;
        try {
            int n = Integer.parseInt(s.strip());
            if (n < 0) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new Config.ConfigError("--" + flag + " must be an integer from 0, got '" + s + "'");
        }
    }

    public OpsConfig withMetricsPort(Integer port) { return new OpsConfig(logFormat, port, metricsHost, maxWaitingWrites, pollGathering, softDeactivationDays); }

    public OpsConfig withMaxWaitingWrites(int n) { return new OpsConfig(logFormat, metricsPort, metricsHost, n, pollGathering, softDeactivationDays); }

    public OpsConfig withPollGathering(PollGathering g) { return new OpsConfig(logFormat, metricsPort, metricsHost, maxWaitingWrites, g, softDeactivationDays); }
}
