package dev.stoa.app;

/** Test-only access to what the server knows of its first start. */
public final class TestAccess {
    public record Owner(String email, String apiKey, long userId, String password) {}

    private TestAccess() {}

    public static Owner createdOwner(Stoa stoa) {
        var o = stoa.createdOwner();
        return new Owner(o.user().deliveryEmail(), o.user().apiKey(), o.user().id(), o.password());
    }
}
