package dev.stoa;

import java.util.Map;

/**
 * Operations (issue 17): --log-format (text, the default, or json: one JSON object per line),
 * --metrics-port (a second listener that serves /metrics in Prometheus' text format, with /health
 * and /ready; off by default, 0 picks a free port) and --metrics-host (its address, default
 * 127.0.0.1: metrics are for the operator's scraper, not for the internet); or the STOA_*
 * environment variables of the same names.
 */
public record OpsConfig(String logFormat, Integer metricsPort, String metricsHost) {
    static final String[] NAMES = {"log-format", "metrics-port", "metrics-host"};

    public static final OpsConfig DEFAULT = new OpsConfig("text", null, "127.0.0.1");

    public boolean jsonLogs() { return logFormat.equals("json"); }

    static OpsConfig from(Map<String, String> v) {
        String format = v.getOrDefault("log-format", "text").strip().toLowerCase(java.util.Locale.ROOT);
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
        return new OpsConfig(format, port, v.getOrDefault("metrics-host", "127.0.0.1").strip());
    }

    public OpsConfig withMetricsPort(Integer port) { return new OpsConfig(logFormat, port, metricsHost); }
}
