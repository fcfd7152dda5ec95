package dev.stoa.cluster;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** `./stoa cluster-demo` refuses bad options with one clear line, before it starts anything. */
class ClusterDemoUnitTest {
    @Test
    void badOptionsAreRefusedBeforeAnythingStarts() {
        assertThatThrownBy(() -> ClusterDemo.run(new String[] {"--nodes", "three"}))
                .isInstanceOf(ClusterDemo.DemoError.class).hasMessage("--nodes must be a number, got 'three'");
        assertThatThrownBy(() -> ClusterDemo.run(new String[] {"--nodes", "0"}))
                .isInstanceOf(ClusterDemo.DemoError.class).hasMessageStartingWith("--nodes must be 1 to 16");
        assertThatThrownBy(() -> ClusterDemo.run(new String[] {"--port"}))
                .isInstanceOf(ClusterDemo.DemoError.class).hasMessageStartingWith("expected --option value, got '--port'");
    }
}
