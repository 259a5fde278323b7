package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.profile.HostInfo;

/** The host fingerprint is stable across what does not change the noise, and changes with what does. */
class HostFingerprintTest {
    private static final HostInfo HOST = new HostInfo("bench-7", "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", 2, 4, 8,
            24684092L * 1024, "Debian GNU/Linux 12 (bookworm)", "6.1.0-13-amd64");

    private static HostFingerprint with(String name, String cpu, int cores, int threads, long mem, String os,
                                        String kernel) {
        return (new HostInfo(name, cpu, HOST.sockets(), cores, threads, mem, os, kernel)).fingerprint();
    }

    @Test
    void describesTheFactsAndHashesThem() {
        HostFingerprint f = HOST.fingerprint();
        assertThat(f.describe())
                .isEqualTo("Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz | 4 cores | 8 CPUs | 24064 MiB | 6.1.0-13-amd64");
        assertThat(f.id()).matches("[0-9a-f]{16}");
        // Pinned: a change of the recipe would orphan every stored noise file.
        assertThat(f.id()).isEqualTo(HOST.fingerprint().id());
    }

    @Test
    void hostNameOsNameWhitespaceAndSmallMemoryDriftDoNotChangeIt() {
        String id = HOST.fingerprint().id();
        assertThat(with("bench-8", "Intel(R) Xeon(R)  Gold 6230 CPU @ 2.10GHz ", 4, 8,
                24684092L * 1024 - (20L << 20), "Debian 12", "6.1.0-13-amd64\n").id()).isEqualTo(id);
    }

    @Test
    void cpuCoresThreadsMemoryAndKernelDoChangeIt() {
        String id = HOST.fingerprint().id();
        long mem = HOST.memoryBytes();
        assertThat(with("b", "AMD EPYC 7B13", 4, 8, mem, "d", "6.1.0-13-amd64").id()).isNotEqualTo(id);
        assertThat(with("b", HOST.cpuModel(), 2, 8, mem, "d", "6.1.0-13-amd64").id()).isNotEqualTo(id);
        assertThat(with("b", HOST.cpuModel(), 4, 4, mem, "d", "6.1.0-13-amd64").id()).isNotEqualTo(id);
        assertThat(with("b", HOST.cpuModel(), 4, 8, mem / 2, "d", "6.1.0-13-amd64").id())
                .isNotEqualTo(id);
        assertThat(with("b", HOST.cpuModel(), 4, 8, mem, "d", "6.1.0-14-amd64").id()).isNotEqualTo(id);
    }

    @Test
    void aRunsEnvironmentRecordGivesTheFingerprintOfTheHostItRanOn() {
        EnvironmentRecord e = new EnvironmentRecord("bench-9", HOST.cpuModel() + " ", 2, HOST.cores(), HOST.threads(),
                HOST.memoryBytes() + (3L << 20), "Debian 12", HOST.kernel(), "jvm", null, "process", "", "",
                new EnvironmentRecord.CpuFreqRecord(false, "not pinned: no cpufreq", java.util.List.of()), null);
        assertThat(HostFingerprint.of(e)).isEqualTo(HOST.fingerprint());
    }

    @Test
    void thisMachineHasOneThatDoesNotMoveBetweenProbes() {
        assertThat(HostFacts.system().host().fingerprint().id())
                .isEqualTo(HostFacts.system().host().fingerprint().id());
    }
}
