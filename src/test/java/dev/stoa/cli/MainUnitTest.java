package dev.stoa.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stoa.config.Config;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the server says about itself when it starts. */
class MainUnitTest {
    @Test
    void theStartLineNamesTheDataButNeverADatabasePassword() {
        Config sqlite = Config.parse(new String[] {"--data-dir", "/srv/stoa"}, Map.of());
        assertThat(Main.dataLine(sqlite)).isEqualTo("data: SQLite database /srv/stoa/stoa.db, files under /srv/stoa");
        Config pg = Config.parse(new String[] {"--data-dir", "/srv/stoa", "--database-url",
                "jdbc:postgresql://db:5432/stoa?user=stoa&password=s3cret&ssl=true"}, Map.of());
        assertThat(Main.dataLine(pg)).isEqualTo("data: PostgreSQL jdbc:postgresql://db:5432/stoa?user=stoa&password=***&ssl=true, files under /srv/stoa");
        Config userinfo = Config.parse(new String[] {"--data-dir", "/srv/stoa", "--database-url", "jdbc:postgresql://stoa:s3cret@db/stoa"}, Map.of());
        assertThat(Main.dataLine(userinfo)).doesNotContain("s3cret");
    }
}
