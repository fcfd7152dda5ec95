package dev.stoa.cli;

import com.unboundid.ldap.sdk.LDAPException;
import dev.stoa.app.Bootstrap;
import dev.stoa.app.Core;
import dev.stoa.app.Modules;
import dev.stoa.cluster.ClusterDemo;
import dev.stoa.config.Config;
import dev.stoa.config.SignInConfig;
import dev.stoa.config.StorageConfig;
import dev.stoa.db.Db;
import dev.stoa.export.Exporter;
import dev.stoa.export.Importer;
import dev.stoa.http.ApiError;
import dev.stoa.identity.Role;
import dev.stoa.identity.User;
import dev.stoa.push.RelayClient;
import dev.stoa.users.Passwords;
import dev.stoa.users.UserActions;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The administration commands. They build the same Core and feature modules as the server and
 * change the database through the same actions, so they append the same events (a running
 * server's clients get them through its log tailer).
 */
final class Admin {
    static final class AdminError extends RuntimeException {
        AdminError(String msg) { super(msg); }
    }

    static final String USAGE = """
            usage: ./stoa <command> [options]
              run                     start the server (options: --host --port --data-dir --database-url --external-url)
              demo                    fill a new organization with a lived-in demo one (people, channels, weeks of history);
                                      prints how to log in (takes run's options; refuses an organization already in use)
            """ + ClusterDemo.USAGE.indent(2) + """
              create-user  --email E --full-name N [--password P] [--role owner|administrator|moderator|member|guest]
              create-bot   --short-name S --full-name N --owner EMAIL [--bot-type 1|2|3]
              change-role  --email E --role ROLE
              reset-password --email E [--password P]
              deactivate   --email E
              zuliprc      --email E
              set-upload-quota --mib N|none
                                      the organization's upload quota (Zulip's upload_quota_mib); none: no quota
              deactivate-realm        deactivate the organization: every API request then answers REALM_DEACTIVATED
              reactivate-realm        reactivate it
              export       --file F [--export-type full|full_with_consent|public]
                                      write a data export of the organization (docs/export-format.md); default full
              import       --file F   restore an export into an EMPTY data directory (or --database-url database);
                                      then start the server on it with ./stoa run
              backup       --file F [--files include|skip]
                                      a consistent snapshot of a running (or stopped) server: the database (SQLite's
                                      VACUUM INTO, or pg_dump) and the stored files (local storage; with S3 they stay
                                      in the bucket unless --files include) (docs/storage-and-backup.md)
              sync-ldap               update every account the LDAP directory manages from it (name, profile fields,
                                      deactivation); takes the LDAP options (--ldap-url ..., or --config F)
              register-push-relay     register this server with the push relay (Zulip's register_server); takes
                                      --push-relay-url --push-relay-org-id --push-relay-org-key(-file)
                                      --push-relay-contact-email (or the --config file / STOA_PUSH_RELAY_* variables)
              restore      --file F   bring a backup back into a NEW data directory (or an empty --database-url
                                      database) and file store; then start the server on it with ./stoa run
            every command also takes --data-dir and --database-url, and the storage options
            (--upload-storage local|s3 --s3-endpoint --s3-bucket --s3-region --s3-access-key --s3-secret-key)""";

    /** Each command's own options (besides --data-dir, --database-url, --external-url). */
    private static final Map<String, List<String>> OPTIONS = Map.ofEntries(
            Map.entry("create-user", List.of("email", "full-name", "password", "role")),
            Map.entry("create-bot", List.of("short-name", "full-name", "owner", "bot-type")),
            Map.entry("change-role", List.of("email", "role")),
            Map.entry("reset-password", List.of("email", "password")),
            Map.entry("deactivate", List.of("email")),
            Map.entry("zuliprc", List.of("email")),
            Map.entry("set-upload-quota", List.of("mib")),
            Map.entry("deactivate-realm", List.of()),
            Map.entry("reactivate-realm", List.of()),
            Map.entry("export", List.of("file", "export-type")),
            Map.entry("import", List.of("file")));

    private Admin() {}

    static void run(String cmd, String[] args) {
        Map<String, String> opts = new HashMap<>();
        List<String> serverArgs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) throw new AdminError("expected --option value, got '" + args[i] + "'\n" + USAGE);
            String name = args[i].substring(2), value = args[++i];
            if (name.equals("data-dir") || name.equals("database-url") || name.equals("external-url")
                    || Arrays.asList(StorageConfig.NAMES).contains(name) || Arrays.asList(SignInConfig.NAMES).contains(name)
                    || name.startsWith("push-relay-")
                    || name.equals("config")) {
                serverArgs.add("--" + name);
                serverArgs.add(value);
            } else {
                opts.put(name, value);
            }
        }
        Config config = Config.parse(serverArgs.toArray(String[]::new), System.getenv());
        if (cmd.equals("backup") || cmd.equals("restore")) {
            BackupCommands.run(cmd, config, opts);
            return;
        }
        if (!OPTIONS.containsKey(cmd) && !cmd.equals("sync-ldap") && !cmd.equals("register-push-relay")) throw new AdminError("unknown command '" + cmd + "'\n" + USAGE);
        for (String name : opts.keySet()) {
            if (!OPTIONS.getOrDefault(cmd, List.of()).contains(name)) throw new AdminError("unknown option --" + name + " for " + cmd + "\n" + USAGE);
        }
        if (cmd.equals("import")) {
            importExport(config, required(opts, "file"));
            return;
        }
        if (config.databaseUrl() == null && !Files.exists(config.dataDir().resolve("stoa.db"))) {
            throw new AdminError("no database under " + config.dataDir().toAbsolutePath() + ": start the server once with ./stoa run");
        }
        Core core;
        try {
            core = Core.open(config, Clock.systemUTC());
        } catch (IOException | RuntimeException e) {
            throw new AdminError("cannot open the database: " + Main.rootMessage(e));
        }
        try (core) {
            core.realm().follow(core.log());
            execute(cmd, opts, core, Modules.build(core));
        } catch (ApiError e) {
            // The same rules as the API (an address in use, the last owner...): one clear line.
            throw new AdminError(e.getMessage());
        }
    }

    /**
     * Zulip's `manage.py register_server`: registers this server (its org id and key, its host, a
     * contact address) with the push relay and describes the organization to it. Never prints the key.
     */
    private static void registerPushRelay(Config config, Modules modules) {
        var push = config.push();
        if (!push.configured()) throw new AdminError("no push relay configured: set --push-relay-url, --push-relay-org-id and --push-relay-org-key");
        String contact = push.contactEmail();
        if (contact == null || !UserRules.isEmail(contact)) throw new AdminError("--push-relay-contact-email must be the address the relay's operators can reach you at");
        try {
            var r = modules.push().registration.register(push.orgId(), push.orgKey(), contact);
            System.out.println((r.created() ? "registered" : "updated the registration of") + " this server with the push relay "
                    + push.relayUrl() + " as " + push.orgId() + (r.canPush() ? "" : "; the relay does not allow this organization to push"));
        } catch (RelayClient.RelayException e) {
            throw new AdminError("the push relay refused the registration: " + e.getMessage());
        }
    }

    /** Zulip's sync_ldap_user_data: every account the directory manages, brought up to date from it now. */
    private static void syncLdap(Modules modules) {
        if (modules.signIn().ldapSync == null) throw new AdminError("no LDAP directory configured (--ldap-url, or STOA_LDAP_URL, or the --config file)");
        try {
            var r = modules.signIn().ldapSync.doSync();
            System.out.println("synced " + r.checked() + " accounts with the directory, " + r.deactivated() + " deactivated");
        } catch (LDAPException e) {
            throw new AdminError("the LDAP directory did not answer: " + e.getResultCode() + " " + e.getDiagnosticMessage());
        }
    }

    /** Through the same actions (and so the same events and hooks) as the API. */
    private static void execute(String cmd, Map<String, String> o, Core core, Modules modules) {
        UserActions actions = modules.users().actions;
        Config config = core.config();
        Db db = core.db();
        UserStore store = core.users();
        UserJson json = core.userJson();
        switch (cmd) {
            case "register-push-relay" -> registerPushRelay(config, modules);
            case "create-user" -> {
                String password = o.getOrDefault("password", Passwords.randomString(16));
                String email = required(o, "email").strip();
                if (!UserRules.isEmail(email)) throw new AdminError("invalid email address '" + email + "'");
                if (password.isEmpty()) throw new AdminError("the password must not be empty");
                User u = actions.doCreateUser(new UserActions.NewUser(email, password,
                        UserRules.checkFullName(required(o, "full-name")), role(o.getOrDefault("role", "member")), null, null, false));
                System.out.println("created user " + u.id() + " <" + u.deliveryEmail() + "> password: " + password + " API key: " + u.apiKey());
            }
            case "create-bot" -> {
                User owner = user(db, store, required(o, "owner"));
                String typeName = o.getOrDefault("bot-type", "1");
                if (typeName.equals("4")) throw new AdminError("--bot-type 4: embedded bots are not enabled (Stoa runs none)");
                if (!List.of("1", "2", "3").contains(typeName)) throw new AdminError("--bot-type must be 1, 2 or 3, got '" + typeName + "'");
                int type = Integer.parseInt(typeName);
                String shortName = required(o, "short-name").strip().toLowerCase(Locale.ROOT);
                if (!shortName.matches("[a-z0-9._-]+")) throw new AdminError("--short-name may hold only letters, digits, '.', '_' and '-'");
                String email = shortName + "-bot@" + config.realmHost();
                if (!owner.isActive() || owner.isBot()) throw new AdminError("the owner must be an active user, not a bot");
                User bot = actions.doCreateUser(new UserActions.NewUser(email, null, UserRules.checkFullName(required(o, "full-name")),
                        Role.MEMBER, type, owner.id(), false));
                System.out.println("created bot " + bot.id() + " <" + bot.deliveryEmail() + "> API key: " + bot.apiKey());
            }
            case "change-role" -> {
                User u = user(db, store, required(o, "email"));
                if (u.isBot()) throw new AdminError("bots have no role to change");
                actions.doChangeRole(u, role(required(o, "role")));
                System.out.println(u.deliveryEmail() + " is now " + required(o, "role"));
            }
            case "reset-password" -> {
                String password = o.getOrDefault("password", Passwords.randomString(16));
                User u = user(db, store, required(o, "email"));
                if (u.isBot()) throw new AdminError("bots have no password; they use their API key");
                if (password.isEmpty()) throw new AdminError("the password must not be empty");
                actions.doSetPassword(u, password);
                System.out.println("new password: " + password);
            }
            case "deactivate" -> {
                User u = user(db, store, required(o, "email"));
                actions.doDeactivate(u);
                System.out.println("deactivated " + u.deliveryEmail());
            }
            case "zuliprc" -> {
                User u = user(db, store, required(o, "email"));
                System.out.print(Bootstrap.zuliprc(json.apiEmail(u), u.apiKey(), config.externalUrl()));
            }
            case "set-upload-quota" -> {
                String mib = required(o, "mib");
                Long value = mib.equals("none") ? null : positive(mib);
                modules.realm().actions.doSetUploadQuota(value);
                System.out.println(value == null ? "no upload quota" : "upload quota: " + value + " MiB");
            }
            case "deactivate-realm" -> System.out.println(modules.realm().deactivation.doDeactivate()
                    ? "deactivated the organization" : "the organization is already deactivated");
            case "reactivate-realm" -> System.out.println(modules.realm().deactivation.doReactivate()
                    ? "reactivated the organization" : "the organization is already active");
            case "export" -> export(modules, required(o, "file"), o.getOrDefault("export-type", "full"));
            case "sync-ldap" -> syncLdap(modules);
            default -> throw new AdminError("unknown command '" + cmd + "'");
        }
    }

    /** A data export straight from the database, in the same format as the API's (a full one by default: the operator's backup). */
    private static void export(Modules modules, String file, String type) {
        Exporter.Kind kind = switch (type) {
            case "full" -> Exporter.Kind.FULL;
            case "full_with_consent" -> Exporter.Kind.FULL_WITH_CONSENT;
            case "public" -> Exporter.Kind.PUBLIC;
            default -> throw new AdminError("--export-type must be full, full_with_consent or public, got '" + type + "'");
        };
        Path target = Path.of(file);
        try {
            Exporter.Summary s = modules.exports().exporter.write(kind, target);
            System.out.println("exported " + s.rows().get("users") + " users, " + s.rows().get("messages") + " messages and " + s.files()
                    + " files to " + target.toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(target);
            } catch (IOException ignored) {
                // the message below says the export failed
            }
            throw new AdminError("export failed: " + Main.rootMessage(e));
        }
    }

    private static void importExport(Config config, String file) {
        try {
            Importer.Summary s = Importer.run(Path.of(file), config.dataDir(), config.databaseUrl(), config.storage()::open);
            System.out.println("imported " + s.rows().get("users") + " users, " + s.rows().get("messages") + " messages and " + s.files()
                    + " files into " + (config.databaseUrl() == null ? config.dataDir().toAbsolutePath() : "the database")
                    + "; start the server with ./stoa run" + (config.databaseUrl() == null ? " --data-dir " + config.dataDir() : ""));
        } catch (Importer.ImportError e) {
            throw new AdminError(e.getMessage());
        }
    }

    private static String required(Map<String, String> o, String name) {
        String v = o.get(name);
        if (v == null || v.isBlank()) throw new AdminError("missing --" + name + "\n" + USAGE);
        return v;
    }

    private static Role role(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "owner" -> Role.OWNER;
            case "administrator", "admin" -> Role.ADMINISTRATOR;
            case "moderator" -> Role.MODERATOR;
            case "member" -> Role.MEMBER;
            case "guest" -> Role.GUEST;
            default -> throw new AdminError("unknown role '" + name + "' (owner, administrator, moderator, member, guest)");
        };
    }

    private static User user(Db db, UserStore store, String email) {
        return db.read(h -> store.byEmail(h, email)).orElseThrow(() -> new AdminError("no user with email " + email));
    }

    private static long positive(String mib) {
        try {
            long v = Long.parseLong(mib.strip());
            if (v > 0) return v;
        } catch (NumberFormatException e) {
            // below
        }
        throw new AdminError("--mib must be a positive number of MiB or none, got '" + mib + "'");
    }
}
