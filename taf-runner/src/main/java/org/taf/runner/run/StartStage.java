package org.taf.runner.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.taf.runner.TafException;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.jfr.JfrRecordingOptions;
import org.taf.runner.launch.DataDirectories;
import org.taf.runner.launch.EngineCommands;
import org.taf.runner.launch.LaunchSpec;
import org.taf.runner.launch.PortFinder;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.warmup.RestDetector;

/**
 * An engine start's first stage, preparing its side: the engine launched on a fresh copy of the side's data
 * (recording JFR with {@code jfr}), then, with {@code rest.enabled}, left until its CPU is at rest.
 */
final class StartStage {
    /** What the engine records with jfr: CPU samples every 10 ms, waits from 100 us, 32 MB at most. */
    private static final JfrRecordingOptions JFR = JfrRecordingOptions.defaults();

    private final TestDefinition def;
    private final IterationRunner.Rig rig;

    StartStage(TestDefinition def, IterationRunner.Rig rig) {
        this.def = def;
        this.rig = rig;
    }

    /** Starts the side's engine on a fresh copy of its data; the attempt records the launch. */
    RunningEngine launch(IterationRunner.Start s, Attempt a) {
        Path data = DataDirectories.copyTemplate(s.template(), a.work().resolve("data"));
        int port = def.launch().port() == 0 ? PortFinder.freePort() : def.launch().port();
        List<String> jvmArgs = s.jvmArgs();
        if (def.measure().jfr()) {
            jvmArgs = new ArrayList<>(jvmArgs);
            jvmArgs.addAll(JFR.jvmArguments(a.recording(), writeSettings(a.work())));
        }
        var cmd = EngineCommands.tafEngine(def.launch().java(), jvmArgs, s.side().build().artifact(), data, port,
                a.work().resolve("engine.pid"), a.log(), new TreeMap<>(s.side().side().engine().asMap()));
        LaunchSpec spec = def.launch().spec(cmd, a.work(), port, data, a.log(),
                def.profile().engineCpuset().map(c -> c.spec()));
        long t0 = rig.ticker().nanoTime();
        RunningEngine engine = rig.runtime().start(spec);
        a.launched(engine.serverVersion(), (rig.ticker().nanoTime() - t0) / 1e9);
        return engine;
    }

    /** Waits until the engine's CPU is at rest, when {@code rest.enabled}. */
    void rest(RunningEngine engine, Attempt a) throws InterruptedException {
        if (def.rest().enabled()) {
            a.rested(new RestDetector(def.rest()).await(engine.cpuSampler(), rig.ticker(), rig.sleeper()));
        }
    }

    private static Path writeSettings(Path dir) {
        try {
            Files.createDirectories(dir);
            return JFR.writeSettings(dir);
        } catch (IOException e) {
            throw new TafException("cannot write the JFR settings into " + dir + ": " + e);
        }
    }
}
