package dev.stoa.http;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * In front of every other handler: runs {@code catchUp} (the event log's catch-up with the database)
 * before a request, so the node's log-fed caches hold every change committed before the request
 * arrived, whichever node committed it. Long-polls (GET .../events) skip it: they wait on the log itself.
 */
public final class CatchUpFront extends Handler.Wrapper {
    /** Brings the log-fed caches up to every commit in the database (the event log's catch-up). */
    @FunctionalInterface
    public interface CatchUp {
        void withDatabase();
    }

    private final CatchUp catchUp;

    public CatchUpFront(Handler next, CatchUp catchUp) {
        super(next);
        this.catchUp = catchUp;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String path = request.getHttpURI().getPath();
        if (!(path.endsWith("/events") && "GET".equals(request.getMethod())) && !path.startsWith("/static/")) {
            try {
                catchUp.withDatabase();
            } catch (RuntimeException e) {
                // the database is unreachable: the request itself answers that (the tailer catches up later)
            }
        }
        return super.handle(request, response, callback);
    }
}
