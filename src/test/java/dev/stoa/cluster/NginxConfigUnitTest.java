package dev.stoa.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The nginx configuration the operations page shows is the one the cluster test and cluster-demo run. */
class NginxConfigUnitTest {
    static String deployed() {
        return Nginx.site("80", List.of("127.0.0.1:9992", "127.0.0.1:9993", "127.0.0.1:9994"), "/var/log/nginx/stoa-access.log");
    }

    @Test
    void deployFileIsTheTestedConfiguration() throws Exception {
        assertThat(Files.readString(Path.of("deploy/nginx-stoa.conf"))).isEqualTo(deployed());
    }

    @Test
    void longPollsOutlastTheLongPollTimeoutAndPostsAreNeverResent() {
        String c = deployed();
        assertThat(c).contains("proxy_read_timeout 120s;", "proxy_buffering off;", "\n    proxy_next_upstream error timeout;\n")
                .doesNotContainPattern("(?m)^\\s*proxy_next_upstream [^#\\n]*non_idempotent");
        assertThat(Nginx.config(Path.of("/tmp/x"), 9991, List.of(9992))).contains("listen 127.0.0.1:9991;", "server 127.0.0.1:9992 ",
                "client_body_temp_path /tmp/x/tmp/body;", "proxy_next_upstream_tries 1;");
    }
}
