package dev.stoa.config;

import dev.stoa.markdown.Katex;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Server configuration from flags (--name value or --name=value) or environment variables
 * (STOA_NAME) or a TOML file (--config, see ConfigFile). Invalid configuration is a ConfigError with one clear line.
 */
public record Config(String host, int port, Path dataDir, String databaseUrl, String externalUrl,
                     int userRateLimit, int ipRateLimit, int loginFailureLimit, long heartbeatMillis,
                     long collectorMillis, ExtrasConfig extras, long maxUploadMib, Path katexDir, MailConfig mail, OpsConfig ops,
                     StorageConfig storage, SharedConfig shared, SignInConfig signIn, PushConfig push, BotsConfig bots) {

    public static final class ConfigError extends RuntimeException {
        public ConfigError(String msg) { super(msg); }
    }

    private static final String[] NAMES = Stream.concat(Stream.of("host", "port", "data-dir",
            "database-url", "external-url", "rate-limit-user", "rate-limit-ip", "rate-limit-login", "max-upload-mib", "katex-dir"),
            Stream.of(ExtrasConfig.NAMES, MailConfig.NAMES, OpsConfig.NAMES, StorageConfig.NAMES, SharedConfig.NAMES, SignInConfig.NAMES, PushConfig.NAMES, BotsConfig.NAMES).flatMap(Arrays::stream))
            .toArray(String[]::new);

    /** Flags win over the environment, which wins over the --config file (ConfigFile), which wins over defaults. */
    public static Config parse(String[] args, Map<String, String> env) {
        Path file = ConfigFile.named(args, env);
        Map<String, String> v = file == null ? new HashMap<>() : ConfigFile.read(file, Arrays.asList(NAMES));
        for (String n : NAMES) {
            String e = env.get("STOA_" + n.toUpperCase().replace('-', '_'));
            if (e != null && !e.isEmpty()) v.put(n, e);
        }
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) throw new ConfigError("unexpected argument '" + a + "'");
            String name = a.substring(2), value;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            } else {
                if (i + 1 >= args.length) throw new ConfigError("--" + name + " needs a value");
                value = args[++i];
            }
            if (name.equals("config")) continue; // read first, by ConfigFile
            if (!Arrays.asList(NAMES).contains(name)) throw new ConfigError("unknown option --" + name);
            v.put(name, value);
        }
        return from(v);
    }

    private static Config from(Map<String, String> v) {
        String host = v.getOrDefault("host", "127.0.0.1");
        int port = integer(v, "port", 9991, 0, 65535);
        Path data = Path.of(v.getOrDefault("data-dir", "./data"));
        String db = v.get("database-url");
        if (db != null && !db.startsWith("jdbc:postgresql:")) {
            throw new ConfigError("--database-url must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db), got '" + db + "'");
        }
        String ext = v.getOrDefault("external-url", "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port);
        try {
            URI u = URI.create(ext);
            if (u.getScheme() == null || !u.getScheme().matches("https?") || u.getHost() == null) throw new IllegalArgumentException();
        } catch (IllegalArgumentException e) {
            throw new ConfigError("--external-url must be an http(s) URL, got '" + ext + "'");
        }
        if (ext.endsWith("/")) ext = ext.substring(0, ext.length() - 1);
        return new Config(host, port, data, db, ext, integer(v, "rate-limit-user", 200, 1, Integer.MAX_VALUE),
                integer(v, "rate-limit-ip", 100, 1, Integer.MAX_VALUE), integer(v, "rate-limit-login", 5, 1, Integer.MAX_VALUE), 50_000,
                60_000, ExtrasConfig.from(v), integer(v, "max-upload-mib", 25, 1, 1024),
                // The KaTeX helper's directory (node_modules/katex); without it TeX gets Zulip's fallback.
                Path.of(v.getOrDefault("katex-dir", Katex.defaultDir().toString())),
                MailConfig.from(v, URI.create(ext).getHost()), OpsConfig.from(v), StorageConfig.from(v), SharedConfig.from(v), SignInConfig.from(v), PushConfig.from(v), BotsConfig.from(v));
    }

    private static int integer(Map<String, String> v, String name, int dflt, int min, int max) {
        String s = v.get(name);
        if (s == null) return dflt;
        try {
            int n = Integer.parseInt(s.strip());
            if (n < min || n > max) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new ConfigError("--" + name + " must be an integer from " + min + " to " + max + ", got '" + s + "'");
        }
    }

    /** The realm's host name, used in dummy API emails and bot addresses. */
    public String realmHost() {
        return URI.create(externalUrl).getHost();
    }

    /** The web client's address: the external URL with a trailing slash. */
    public String webUrl() {
        return externalUrl.endsWith("/") ? externalUrl : externalUrl + "/";
    }

    public Config withPort(int p) {
        return new Config(host, p, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, push, bots);
    }

    public Config withMaxUploadMib(long mib) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, mib, katexDir, mail, ops, storage, shared, signIn, push, bots);
    }

    public Config withLimits(int user, int ip, int login) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, user, ip, login, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, push, bots);
    }

    public Config withHeartbeatMillis(long ms) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, ms, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, push, bots);
    }

    /** How often the collector runs (default one minute). */
    public Config withCollectorMillis(long ms) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, ms, extras, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, push, bots);
    }

    public Config withExternalUrl(String url) {
        return new Config(host, port, dataDir, databaseUrl, url, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, push, bots);
    }

    public Config withMail(MailConfig m) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, m, ops, storage, shared, signIn, push, bots);
    }

    public Config withShared(SharedConfig s) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, s, signIn, push, bots);
    }

    public Config withExtras(ExtrasConfig e) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, e, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, push, bots);
    }

    public Config withStorage(StorageConfig st) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, st, shared, signIn, push, bots);
    }

    public Config withSignIn(SignInConfig si) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, shared, si, push, bots);
    }

    public Config withOps(OpsConfig o) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, o, storage, shared, signIn, push, bots);
    }

    public Config withPush(PushConfig p) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, p, bots);
    }

    public Config withBots(BotsConfig b) {
        return new Config(host, port, dataDir, databaseUrl, externalUrl, userRateLimit, ipRateLimit, loginFailureLimit, heartbeatMillis, collectorMillis, extras, maxUploadMib, katexDir, mail, ops, storage, shared, signIn, push, b);
    }
}
