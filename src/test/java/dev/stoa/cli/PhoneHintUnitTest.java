package dev.stoa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.config.Config;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 26, item 12: what the start-up says about reaching the server from Zulip's mobile app. */
class PhoneHintUnitTest {
    @Test
    void aLoopbackExternalUrlSaysHowToReachTheServerFromAPhone() {
        String line = PhoneHint.line(Config.parse(new String[0], Map.of()));
        assertThat(line).startsWith("Phones cannot reach http://127.0.0.1:9991: ").contains("--host 0.0.0.0", "--external-url http://<this machine's address>:9991");
        assertThat(PhoneHint.line(Config.parse(new String[] {"--external-url", "http://localhost:8000"}, Map.of()))).startsWith("Phones cannot reach");
    }

    @Test
    void anExternalUrlIsWhatToTypeIntoTheApp() {
        Config c = Config.parse(new String[] {"--host", "0.0.0.0", "--external-url", "https://chat.example.org"}, Map.of());
        assertThat(PhoneHint.line(c)).isEqualTo("Zulip's mobile app: enter https://chat.example.org as the organization URL and log in with email and password.");
    }
}
