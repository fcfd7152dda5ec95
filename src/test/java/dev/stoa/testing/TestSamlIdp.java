package dev.stoa.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * A real SAML 2.0 identity provider (npm samlp, Auth0's IdP side of the protocol, behind
 * src/test/idp/saml-idp.mjs's login form) on a port of its own, signing with a key pair openssl makes
 * here; a second pair signs the "other key" answers. `npm ci` installs it on first use.
 */
public final class TestSamlIdp implements AutoCloseable {
    private static final Path DIR = Path.of("src/test/idp").toAbsolutePath();
    public static final String ENTITY_ID = "https://idp.example.com/saml";
    public final int port;
    private final Path keys;
    private Process process;

    public TestSamlIdp() {
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
            if (!Files.isDirectory(DIR.resolve("node_modules/samlp"))) {
                Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(DIR.toFile()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) throw new IllegalStateException("npm ci in " + DIR + " failed");
            }
            Path log = Files.createTempFile("stoa-saml-idp", ".log");
            ProcessBuilder pb = new ProcessBuilder("node", "saml-idp.mjs", String.valueOf(port), ENTITY_ID, acsUrl)
                    .directory(DIR.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("IDP_ACCOUNTS", accountsJson);
            pb.environment().put("IDP_KEY", Files.readString(keys.resolve("idp-key.pem")));
            pb.environment().put("IDP_CERT", Files.readString(keys.resolve("idp-cert.pem")));
            pb.environment().put("IDP_OTHER_KEY", Files.readString(keys.resolve("other-key.pem")));
            pb.environment().put("IDP_OTHER_CERT", Files.readString(keys.resolve("other-cert.pem")));
            process = pb.start();
            Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
            while (!Files.readString(log).contains("IDP READY")) {
                if (!process.isAlive() || Instant.now().isAfter(deadline)) throw new IllegalStateException("the SAML provider did not start:\n" + Files.readString(log));
                Thread.sleep(50); // polling its log for readiness, with a deadline
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (process != null) process.destroy();
    }
}
