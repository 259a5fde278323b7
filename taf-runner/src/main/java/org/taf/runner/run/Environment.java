package org.taf.runner.run;

import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.profile.HostProbe;
import org.taf.runner.profile.PinOutcome;
import org.taf.runner.results.EnvironmentRecord;

/** The environment record of a run, read from this host, with the CPU settings pinning achieved. */
final class Environment {
    private Environment() {}

    static EnvironmentRecord record(TestDefinition def, EngineRuntime runtime, PinOutcome pinned) {
        HostInfo h = HostProbe.system().host();
        // What was read back after pinning, per CPU, with its status: never what was asked for.
        EnvironmentRecord.CpuFreqRecord freq = new EnvironmentRecord.CpuFreqRecord(pinned.pinned(), pinned.note(),
                pinned.cpus().stream().map(c -> new EnvironmentRecord.CpuState(c.cpu(), c.governor(), c.minKhz(),
                        c.maxKhz(), c.boost(), c.status())).toList());
        String jvm = def.launch().java().toString().startsWith(System.getProperty("java.home"))
                ? System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                : def.launch().java().toString();
        return new EnvironmentRecord(h.host(), h.cpuModel(), h.sockets(), h.cores(), h.threads(), h.memoryBytes(), h.os(),
                h.kernel(), jvm, runtime.name(), def.profile().engineCpuset().map(c -> c.spec()).orElse(""),
                def.profile().clientCpuset().map(c -> c.spec()).orElse(""), freq);
    }
}
