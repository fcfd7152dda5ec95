package dev.stoa.cli;

import dev.stoa.app.Bootstrap;
import dev.stoa.app.Stoa;
import dev.stoa.cli.demo.Demo;
import dev.stoa.cluster.ClusterDemo;
import dev.stoa.config.Config;
import dev.stoa.ops.LogSetup;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Command line: `run` starts the server in the foreground; the other commands administer users. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        int code = exec(args);
        if (code != 0) System.exit(code);
    }

    /** Runs a command; returns the process exit code (2 with one clear line on stderr for bad input). */
    static int exec(String[] args) {
        String cmd = args.length == 0 ? "run" : args[0];
        String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
        try {
            if (cmd.equals("run")) run(rest);
            else if (cmd.equals("help") || cmd.equals("--help")) System.out.println(Admin.USAGE);
            else if (cmd.equals("demo")) Demo.run(rest);
            else if (cmd.equals("aot-train")) AotTraining.run(); // the `stoa` script's start-up cache, once per jar
            else if (cmd.equals("cluster-demo")) ClusterDemo.run(rest);
            else Admin.run(cmd, rest);
            return 0;
        } catch (Config.ConfigError | Admin.AdminError | Demo.DemoError | ClusterDemo.DemoError e) {
            System.err.println("stoa: " + e.getMessage());
            return 2;
        } catch (Exception e) {
            System.err.println("stoa: " + rootMessage(e));
            return 1;
        }
    }

    private static void run(String[] args) {
        Config config = Config.parse(args, System.getenv());
        LogSetup.use(config.ops().jsonLogs());
        Stoa stoa;
        try {
            stoa = Stoa.start(config, Clock.systemUTC());
        } catch (Exception e) {
            throw new Config.ConfigError("cannot start: " + rootMessage(e));
        }
        Bootstrap.Owner owner = stoa.createdOwner();
        if (config.ops().jsonLogs()) {
            jsonBanner(config, stoa, owner);
        } else if (owner != null) {
            System.out.println("Created the organization and its owner (shown only this once):");
            System.out.println("  email:    " + owner.user().deliveryEmail());
            System.out.println("  password: " + owner.password());
            System.out.println("  API key:  " + owner.user().apiKey());
            System.out.println("  zuliprc:  " + config.dataDir().resolve("zuliprc").toAbsolutePath());
            System.out.println("Open " + config.webUrl() + " in a browser and log in with this email and password.");
        }
        if (!config.ops().jsonLogs()) {
            System.out.println(PhoneHint.line(config)); // before the listening line, which tells watchers the start is done
            System.out.println("Stoa is listening on " + config.externalUrl() + " (port " + stoa.port() + ")"
                    + (stoa.metricsPort() < 0 ? "" : "; metrics on " + config.ops().metricsHost() + ":" + stoa.metricsPort()) + "; " + dataLine(config));
            // Said by the server only: the CLI commands build the same modules and must stay quiet.
            if (!config.mail().configured()) System.out.println("No --smtp-url set: the server's mail (invitations, reset links, notices) waits in the outbox.");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (config.ops().jsonLogs()) LoggerFactory.getLogger(Main.class).info("Stoa is stopping");
            else System.out.println("Stoa is stopping");
            stoa.close();
            stopped.countDown();
        }, "stoa-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * With --log-format json everything the server says is a log line, so a log collector reads
     * it all; the first start's password and API key are not among them (logs keep no secrets):
     * the zuliprc holds the key, and `./stoa reset-password` sets a password.
     */
    private static void jsonBanner(Config config, Stoa stoa, Bootstrap.Owner owner) {
        Logger log = LoggerFactory.getLogger(Main.class);
        if (owner != null) {
            log.info("Created the organization and its owner {}; the API key is in {}; set a password with ./stoa reset-password --email {}",
                    owner.user().deliveryEmail(), config.dataDir().resolve("zuliprc").toAbsolutePath(), owner.user().deliveryEmail());
        }
        log.info("Stoa is listening on {} (port {}){}; {}", config.externalUrl(), stoa.port(),
                stoa.metricsPort() < 0 ? "" : "; metrics on port " + stoa.metricsPort(), dataLine(config));
        if (!config.mail().configured()) log.info("No --smtp-url set: the server's mail (invitations, reset links, notices) waits in the outbox.");
    }

    /** Where the data lives: the database (never its password), the data directory and, with S3, the bucket. */
    static String dataLine(Config config) {
        Path dir = config.dataDir().toAbsolutePath().normalize();
        String db = config.databaseUrl() == null ? "SQLite database " + dir.resolve("stoa.db")
                : "PostgreSQL " + config.databaseUrl().replaceAll("(?i)(password=)[^&]*", "$1***").replaceAll("//([^/@:]*):[^/@]*@", "//$1:***@");
        return "data: " + db + ", files under " + dir + (config.storage().kind().equals("local") ? "" : ", uploads in " + config.storage());
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
