package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The environment is read once; only the engine's arguments follow, once its data is prepared. */
class EnvironmentRecordTest {
    @Test
    void theEnginesArgumentsNameItsAotCache() {
        EnvironmentRecord e = ResultsFixtures.small().environment();
        EnvironmentRecord started = e.withEngineArgs(List.of("-Xmx2g", "-XX:AOTCache=/cache/engine.aot"));
        assertThat(started.engineJvm().args()).containsExactly("-Xmx2g", "-XX:AOTCache=/cache/engine.aot");
        assertThat(started.engineJvm().aotCache()).isEqualTo("/cache/engine.aot");
        assertThat(started.engineJvm().version()).isEqualTo(e.engineJvm().version());
        assertThat(started.withEngineArgs(e.engineJvm().args())).isEqualTo(e);
        assertThat(started.host()).isEqualTo(e.host());
    }
}
