package dev.stoa.app;

import dev.stoa.bots.OutgoingWebhookSender;
import dev.stoa.config.Config;
import dev.stoa.db.ClusterLease;
import dev.stoa.db.Db;
import dev.stoa.db.Dialect;
import dev.stoa.events.LogTailer;
import dev.stoa.export.ExportJobs;
import dev.stoa.http.ApiCompression;
import dev.stoa.http.CatchUpFront;
import dev.stoa.http.HttpFront;
import dev.stoa.http.JsonErrorHandler;
import dev.stoa.http.RequestObserver;
import dev.stoa.http.Router;
import dev.stoa.http.WebCookies;
import dev.stoa.ops.Metrics;
import dev.stoa.ops.OpsHandler;
import dev.stoa.push.RelayClient;
import dev.stoa.queues.Collector;
import dev.stoa.queues.EventQueues;
import dev.stoa.ratelimits.RateLimits;
import dev.stoa.realm.RealmHolder;
import dev.stoa.storage.FileStore;
import dev.stoa.users.UserJson;
import dev.stoa.web.WebClientHandler;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.slf4j.LoggerFactory;

/** The server: the Core, the feature modules and the route table, served by Jetty on virtual threads; stops cleanly. */
public final class Stoa implements AutoCloseable {
    private final Core core;
    private final Server jetty;
    private final EventQueues queues;
    private final Collector janitor;
    private final LogTailer tailer;
    private final Router router;
    private final Bootstrap.Owner createdOwner;
    private final ExportJobs exportJobs;
    private final Ops ops;
    private final OutgoingWebhookSender outgoing;

    /** Issue 17's operations: the metrics (null without --metrics-port) and whether the node takes traffic (/ready). */
    private record Ops(Metrics metrics, AtomicBoolean serving) {}
    private final Shared shared;

    /** What this node holds for the cluster: the rate limits (Redis client) and the periodic jobs' lease. */
    private record Shared(RateLimits limits, ClusterLease lease) {}

    private Stoa(Core core, Server jetty, EventQueues queues, Collector janitor, LogTailer tailer, Router router, Bootstrap.Owner createdOwner,
                 ExportJobs exportJobs, Ops ops, Shared shared, OutgoingWebhookSender outgoing) {
        this.shared = shared;
        this.outgoing = outgoing;
        this.core = core;
        this.jetty = jetty;
        this.queues = queues;
        this.janitor = janitor;
        this.tailer = tailer;
        this.router = router;
        this.createdOwner = createdOwner;
        this.exportJobs = exportJobs;
        this.ops = ops;
    }

    public static Stoa start(Config config, Clock clock) throws Exception {
        Core core = Core.open(config, clock);
        Stoa stoa;
        try {
            stoa = wire(core);
        } catch (Exception | Error e) {
            core.close();
            throw e;
        }
        Bootstrap.Owner owner = stoa.createdOwner;
        if (owner != null) {
            // First start: the owner's credentials in a zuliprc that Zulip's clients read as it is.
            try {
                Bootstrap.writeZuliprc(config.dataDir().resolve("zuliprc"), owner.user().deliveryEmail(), owner.user().apiKey(), config.externalUrl());
            } catch (IOException e) {
                stoa.close();
                throw new Config.ConfigError("cannot write " + config.dataDir().resolve("zuliprc") + ": " + e.getMessage());
            }
        }
        return stoa;
    }

