package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.taf.runner.sys.Affinity;

/** CPU lists, taskset prefixes, /proc status parsing, container options and the Docker environment check. */
class AffinityTest {

    @Test
    void cpuListsCompareAsSets() {
        assertThat(CpuList.same("0-2,5", "0,1,2,5")).isTrue();
        assertThat(CpuList.same("1", "1")).isTrue();
        assertThat(CpuList.same("0-1", "1")).isFalse();
        assertThat(CpuList.same("", "")).isFalse();
        assertThat(CpuList.same("x", "x")).isFalse();
    }

    @Test
    void containerOptionsAreChecked() {
        assertThatThrownBy(() -> new ContainerOptions(Optional.of(" "), OptionalLong.empty()))
                .hasMessageContaining("profile.image");
        assertThatThrownBy(() -> new ContainerOptions(Optional.empty(), OptionalLong.of(1024)))
                .hasMessageContaining("profile.memory_limit (1024 bytes) must be at least 4M");
    }

    @Test
    void dockerEnvironmentNamesWhatIsMissing() {
        assertThat(DockerEnvironment.missing(Map.of(), false)).containsExactly("TESTCONTAINERS_RYUK_DISABLED=true");
        assertThat(DockerEnvironment.missing(Map.of(), true))
                .containsExactly("TESTCONTAINERS_RYUK_DISABLED=true", "TESTCONTAINERS_HOST_OVERRIDE=localhost");
        assertThat(DockerEnvironment.missing(Map.of("TESTCONTAINERS_RYUK_DISABLED", "true",
                "TESTCONTAINERS_HOST_OVERRIDE", "localhost"), true)).isEmpty();
        assertThat(DockerEnvironment.missing(Map.of("TESTCONTAINERS_RYUK_DISABLED", "false"), false)).hasSize(1);
    }
}
