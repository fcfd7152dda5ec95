package dev.stoa;

/** Test-only access to what the server knows of its first start. */
public final class TestAccess {
    public record Owner(String email, String apiKey, long userId, String password) {}

    private TestAccess() {}

    /** `./stoa args...` against a test server's data (another process's view), its standard output; fails on a non-zero exit. */
    public static String cli(dev.stoa.testing.TestServer server, String... args) {
        Cli.Result r = Cli.run(server, args);
        if (r.exit() != 0) throw new AssertionError("./stoa " + String.join(" ", args) + " exited " + r.exit() + ": " + r.err());
        return r.out();
    }

    public static Owner createdOwner(Stoa stoa) {
        var o = stoa.createdOwner();
        return new Owner(o.user().deliveryEmail(), o.user().apiKey(), o.user().id(), o.password());
    }
}
