package dev.stoa.cli;

import dev.stoa.config.Config;
import java.net.URI;
import java.util.Set;

/**
 * What the server says at start about Zulip's mobile apps: the app takes the server's URL, then
 * sends every later request to the `realm_url` register answers (the external URL). A loopback
 * external URL points a phone at itself, so the hint says how to give the real address.
 */
final class PhoneHint {
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "[::1]");

    private PhoneHint() {}

    static String line(Config config) {
        String host = URI.create(config.externalUrl()).getHost();
        if (host == null || LOOPBACK.contains(host) || host.startsWith("127.")) {
            return "Phones cannot reach " + config.externalUrl() + ": for Zulip's mobile app start with --host 0.0.0.0"
                    + " --external-url http://<this machine's address>:" + config.port()
                    + " (an https URL behind a proxy for use beyond your network) and enter that URL in the app.";
        }
        return "Zulip's mobile app: enter " + config.externalUrl() + " as the organization URL and log in with email and password.";
    }
}
