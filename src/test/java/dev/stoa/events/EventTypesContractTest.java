package dev.stoa.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The web client's list of event types (web/src/event-types.ts, which its typed event union draws
 * from) is the server's {@link EventType} list: a type added, renamed or dropped on one side fails here.
 */
class EventTypesContractTest {
    private static final Path CLIENT_LIST = Path.of("web/src/event-types.ts");
    private static final Pattern NAME = Pattern.compile("^\\s*'([a-z_]+)',\\s*$", Pattern.MULTILINE);

    @Test
    void theWebClientNamesExactlyTheTypesTheServerSends() throws IOException {
        List<String> client = NAME.matcher(Files.readString(CLIENT_LIST)).results().map(m -> m.group(1)).toList();
        List<String> server = Arrays.stream(EventType.values()).filter(EventType::delivered).map(EventType::wire).toList();
        assertThat(client).as("web/src/event-types.ts, in EventType's order").containsExactlyElementsOf(server);
    }

    @Test
    void everyNameReadsBackAsItsType() {
        for (EventType t : EventType.values()) assertThat(EventType.of(t.wire())).isSameAs(t);
        assertThat(EventType.of("no_such_type")).isNull();
    }
}