    private static Stoa wire(Core c) throws Exception {
        Config config = c.config();
        Clock clock = c.clock();
        Modules m = Modules.build(c);
        Bootstrap.Owner owner = Bootstrap.ensureRealm(c, m);
        c.realm().follow(c.log()); // realm settings changed by any node reach this node's holder through the log
        m.channels().activity.refreshDaily();
        QueuesModule q = new QueuesModule(c, m);
        EventQueues queues = q.queues;
        WebCookies cookies = WebCookies.forExternalUrl(config.externalUrl());
        // In Redis when configured, so every node counts against one limit; else in this node's memory.
        RateLimits limits = RateLimits.create(config.userRateLimit(), config.ipRateLimit(), config.loginFailureLimit(),
                config.shared().redisUrl(), config.shared().redisKeyPrefix(), clock);
        Routes routes = new Routes(m, q, new LoginModule(c, m, limits.loginFailures(), cookies));
        Ops ops = new Ops(config.ops().metricsPort() == null ? null : new Metrics(c.db(), c.log(), queues), new AtomicBoolean());
        HttpFront api = new HttpFront(routes.api, routes.root, m.users().auth, m.sessions().web, cookies, new HttpFront.Limits(limits.perUser(), limits.perIp()),
                ops.metrics() == null ? RequestObserver.NONE : ops.metrics(), m.messages().softDeactivation::arrived);
        // A request first sees what any node (or the CLI) committed before it, caches included.
        OpsHandler front = new OpsHandler(new CatchUpFront(new WebClientHandler(ApiCompression.around(api), m.sessions().web, cookies), c.log()::catchUpWithDatabase),
                c.db(), ops.serving()::get, ops.metrics());
        Server jetty = jetty(config, front);
        jetty.start();

        // Each task runs in its own try/catch: one failing task never stops the others. Every node runs its own
        // housekeeping (queue activity, in-memory limits and caches); one node at a time, the lease's holder,
        // runs the cluster-wide jobs, in this order.
        ClusterLease lease = ClusterLease.of(c.db());
        List<Runnable> perNode = new ArrayList<>(List.of(queues::collect, m.channels().activity::refreshDaily,
                m.messages().softDeactivation::flushVisits));
        perNode.addAll(limits.sweeps());
        Collector janitor = new Collector(perNode, List.of(m.realm().actions::doSyncFullMembers,
                // Zulip's daily soft_deactivate_users: people idle for --soft-deactivation-days whole days.
                m.messages().softDeactivation::doDeactivateIdle,
                m.sessions().actions::doPurgeExpired, m.sessions().signIn::doPurgeExpired, m.signIn()::doPeriodic, m.exports().actions::doFailStale,
                // Scheduled messages and reminders: Zulip's worker also wakes once a minute.
                () -> m.scheduled().delivery.doDeliverDue(),
                // After queues::collect saved queue activity; the mail sender then sends what was queued.
                m.missedMail().actions::doMailMissed, m.mail().sender::deliverDue,
                // Phone notifications of new messages not decided yet, and removals; then the requests owed to the
                // push relay (registrations, notifications), retried with backoff.
                m.push().notifier::doNotify, m.push().sender::deliverDue,
                // Outgoing-webhook calls a crash left claimed, due again once their lease ends.
                m.integrations().outgoing::deliverDue), lease::held, config.collectorMillis());
        LogTailer tailer = new LogTailer(c.db(), c.log(), c.db().dialect() == Dialect.POSTGRES ? 1000 : 250).start();
        if (config.push().configured()) {
            // Zulip's initialize_push_notifications: describe the organization to the relay at start-up, so that it
            // knows the realm uuid that device registrations and notifications name.
            Thread.ofVirtual().name("push-relay-hello").start(() -> {
                try {
                    m.push().registration.sendServerData();
                } catch (RelayClient.RelayException e) {
                    LoggerFactory.getLogger(Stoa.class).warn("the push relay did not take this server's data: {}", e.getMessage());
                }
            });
        }
        ops.serving().set(true); // /ready: started (migrated, listening, background work running)
        // register's user dicts are built now, not by the first register (a 10,000-user realm: ~0.5 s on a cold JVM);
        // then one register's state for an administrator, so the first person to sign in finds the server warm
        Thread.ofVirtual().name("register-warm").start(() -> {
            m.users().userCache.warm(c.db());
            q.warm(c);
        });
        m.integrations().outgoing.start();
        return new Stoa(c, jetty, queues, janitor, tailer, routes.api, owner, m.exports().jobs, ops, new Shared(limits, lease), m.integrations().outgoing);
    }

