package org.taf.runner.run;

import java.util.List;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.JavaVersion;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.profile.HostProbe;
import org.taf.runner.profile.PinOutcome;
import org.taf.runner.results.EngineJvmRecord;
import org.taf.runner.results.EnvironmentRecord;

/** The environment record of a run, read from this host, with the CPU settings pinning achieved. */
final class Environment {
    private Environment() {}

    /**
     * @param engineArgs the engine JVM's arguments as started (the AOT cache's among them)
     */
    static EnvironmentRecord record(TestDefinition def, EngineRuntime runtime, PinOutcome pinned,
                                    List<String> engineArgs) {
        HostInfo h = HostProbe.system().host();
        // What was read back after pinning, per CPU, with its status: never what was asked for.
        EnvironmentRecord.CpuFreqRecord freq = new EnvironmentRecord.CpuFreqRecord(pinned.pinned(), pinned.note(),
                pinned.cpus().stream().map(c -> new EnvironmentRecord.CpuState(c.cpu(), c.governor(), c.minKhz(),
                        c.maxKhz(), c.boost(), c.status())).toList());
        String runner = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        String aot = engineArgs.stream().filter(a -> a.startsWith("-XX:AOTCache=")).findFirst()
                .map(a -> a.substring("-XX:AOTCache=".length())).orElse(null);
        EngineJvmRecord engine = new EngineJvmRecord(def.launch().java().toString(),
                JavaVersion.of(def.launch().java()).line(), engineArgs, aot);
        return new EnvironmentRecord(h.host(), h.cpuModel(), h.sockets(), h.cores(), h.threads(), h.memoryBytes(), h.os(),
                h.kernel(), runner, engine, runtime.name(), def.profile().engineCpuset().map(c -> c.spec()).orElse(""),
                def.profile().clientCpuset().map(c -> c.spec()).orElse(""), freq);
    }
}
