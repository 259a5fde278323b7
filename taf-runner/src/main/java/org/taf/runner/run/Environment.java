package org.taf.runner.run;

import java.util.List;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.EngineJava;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.profile.IdlePolling;
import org.taf.runner.profile.PinOutcome;
import org.taf.runner.results.EngineJvmRecord;
import org.taf.runner.results.EnvironmentRecord;

/**
 * The environment record of a run, read once from this host at its start, with the CPU settings pinning
 * achieved. The engine's JVM arguments are the definition's until its data is prepared, which may add an
 * AOT cache's ({@link EnvironmentRecord#withEngineArgs}).
 */
final class Environment {
    private Environment() {}

    /**
     * @param java the engine's JVM, resolved ({@code def.launch()} names it)
     * @param idle what idle CPUs do during the run
     * @param h    this host, as read for the run's fingerprint
     */
    static EnvironmentRecord record(TestDefinition def, EngineJava java, EngineRuntime runtime, PinOutcome pinned,
                                    IdlePolling idle, HostInfo h) {
        // What was read back after pinning, per CPU, with its status: never what was asked for.
        EnvironmentRecord.CpuFreqRecord freq = new EnvironmentRecord.CpuFreqRecord(pinned.pinned(), pinned.note(),
                pinned.cpus().stream().map(c -> new EnvironmentRecord.CpuState(c.cpu(), c.governor(), c.minKhz(),
                        c.maxKhz(), c.boost(), c.status())).toList());
        String runner = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        EngineJvmRecord engine = new EngineJvmRecord(java.java().toString(), java.version().line(), List.of(), null,
                java.reason()).withArgs(def.launch().jvmArgs());
        return new EnvironmentRecord(h.host(), h.cpuModel(), h.sockets(), h.cores(), h.threads(), h.memoryBytes(),
                h.os(), h.kernel(), runner, engine, runtime.name(),
                def.profile().engineCpuset().map(c -> c.spec()).orElse(""),
                def.profile().clientCpuset().map(c -> c.spec()).orElse(""), freq, idle.note());
    }
}
