package dev.stoa.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenID Connect provider (npm oidc-provider, src/test/idp/oidc-idp.mjs) on a port of its own:
 * one client, PKCE required, the accounts given (JSON: id → claims). `npm ci` installs it on first use.
 */
public final class TestOidcProvider implements AutoCloseable {
    private static final Path DIR = Path.of("src/test/idp").toAbsolutePath();
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
        try {
            if (!Files.isDirectory(DIR.resolve("node_modules/oidc-provider"))) {
                Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(DIR.toFile()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) throw new IllegalStateException("npm ci in " + DIR + " failed");
            }
            Path log = Files.createTempFile("stoa-idp", ".log");
            ProcessBuilder pb = new ProcessBuilder("node", "oidc-idp.mjs", String.valueOf(port), clientId, clientSecret, redirectUri)
                    .directory(DIR.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("IDP_ACCOUNTS", accountsJson);
            process = pb.start();
            Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
            while (!Files.readString(log).contains("IDP READY")) {
                if (!process.isAlive() || Instant.now().isAfter(deadline)) throw new IllegalStateException("the OIDC provider did not start:\n" + Files.readString(log));
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
