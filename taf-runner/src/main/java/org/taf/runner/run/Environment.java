package org.taf.runner.run;

import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.profile.CpuFreqState;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.profile.HostProbe;
import org.taf.runner.results.EnvironmentRecord;

/** The environment record of a run, read from this host. */
final class Environment {
    private Environment() {}

    static EnvironmentRecord record(TestDefinition def, EngineRuntime runtime) {
        HostProbe probe = HostProbe.system();
        HostInfo h = probe.host();
        CpuFreqState f = probe.cpuFreq();
        // Pinning the governor comes with container profiles; until then say honestly what is there.
        EnvironmentRecord.CpuFreqRecord freq = f.available()
                ? new EnvironmentRecord.CpuFreqRecord(false, "not pinned: left as found",
                        f.cpus().stream().map(c -> new EnvironmentRecord.CpuState(c.cpu(), c.governor(), c.minKhz(),
                                c.maxKhz(), c.boost())).toList())
                : new EnvironmentRecord.CpuFreqRecord(false, "not pinned: no cpufreq", java.util.List.of());
        String jvm = def.launch().java().toString().startsWith(System.getProperty("java.home"))
                ? System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                : def.launch().java().toString();
        return new EnvironmentRecord(h.host(), h.cpuModel(), h.sockets(), h.cores(), h.threads(), h.memoryBytes(), h.os(),
                h.kernel(), jvm, runtime.name(), def.profile().engineCpuset().map(c -> c.spec()).orElse(""),
                def.profile().clientCpuset().map(c -> c.spec()).orElse(""), freq);
    }
}
