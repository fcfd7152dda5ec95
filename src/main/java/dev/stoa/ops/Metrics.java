package dev.stoa.ops;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.http.RequestObserver;
import dev.stoa.http.Router;
import dev.stoa.queues.EventQueues;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The node's metrics in Prometheus' text format: HTTP requests by method, route template and status
 * (a histogram of their durations), parked long-polls, long-polls that gathered, loaded event queues, the event log's head in
 * the database and as published on this node (their difference is this node's lag), the database
 * pools (HikariCP's own Micrometer tracker), JVM memory, GC, threads, class loading, CPU and uptime.
 *
 * <p>Request path cost: one lookup in a small per-route array and one Timer record (no allocation of
 * tags or ids); the timers are made once per route and status.
 */
public final class Metrics implements RequestObserver, AutoCloseable {
    /** Bucket bounds: request times from a millisecond to a long-poll's 90 s. */
    private static final Duration[] BUCKETS = {ms(1), ms(2), ms(5), ms(10), ms(25), ms(50), ms(100), ms(250), ms(500),
            ms(1000), ms(2500), ms(5000), ms(10_000), ms(30_000), ms(60_000), ms(100_000)};

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final ConcurrentHashMap<Router.Route, RouteTimers> byRoute = new ConcurrentHashMap<>();
    private final RouteTimers unmatched = new RouteTimers("", "unmatched");
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final Db db;
    private final EventLog log;
    /** The log head in the database, read at each scrape (-1 when the database did not answer). */
    private volatile long dbHead = -1;

    public Metrics(Db db, EventLog log, EventQueues queues) {
        this.db = db;
        this.log = log;
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        for (HikariDataSource pool : db.pools()) pool.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        Gauge.builder("stoa.event.queues", queues, EventQueues::size).description("Event queues loaded on this node").register(registry);
        Gauge.builder("stoa.longpolls.parked", queues, EventQueues::parkedPolls).description("GET /events requests waiting for an event").register(registry);
        FunctionCounter.builder("stoa.longpolls.gathered", queues, EventQueues::gatheredPolls)
                .description("GET /events answers that waited a few ms for more events on a busy node").register(registry);
        Gauge.builder("stoa.event.log.published.id", log, EventLog::head).description("Newest event log id published on this node").register(registry);
        Gauge.builder("stoa.event.log.head.id", this, m -> m.dbHead).description("Newest event log id in the database (-1: no answer)").register(registry);
        Gauge.builder("stoa.event.log.lag", this, Metrics::lag)
                .description("Committed event log entries not yet published on this node (at the last scrape)").register(registry);
    }

    /** The registry, for the few places that record their own (tests). */
    public PrometheusMeterRegistry registry() { return registry; }

    /** The exposition text; reads the database's log head first (a scrape is rare, and a failure only makes it -1). */
    public String scrape() {
        try {
            dbHead = db.read(EventLog::headIn);
        } catch (RuntimeException e) {
            dbHead = -1;
        }
        return registry.scrape();
    }

    private double lag() {
        long h = dbHead;
        return h < 0 ? Double.NaN : Math.max(0, h - log.head());
    }

    @Override
    public void observe(String method, Router.Route route, int status, long nanos) {
        RouteTimers timers = route == null ? unmatched : byRoute.computeIfAbsent(route, r -> new RouteTimers(r.method(), r.template()));
        timers.timer(method, status).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** One route's timers, one per status it answered (usually one to three: a linear scan beats a map). */
    private final class RouteTimers {
        private final String method;
        private final String template;
        private volatile Entry[] entries = new Entry[0];

        private record Entry(String method, int status, Timer timer) {}

        RouteTimers(String method, String template) {
            this.method = method;
            this.template = template;
        }

        Timer timer(String requestMethod, int status) {
            // An unmatched request keeps its own method (bounded by Jetty to real HTTP methods).
            String m = method.isEmpty() ? requestMethod : method;
            for (Entry e : entries) if (e.status == status && e.method.equals(m)) return e.timer;
            synchronized (this) { // rare: the first request of a route and status; no waiting inside
                for (Entry e : entries) if (e.status == status && e.method.equals(m)) return e.timer;
                Timer t = Timer.builder("stoa.http.requests").description("HTTP requests answered by the API front")
                        .tags("method", m, "route", template, "status", String.valueOf(status))
                        .serviceLevelObjectives(BUCKETS).register(registry);
                Entry[] next = Arrays.copyOf(entries, entries.length + 1);
                next[entries.length] = new Entry(m, status, t);
                entries = next;
                return t;
            }
        }
    }

    private static Duration ms(long n) { return Duration.ofMillis(n); }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
