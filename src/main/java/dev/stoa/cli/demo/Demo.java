package dev.stoa.cli.demo;

import dev.stoa.app.Bootstrap;
import dev.stoa.app.Core;
import dev.stoa.app.Modules;
import dev.stoa.config.Config;
import dev.stoa.http.ApiError;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.users.Passwords;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * `./stoa demo`: fills a new organization with a lived-in one (DemoOrg's people, channels and
 * settings, DemoScript's four weeks of history) through the same Core, modules and actions as
 * the server and the other commands, so the data and its events are what the API would have
 * made. It refuses an organization that already has people beyond the first start's owner.
 */
public final class Demo {
    /** Bad input or a refused organization: one clear line, exit code 2 (as the other commands' errors). */
    public static final class DemoError extends RuntimeException {
        DemoError(String msg) { super(msg); }
    }

    static final int WEEKS = 4;
    /** The last day and a half stays unread, so a newcomer sees unread counts. */
    private static final int UNREAD_HOURS = 36;

    /** What the demo made, for the printout (and the test). */
    record Summary(int people, int bots, int channels, int messages, int reactions, int edits, Duration took) {}

    private Demo() {}

    public static void run(String[] args) {
        Config config = Config.parse(args, System.getenv());
        long t0 = System.nanoTime();
        Instant end = Instant.now();
        // People join the day before the history starts, four weeks ago; the clock then follows the history.
        Instant day0 = end.minus(Duration.ofDays(7L * WEEKS)).truncatedTo(ChronoUnit.DAYS);
        DemoClock clock = new DemoClock(day0.minus(Duration.ofHours(16)));
        Core core;
        try {
            core = Core.open(config, clock);
        } catch (IOException | RuntimeException e) {
            throw new DemoError("cannot open the database: " + rootMessage(e));
        }
        try (core) {
            Modules modules = Modules.build(core);
            Bootstrap.Owner created = Bootstrap.ensureRealm(core, modules);
            User owner = created != null ? created.user() : checkOnlyFirstStart(core, config);
            if (created != null) writeZuliprc(config.dataDir().resolve("zuliprc"), core, owner, config);
            String password = Passwords.randomString(12);
            DemoOrg.Cast cast = new DemoOrg(modules, clock).build(owner, password);
            DemoHistory history = new DemoHistory(modules, clock, cast);
            history.play(DemoScript.conversations(), day0, end, UNREAD_HOURS);
            clock.moveTo(Instant.now());
            User iago = cast.people().get("iago");
            writeZuliprc(config.dataDir().resolve("zuliprc-iago"), core, iago, config);
            Summary s = new Summary(cast.people().size(), cast.bots().size(), cast.channelIds().size(), history.messages, history.reactions,
                    history.edits, Duration.ofNanos(System.nanoTime() - t0));
            print(config, s, created, owner, password);
        } catch (ApiError e) {
            throw new DemoError("the demo stopped: " + e.getMessage() + " (what it made so far stays; start again with a new --data-dir)");
        }
    }

    /** The organization may hold only what a first start makes: its owner and the system bots. */
    private static User checkOnlyFirstStart(Core core, Config config) {
        List<User> users = core.db().read(h -> core.users().all(h)).stream().filter(u -> !u.isSystemBot()).toList();
        String where = config.databaseUrl() != null ? "the database " + config.databaseUrl()
                : "the data directory " + config.dataDir().toAbsolutePath();
        if (users.size() > 1) {
            throw new DemoError(where + " already holds an organization with " + users.size()
                    + " users; the demo only fills a new one (its first start made one owner). Use a new --data-dir"
                    + (config.databaseUrl() != null ? " and --database-url." : "."));
        }
        return users.stream().filter(u -> u.role() == Role.OWNER.code).findFirst()
                .orElseThrow(() -> new DemoError(where + " holds an organization without an owner; use a new --data-dir"));
    }

    private static void writeZuliprc(Path file, Core core, User u, Config config) {
        try {
            Bootstrap.writeZuliprc(file, core.userJson().apiEmail(u), u.apiKey(), config.externalUrl());
        } catch (IOException e) {
            throw new DemoError("cannot write " + file + ": " + e.getMessage());
        }
    }

    private static void print(Config config, Summary s, Bootstrap.Owner created, User owner, String password) {
        Path dir = config.dataDir().toAbsolutePath();
        System.out.printf("Built the demo organization in %.1f s: %d people, %d bots, %d channels, %d messages over %d weeks "
                        + "(%d reactions, %d edits), user groups, custom profile fields, linkifiers and a custom emoji.%n",
                s.took().toMillis() / 1000.0, s.people(), s.bots(), s.channels(), s.messages(), WEEKS, s.reactions(), s.edits());
        System.out.println("Every demo user's password: " + password);
        for (DemoOrg.Person p : DemoOrg.PEOPLE.subList(0, 4)) {
            System.out.printf("  %-22s %s (%s)%n", p.email(), p.fullName(), p.role().name().toLowerCase(Locale.ROOT));
        }
        System.out.println("  polonius@zulip.com     Polonius (guest), and " + (DemoOrg.PEOPLE.size() - 5) + " more: othello@, cordelia@, ZOE@, ...");
        if (created != null) {
            System.out.println("The organization's first owner: " + owner.deliveryEmail() + ", password: " + created.password());
        } else {
            System.out.println("The organization's first owner (" + owner.deliveryEmail() + ") keeps the password printed at its first start.");
        }
        System.out.println("zuliprc (the first owner): " + dir.resolve("zuliprc"));
        System.out.println("zuliprc (Iago, whom Zulip's API examples use): " + dir.resolve("zuliprc-iago"));
        System.out.println("Start the server with ./stoa run" + (config.dataDir().equals(Path.of("./data")) ? "" : " --data-dir " + config.dataDir())
                + (config.databaseUrl() == null ? "" : " --database-url '" + config.databaseUrl() + "'")
                + " and open " + config.webUrl());
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
