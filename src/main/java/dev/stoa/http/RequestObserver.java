package dev.stoa.http;

/** Told of every request HttpFront answered (metrics): its route (null when none matched), status and time taken. */
@FunctionalInterface
public interface RequestObserver {
    void observe(String method, Router.Route route, int status, long nanos);

    RequestObserver NONE = (method, route, status, nanos) -> {};
}
