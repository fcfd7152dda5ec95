package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The client name recorded on messages: the `client` parameter, else the User-Agent's product name. */
class ClientNameUnitTest {
    private static String name(Map<String, String> params, String userAgent) {
        Request r = new Request("POST", "/api/v1/messages", params, Map.of(), Map.of(), "127.0.0.1");
        r.setUserAgent(userAgent);
        return r.clientName();
    }

    @Test
    void parameterThenUserAgentThenUnspecified() {
        assertThat(name(Map.of("client", "ZulipTerminal"), "ZulipPython/0.9.0")).isEqualTo("ZulipTerminal");
        assertThat(name(Map.of(), "ZulipPython/0.9.0 (Linux; Python 3.12)")).isEqualTo("ZulipPython");
        assertThat(name(Map.of(), "ZulipMobile/27.192 (Android 14)")).isEqualTo("ZulipMobile");
        assertThat(name(Map.of(), "Mozilla/5.0 (X11; Linux x86_64)")).isEqualTo("Mozilla");
        assertThat(name(Map.of(), "curl/8.5.0")).isEqualTo("curl");
        assertThat(name(Map.of(), "ZulipInvalid")).isEqualTo("ZulipInvalid");
        assertThat(name(Map.of(), "")).isEqualTo("Unspecified");
        assertThat(name(Map.of(), null)).isEqualTo("Unspecified");
    }
}
