package dev.stoa.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A real SAML 2.0 identity provider (npm samlp, Auth0's IdP side of the protocol, behind
 * src/test/idp/saml-idp.mjs's login form) on a port of its own, signing with a key pair openssl makes
 * here; a second pair signs the "other key" answers. `npm ci` installs it on first use.
 */
public final class TestSamlIdp implements AutoCloseable {
    public static final String ENTITY_ID = "https://idp.example.com/saml";
    public final int port;
    public final String entityId;
    private final Path keys;
    private Process process;

    public TestSamlIdp() {
        this(ENTITY_ID);
    }

    /** A provider with an entity ID of its own (a second provider beside the first, say). */
    public TestSamlIdp(String entityId) {
        this.entityId = entityId;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
            keys = Files.createTempDirectory("stoa-saml-idp");
            keyPair("idp");
            keyPair("other");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The single sign-on URL (HTTP-Redirect binding). */
    public String ssoUrl() { return "http://127.0.0.1:" + port + "/sso"; }

    public String base() { return "http://127.0.0.1:" + port; }

    /** The certificate Stoa is configured to trust (PEM file). */
    public Path certFile() { return keys.resolve("idp-cert.pem"); }

    private void keyPair(String name) throws IOException {
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=" + name + ".example.com",
                "-keyout", keys.resolve(name + "-key.pem").toString(), "-out", keys.resolve(name + "-cert.pem").toString())
                .redirectErrorStream(true).redirectOutput(keys.resolve("openssl.log").toFile()).start();
        try {
            if (p.waitFor() != 0) throw new IOException("openssl failed: " + Files.readString(keys.resolve("openssl.log")));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** Starts the provider for a service provider whose assertion consumer URL is known only once the server runs. */
    public void start(String acsUrl, String accountsJson) {
        try {
            process = NodeIdp.start("SAML", "samlp", List.of("node", "saml-idp.mjs", String.valueOf(port), entityId, acsUrl), Map.of(
                    "IDP_ACCOUNTS", accountsJson,
                    "IDP_KEY", Files.readString(keys.resolve("idp-key.pem")),
                    "IDP_CERT", Files.readString(keys.resolve("idp-cert.pem")),
                    "IDP_OTHER_KEY", Files.readString(keys.resolve("other-key.pem")),
                    "IDP_OTHER_CERT", Files.readString(keys.resolve("other-cert.pem"))));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (process != null) process.destroy();
    }
}
