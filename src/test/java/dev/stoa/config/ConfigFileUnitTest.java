package dev.stoa.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --config stoa.toml: keys are the flag names; flags > environment > file > defaults; a bad file is one clear line. */
class ConfigFileUnitTest {
    @TempDir
    Path dir;

    private Path file(String toml) throws Exception {
        Path f = dir.resolve("stoa.toml");
        Files.writeString(f, toml);
        return f;
    }

    @Test
    void theFileSetsWhatFlagsAndEnvironmentDoNot() throws Exception {
        Path f = file("""
                # a deployment's settings
                port = 8000
                host = "0.0.0.0"
                rate-limit-user = 500
                welcome = false
                redis-url = "redis://cache.internal:6380/2"
                redis-key-prefix = "chat:"
                email-from = "chat@example.org"
                """);
        Config c = Config.parse(new String[] {"--config", f.toString()}, Map.of());
        assertThat(c.port()).isEqualTo(8000);
        assertThat(c.host()).isEqualTo("0.0.0.0");
        assertThat(c.userRateLimit()).isEqualTo(500);
        assertThat(c.ipRateLimit()).isEqualTo(100); // a default
        assertThat(c.extras().welcome()).isFalse();
        assertThat(c.shared().redisUrl().toString()).isEqualTo("redis://cache.internal:6380/2");
        assertThat(c.shared().redisKeyPrefix()).isEqualTo("chat:");
        assertThat(c.mail().from()).isEqualTo("chat@example.org");
        assertThat(Config.parse(new String[0], Map.of()).shared().redis()).isFalse(); // no Redis: in-memory limits
    }

    @Test
    void flagsWinOverTheEnvironmentWhichWinsOverTheFile() throws Exception {
        Path f = file("port = 8000\nrate-limit-user = 500\nrate-limit-ip = 50\n");
        Map<String, String> env = Map.of("STOA_PORT", "8001", "STOA_RATE_LIMIT_USER", "600", "STOA_CONFIG", f.toString());
        Config c = Config.parse(new String[] {"--port=8002"}, env);
        assertThat(c.port()).isEqualTo(8002);
        assertThat(c.userRateLimit()).isEqualTo(600);
        assertThat(c.ipRateLimit()).isEqualTo(50);
        // --config on the command line wins over STOA_CONFIG too.
        Path other = dir.resolve("other.toml");
        Files.writeString(other, "rate-limit-ip = 70\n");
        assertThat(Config.parse(new String[] {"--config=" + other}, env).ipRateLimit()).isEqualTo(70);
    }

    @Test
    void aBadFileIsOneClearLine() throws Exception {
        Path unknown = file("prot = 8000\n");
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", unknown.toString()}, Map.of())).isInstanceOf(Config.ConfigError.class)
                .hasMessage(unknown + ": unknown key 'prot' (keys are the flag names, e.g. port)");
        Path table = file("[server]\nport = 8000\n");
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", table.toString()}, Map.of()))
                .hasMessage(table + ": unknown key 'server' (keys are the flag names, e.g. port)");
        Path list = file("host = [\"a\", \"b\"]\n");
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", list.toString()}, Map.of()))
                .hasMessage(list + ": 'host' must be a string, number or boolean");
        Path broken = file("port = = 1\n");
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", broken.toString()}, Map.of())).isInstanceOf(Config.ConfigError.class)
                .hasMessageStartingWith(broken + ": not valid TOML: ").message().doesNotContain("\n");
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", dir.resolve("missing.toml").toString()}, Map.of()))
                .hasMessage("--config: no such file " + dir.resolve("missing.toml"));
        assertThatThrownBy(() -> Config.parse(new String[] {"--config"}, Map.of())).hasMessage("--config needs a value");
        Path badValue = file("port = 99999\n");
        assertThatThrownBy(() -> Config.parse(new String[] {"--config", badValue.toString()}, Map.of()))
                .hasMessage("--port must be an integer from 0 to 65535, got '99999'");
    }

    @Test
    void aBadRedisUrlNeverShowsItsPassword() {
        assertThatThrownBy(() -> Config.parse(new String[] {"--redis-url", "http://u:secret@cache:6379"}, Map.of()))
                .isInstanceOf(Config.ConfigError.class)
                .hasMessage("--redis-url must look like redis://host:port (or rediss://user:password@host:port/db), got 'http://u:***@cache:6379'");
        assertThatThrownBy(() -> Config.parse(new String[] {"--redis-key-prefix", "has space"}, Map.of()))
                .hasMessageStartingWith("--redis-key-prefix must be");
    }
}
