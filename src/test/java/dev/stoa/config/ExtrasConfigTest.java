package dev.stoa.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtrasConfigTest {
    private static Config parse(String... args) {
        return Config.parse(args, Map.of());
    }

    @Test
    void defaultsAndFlags() {
        ExtrasConfig x = parse().extras();
        assertThat(x.videoCallProvider()).isEqualTo("none");
        assertThat(x.reportMessageTypes()).extracting(ExtrasConfig.ReportType::key).containsExactly("spam", "harassment", "inappropriate", "norms", "other");
        ExtrasConfig j = parse("--video-call-provider", "jitsi", "--jitsi-server-url=https://meet.example.org/").extras();
        assertThat(j.jitsiServerUrl()).isEqualTo("https://meet.example.org");
        ExtrasConfig e = Config.parse(new String[0], Map.of("STOA_REPORT_MESSAGE_TYPES", "spam:Spam, legal : Legal")).extras();
        assertThat(e.reportMessageTypes()).containsExactly(new ExtrasConfig.ReportType("spam", "Spam"), new ExtrasConfig.ReportType("legal", "Legal"));
    }

    @Test
    void invalidConfigurationIsOneClearLine() {
        assertThatThrownBy(() -> parse("--video-call-provider", "skype")).isInstanceOf(Config.ConfigError.class)
                .hasMessage("--video-call-provider must be one of none, jitsi, zoom, got 'skype'");
        assertThatThrownBy(() -> parse("--video-call-provider", "zoom")).isInstanceOf(Config.ConfigError.class)
                .hasMessage("--video-call-provider zoom needs --zoom-client-id and --zoom-client-secret");
        assertThatThrownBy(() -> parse("--jitsi-server-url", "meet")).isInstanceOf(Config.ConfigError.class)
                .hasMessage("--jitsi-server-url must be an http(s) URL, got 'meet'");
        assertThatThrownBy(() -> parse("--report-message-types", "spam:Spam,spam:Again")).isInstanceOf(Config.ConfigError.class)
                .hasMessageStartingWith("--report-message-types must be a list of distinct key:Name pairs");
        assertThatThrownBy(() -> parse("--report-message-types", "spam")).isInstanceOf(Config.ConfigError.class);
    }
}
