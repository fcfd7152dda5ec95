package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Jackson's buffers go back to one shared pool after each use: a parked long-poll's virtual thread
 * lives up to 90 s, and Jackson's default per-thread pool kept ~8 KB of buffers for each such thread.
 */
class JsonBuffersUnitTest {
    @Test
    void aThreadThatWroteJsonReturnsItsBuffers() throws Exception {
        Thread.ofVirtual().start(() -> Json.write(Map.of("a", "b"))).join();
        // A per-thread pool cannot count what it holds (-1); a shared pool holds the returned buffers.
        assertThat(Json.MAPPER.getFactory()._getRecyclerPool().pooledCount()).isPositive();
    }
}
