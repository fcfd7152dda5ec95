package dev.stoa.cli;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

/**
 * The `stoa` script trains the JVM's start-up cache with `stoa aot-train`: a first start, a restart
 * and a client's first requests. Every one of them must still succeed, or the script keeps no cache
 * and every start is twice as slow without anyone noticing.
 */
class AotTrainingUnitTest {
    @Test
    void theTrainingRunStartsTwiceAndEveryRequestSucceeds() {
        assertThatCode(AotTraining::run).doesNotThrowAnyException();
    }
}
