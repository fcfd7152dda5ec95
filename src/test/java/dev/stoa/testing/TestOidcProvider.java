package dev.stoa.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

/**
 * A real OpenID Connect provider (npm oidc-provider, src/test/idp/oidc-idp.mjs) on a port of its own:
 * one client, PKCE required, the accounts given (JSON: id → claims). `npm ci` installs it on first use.
 */
public final class TestOidcProvider implements AutoCloseable {
    public final int port;
    private Process process;

    public TestOidcProvider() {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public String issuer() { return "http://127.0.0.1:" + port; }

    /** Starts the provider for a client whose redirect URI is known only once the server runs. */
    public void start(String clientId, String clientSecret, String redirectUri, String accountsJson) {
        process = NodeIdp.start("OIDC", "oidc-provider",
                List.of("node", "oidc-idp.mjs", String.valueOf(port), clientId, clientSecret, redirectUri), Map.of("IDP_ACCOUNTS", accountsJson));
    }

    @Override
    public void close() {
        if (process != null) process.destroy();
    }
}
