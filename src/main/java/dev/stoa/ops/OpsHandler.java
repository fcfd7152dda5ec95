package dev.stoa.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * In front of everything: {@code /health} (the process answers: 200, Zulip's {@code {"result":
 * "success","msg":""}}) and {@code /ready} (200, or 503 with the reason while starting, stopping or
 * when the database does not answer), without authentication or rate limits, as load balancers
 * probe them. {@code /metrics} is served only on the metrics listener (--metrics-port), which serves
 * nothing else; on the main listener it is an unknown path like any other.
 */
public final class OpsHandler extends Handler.Wrapper {
    /** Whether the server is serving (started and not stopping): the server's own lifecycle. */
    @FunctionalInterface
    public interface Serving {
        boolean now();
    }

    private final Readiness readiness;
    private final Metrics metrics;
    private volatile Connector metricsConnector;

    /** {@code metrics}: null when no metrics listener is configured. */
    public OpsHandler(Handler next, Db db, Serving serving, Metrics metrics) {
        super(next);
        this.readiness = new Readiness(db, serving);
        this.metrics = metrics;
    }

    public void metricsConnector(Connector c) { this.metricsConnector = c; }

    @Override
    public boolean handle(Request req, Response resp, Callback callback) throws Exception {
        String path = req.getHttpURI().getPath();
        boolean metricsListener = metricsConnector != null && req.getConnectionMetaData().getConnector() == metricsConnector;
        switch (path) {
            case "/health" -> json(resp, callback, 200, Json.success());
            case "/ready" -> ready(resp, callback);
            case "/metrics" -> {
                if (!metricsListener) return super.handle(req, resp, callback);
                resp.setStatus(200);
                resp.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8");
                resp.write(true, ByteBuffer.wrap(metrics.scrape().getBytes(StandardCharsets.UTF_8)), callback);
            }
            default -> {
                if (!metricsListener) return super.handle(req, resp, callback);
                ObjectNode body = error(ErrorCode.NOT_FOUND, "Not Found");
                json(resp, callback, 404, body);
            }
        }
        return true;
    }

    private void ready(Response resp, Callback callback) {
        String problem = readiness.problem();
        if (problem == null) {
            ObjectNode body = Json.success();
            body.put("ready", true);
            json(resp, callback, 200, body);
        } else {
            ObjectNode body = error(ErrorCode.SERVICE_UNAVAILABLE, "Not ready: " + problem + ".");
            body.put("ready", false);
            json(resp, callback, 503, body);
        }
    }

    private static ObjectNode error(ErrorCode code, String msg) {
        ObjectNode body = Json.object();
        body.put("result", "error");
        body.put("msg", msg);
        body.put("code", code.name());
        return body;
    }

    private static void json(Response resp, Callback callback, int status, ObjectNode body) {
        resp.setStatus(status);
        resp.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        resp.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        resp.write(true, ByteBuffer.wrap(Json.write(body).getBytes(StandardCharsets.UTF_8)), callback);
    }
}
