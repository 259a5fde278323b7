package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.taf.runner.launch.ContainerRuntime;
import org.taf.runner.launch.ProcessRuntime;
import org.taf.runner.profile.CpuIdle;
import org.taf.runner.profile.CpuSet;
import org.taf.runner.profile.CpuToggle;
import org.taf.runner.profile.ProfileOptions;
import org.taf.runner.profile.RuntimeKind;
import org.taf.runner.results.NoiseThresholds;

/** profile.runtime picks the engine runtime; a process profile with container-only keys is warned about. */
class RuntimesTest {
    private static ProfileOptions profile(RuntimeKind kind, OptionalLong memory) {
        return new ProfileOptions("p", kind, Optional.of(new CpuSet(List.of(1))), Optional.of(new CpuSet(List.of(0))),
                memory, Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), CpuToggle.UNCHANGED,
                CpuToggle.UNCHANGED, CpuIdle.UNCHANGED, false, Optional.empty(), NoiseThresholds.DEFAULT);
    }

    @Test
    void processAndContainerProfilesGetTheirRuntime() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(Runtimes.forProfile(profile(RuntimeKind.PROCESS, OptionalLong.empty()), Path.of("state"), ps))
                .isInstanceOf(ProcessRuntime.class).extracting(r -> r.name()).isEqualTo("process");
        assertThat(Runtimes.forProfile(profile(RuntimeKind.CONTAINER, OptionalLong.of(2L << 30)), Path.of("state"), ps))
                .isInstanceOf(ContainerRuntime.class).extracting(r -> r.name()).isEqualTo("container");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();

        Runtimes.forProfile(profile(RuntimeKind.PROCESS, OptionalLong.of(2L << 30)), Path.of("state"), ps);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("warning: profile p: profile.memory_limit and"
                + " profile.image apply to the container runtime only");
    }
}
