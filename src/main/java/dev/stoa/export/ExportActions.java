package dev.stoa.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.EventLog;
import dev.stoa.events.ExportEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.storage.FileStore;
import dev.stoa.messages.NotificationBot;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserRules;
import dev.stoa.users.UserStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Data exports, as Zulip's: administrators request one (public, or with member consent), it is
 * produced in the background (ExportJobs) into {data}/exports/{id}/, downloaded from its export_url
 * and deleted. Every change of an export's state sends the whole list to the human administrators
 * (realm_export); a finished export also gets a direct message from the notification bot.
 */
public final class ExportActions {
    private static final Logger LOG = LoggerFactory.getLogger(ExportActions.class);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long WEEK_MS = 7L * 24 * 3600 * 1000;
    /** Zulip's limit: five exports requested in seven days, whatever became of them. */
    static final int PER_WEEK = 5;
    static final String DONE_MESSAGE = "Your data export is complete. [View and download exports](/#organization/data-exports-admin).";

    private final Db db;
    private final EventLog log;
    private final ExportStore store;
    private final UserStore users;
    private final ExportJobs jobs;
    private final Exporter exporter;
    private final NotificationBot bot;
    private final Clock clock;
    private final FileStore files;
    private final Path work;
    private final String externalUrl;

    public ExportActions(Db db, EventLog log, ExportStore store, UserStore users, ExportJobs jobs, Exporter exporter, NotificationBot bot,
                         Clock clock, FileStore files, Path dataDir, String externalUrl) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.users = users;
        this.jobs = jobs;
        this.exporter = exporter;
        this.bot = bot;
        this.clock = clock;
        this.files = files;
        // the zip is written here first, then stored (for local storage: renamed into exports/ on the same disk)
        this.work = dataDir.resolve("tmp");
        this.externalUrl = externalUrl;
    }

    /** POST /export/realm: records the request and queues the work once it commits; returns the export's id. */
    public long checkCreate(User me, int exportType) {
        UserRules.requireAdmin(me);
        return db.write(tx -> {
            Handle h = tx.h();
            long now = clock.millis();
            if (store.requestedSince(h, now - WEEK_MS) >= PER_WEEK) throw ExportErrors.exportRateLimited();
            checkUsable(h, exportType);
            long id = store.insert(h, me.id(), exportType, now);
            announce(tx);
            tx.afterCommit(() -> jobs.submit(id, () -> produce(id)));
            return id;
        });
    }

    /**
     * Zulip's checks that the import of such an export can have an owner: one who consented (with
     * consent), one whose address administrators may see (public: the others' are replaced).
     */
    private void checkUsable(Handle h, int exportType) {
        List<User> owners = users.byIds(h, users.activeHumanAdminIds(h)).stream().filter(User::isOwner).toList();
        if (exportType == RealmExport.FULL_WITH_CONSENT && owners.stream().noneMatch(u -> u.setting("allow_private_data_export").asBoolean(false))) {
            throw ExportErrors.ownerConsentRequired();
        }
        if (exportType == RealmExport.PUBLIC && owners.stream().allMatch(u -> u.setting("email_address_visibility").asInt() == UserJson.EMAIL_NOBODY)) {
            throw ExportErrors.ownerEmailVisibilityRequired();
        }
    }

    /** The background work of one export: the file, then done (or failed, with nothing left behind). */
    void produce(long id) {
        RealmExport e = db.read(h -> store.byId(h, id)).orElseThrow();
        byte[] token = new byte[12];
        RANDOM.nextBytes(token);
        String name = "stoa-export-" + HexFormat.of().formatHex(token) + ".zip";
        Path partial = null;
        try {
            Files.createDirectories(work);
            partial = Files.createTempFile(work, "export-" + id + "-", ".zip.partial");
            exporter.write(e.exportType() == RealmExport.PUBLIC ? Exporter.Kind.PUBLIC : Exporter.Kind.FULL_WITH_CONSENT, partial);
            long size = Files.size(partial);
            files.putFile(key(id, name), partial, "application/zip");
            if (!doSucceed(e, name, size)) deleteFiles(id);
        } catch (IOException | RuntimeException ex) {
            LOG.error("export {} failed", id, ex);
            deleteFiles(id);
            doFail(id);
        } finally {
            if (partial != null) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException ignored) {
                    // a leftover temporary file is harmless
                }
            }
        }
    }

    /** False when the export stopped being pending meanwhile (the collector judged it lost). */
    private boolean doSucceed(RealmExport e, String fileName, long size) {
        return db.write(tx -> {
            if (!store.succeed(tx.h(), e.id(), clock.millis(), fileName, size)) return false;
            announce(tx);
            bot.postDirect(tx, e.actingUserId(), DONE_MESSAGE);
            return true;
        });
    }

    void doFail(long id) {
        db.write(tx -> {
            if (store.fail(tx.h(), id, clock.millis())) announce(tx);
            return null;
        });
    }

    /** The collector's task: a pending export without a recent heartbeat lost its process (crash, restart): failed. */
    public void doFailStale() {
        List<Long> stale = db.read(h -> store.stalePending(h, clock.millis() - ExportJobs.STALE_MILLIS));
        for (long id : stale) {
            LOG.warn("export {} lost its process (no heartbeat for {} s): failed", id, ExportJobs.STALE_MILLIS / 1000);
            doFail(id);
        }
    }

    /** DELETE /export/realm/{id}, with Zulip's refusals; the file goes once the change commits. */
    public void checkDelete(User me, long id) {
        UserRules.requireAdmin(me);
        db.write(tx -> {
            RealmExport e = store.byId(tx.h(), id).orElseThrow(() -> ExportErrors.invalidDataExportId());
            switch (e.status()) {
                case RealmExport.DELETED -> throw ExportErrors.exportAlreadyDeleted();
                case RealmExport.FAILED -> throw ExportErrors.exportFailedNothingToDelete();
                case RealmExport.PENDING -> throw ExportErrors.exportStillInProgress();
                default -> { }
            }
            store.markDeleted(tx.h(), id, clock.millis());
            announce(tx);
            tx.afterCommit(() -> deleteFiles(id));
            return null;
        });
    }

    /** GET /export/realm. */
    public ArrayNode list(User me) {
        UserRules.requireAdmin(me);
        return db.read(this::listJson);
    }

    /** GET /export/realm/consents: active people, whether they consented, and their email visibility (feature level 430). */
    public ArrayNode consents(User me) {
        UserRules.requireAdmin(me);
        ArrayNode out = Json.array();
        for (User u : db.read(users::all)) {
            if (!u.isActive() || u.isBot()) continue;
            out.addObject().put("user_id", u.id()).put("consented", u.setting("allow_private_data_export").asBoolean(false))
                    .put("email_address_visibility", u.setting("email_address_visibility").asInt());
        }
        return out;
    }

    /** The file of a finished export, for an administrator; 404 for anything else. */
    public FileStore.Blob checkDownload(User me, long id, String fileName) {
        UserRules.requireAdmin(me);
        RealmExport e = db.read(h -> store.byId(h, id)).orElse(null);
        if (e == null || e.status() != RealmExport.SUCCEEDED || !e.fileName().equals(fileName)) throw notFound();
        return files.open(key(id, e.fileName())).orElseThrow(ExportActions::notFound);
    }

    /** The file store's key of an export file (the data directory's exports/{id}/ folder, as before). */
    static String key(long id, String fileName) {
        return "exports/" + id + "/" + fileName;
    }

    private static ApiError notFound() {
        return ExportErrors.fileNotFound();
    }

    private ArrayNode listJson(Handle h) {
        ArrayNode a = Json.array();
        for (RealmExport e : store.all(h)) a.add(e.json(externalUrl));
        return a;
    }

    /** The whole list to the human administrators, after any change (Zulip's notify_realm_export). */
    private void announce(Tx tx) {
        log.append(tx, new ExportEvent.RealmExport(listJson(tx.h())), Recipients.users(users.activeHumanAdminIds(tx.h())));
    }

    private void deleteFiles(long id) {
        try {
            files.deleteUnder("exports/" + id + "/");
        } catch (RuntimeException e) {
            LOG.warn("export {}: its file could not be deleted", id, e);
        }
    }
}