    private static Server jetty(Config config, OpsHandler front) {
        // Jetty's default of 200 threads would cap parked long-polls at ~199 (the acceptor takes one)
        Server jetty = new Server(new VirtualThreadPool(1_000_000));
        // Navigation-view fragments are path-like and arrive percent-encoded (%2F, %25) in the path;
        // routing splits the raw path, so these encodings are not ambiguous for us.
        HttpConfiguration httpConfig = new HttpConfiguration();
        httpConfig.setUriCompliance(UriCompliance.DEFAULT.with("stoa",
                UriCompliance.Violation.AMBIGUOUS_PATH_SEPARATOR,
                UriCompliance.Violation.AMBIGUOUS_PATH_ENCODING));
        // Long GET query strings are legitimate (user_ids, narrows): 64 KiB of request line and headers.
        httpConfig.setRequestHeaderSize(64 * 1024);
        // No per-connection header field cache: Jetty builds a 16 KB trie for every connection, which
        // is 160 MB for 10,000 long-polling clients (issue 15: the "19 KB char[]" of the send collapse,
        // one per open connection). Parsing a few header fields anew costs far less.
        httpConfig.setHeaderCacheSize(0);
        ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(httpConfig));
        connector.setHost(config.host());
        connector.setPort(config.port());
        connector.setAcceptQueueSize(1024); // thousands of long-polling clients reconnect at once after a restart
        connector.setIdleTimeout(TimeUnit.SECONDS.toMillis(EventQueues.LONGPOLL_TIMEOUT_SECONDS + 30));
        jetty.addConnector(connector);
        if (config.ops().metricsPort() != null) {
            // A listener of its own for /metrics (and /health, /ready), on --metrics-host (loopback by default).
            ServerConnector metrics = new ServerConnector(jetty, 1, 1);
            metrics.setHost(config.ops().metricsHost());
            metrics.setPort(config.ops().metricsPort());
            jetty.addConnector(metrics);
            front.metricsConnector(metrics);
        }
        jetty.setHandler(front);
        jetty.setErrorHandler(new JsonErrorHandler());
        jetty.setStopTimeout(5000);
        return jetty;
    }

    public int port() {
        return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    }

    public Router router() { return router; }

    /** The metrics listener's port (--metrics-port; 0 picks one), or -1 without one. */
    public int metricsPort() {
        return jetty.getConnectors().length > 1 ? ((ServerConnector) jetty.getConnectors()[1]).getLocalPort() : -1;
    }

    public Db db() { return core.db(); }

    /** Where uploads, emoji and export files live (the data directory or the bucket). */
    public FileStore files() { return core.files(); }

    /** The realm's settings in memory (tests reload it after changing a setting in the database). */
    public RealmHolder realm() { return core.realm(); }

    /** The shared services (tests write through their stores, as actions do). */
    public Core core() { return core; }

    public UserJson userJson() { return core.userJson(); }

    public EventQueues queues() { return queues; }

    public Collector collector() { return janitor; }

    /** No background work (a data export) is queued or running: the database changes only through requests now (tests' fingerprints). */
    public boolean backgroundIdle() { return exportJobs.idle(); }

    /** The owner created by this start (first start only), with the generated password. */
    public Bootstrap.Owner createdOwner() { return createdOwner; }

    public Config config() { return core.config(); }

    @Override
    public void close() {
        ops.serving().set(false); // /ready answers 503 from now on
        try {
            jetty.stop();
        } catch (Exception e) {
            // stopping is best effort: the database below is closed in any case
        }
        outgoing.close(); // calls in flight are aborted: their rows are retried after the lease
        janitor.close();
        shared.lease().close(); // another node takes the cluster-wide jobs over on its next pass
        shared.limits().close();
        exportJobs.close(); // an export still running ends with the process: the collector fails it later
        tailer.close();
        queues.flush();
        if (ops.metrics() != null) ops.metrics().close();
        core.close();
    }
}
