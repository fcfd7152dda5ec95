package dev.stoa.groups;

/**
 * Who is acting, as permission checks need it: id, role code and whether a bot. Built by the
 * composition root from the authenticated user, so that groups and realm need not know users.
 */
public record Actor(long id, int role, boolean isBot) {
    public boolean isOwner() { return role == 100; }
    public boolean isAdmin() { return role <= 200; }
    public boolean isModeratorOrAbove() { return role <= 300; }
    public boolean isGuest() { return role == 600; }

    /** Turns a request's authenticated user into an Actor (wired in Stoa). */
    @FunctionalInterface
    public interface Resolver {
        Actor of(dev.stoa.http.Request request);
    }
}
