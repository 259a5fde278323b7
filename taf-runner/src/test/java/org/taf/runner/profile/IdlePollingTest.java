package org.taf.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** profile.cpu.idle: idle CPUs poll while the request is held, and a request refused is said, or an error. */
class IdlePollingTest {
    @TempDir
    Path dir;

    private Path cpuidle() throws IOException {
        Path d = Files.createDirectories(dir.resolve("cpuidle"));
        Files.writeString(d.resolve("current_driver"), "haltpoll\n");
        Files.writeString(d.resolve("current_governor_ro"), "haltpoll\n");
        return d;
    }

    @Test
    void unchangedDescribesTheHostsIdleAndHoldsNothing() throws IOException {
        try (IdlePolling idle = IdlePolling.apply(CpuIdle.UNCHANGED, dir.resolve("no-device"), cpuidle(), true)) {
            assertThat(idle.note()).isEqualTo("unchanged: cpuidle haltpoll, governor haltpoll");
        }
    }

    @Test
    void aRequestThatCannotBeMadeIsANoteOrWithStrictAnErrorNamingTheDevice() throws IOException {
        Path missing = dir.resolve("cpu_dma_latency");
        try (IdlePolling idle = IdlePolling.apply(CpuIdle.POLL, missing, cpuidle(), false)) {
            assertThat(idle.note()).startsWith("failed: cannot hold a CPU latency request of 0 us on " + missing)
                    .contains("needs root on Linux").endsWith("idle CPUs halt as the host decides; cpuidle haltpoll,"
                            + " governor haltpoll");
        }
        assertThatThrownBy(() -> IdlePolling.apply(CpuIdle.POLL, missing, cpuidle(), true))
                .isInstanceOf(CpuPinException.class).hasMessageContaining(missing.toString())
                .hasMessageContaining("profile.cpu.strict = true");
    }

    @Test
    void aLatencyNotReadBackAsZeroIsNotCalledPolling() throws IOException {
        // a plain file takes the write but reads back the text, not a 4-byte latency of 0
        Path file = Files.writeString(dir.resolve("plain"), "");
        try (IdlePolling idle = IdlePolling.apply(CpuIdle.POLL, file, cpuidle(), false)) {
            assertThat(idle.note()).startsWith("failed: ").contains("not 0");
        }
    }

    @Test
    void onThisHostIdleCpusPollWhileTheRequestIsHeldAndNotAfter() throws IOException {
        // The real device: TAF's tests run as root on Linux, as the benchmark hosts do.
        int before = IdlePolling.target(IdlePolling.DEVICE);
        try (IdlePolling idle = IdlePolling.apply(CpuIdle.POLL, IdlePolling.DEVICE, IdlePolling.CPUIDLE, true)) {
            assertThat(idle.note()).startsWith("poll: a CPU latency request of 0 us held on /dev/cpu_dma_latency"
                    + " (read back 0 us); cpuidle ");
            assertThat(IdlePolling.target(IdlePolling.DEVICE)).isZero();
        }
        assertThat(IdlePolling.target(IdlePolling.DEVICE)).as("the kernel dropped the request").isEqualTo(before);
    }
}
