package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.sys.CpuSampler;

class EngineRegistryTest {
    private final List<Long> stopped = new ArrayList<>();

    private RunningEngine engine(long pid, boolean failing) {
        return new RunningEngine() {
            @Override public long pid() { return pid; }
            @Override public int port() { return 4000; }
            @Override public String serverVersion() { return "x"; }
            @Override public CpuSampler cpuSampler() { return () -> 0; }
            @Override public Path logFile() { return Path.of("log"); }
            @Override public boolean isAlive() { return true; }

            @Override
            public StopResult stop() {
                stopped.add(pid);
                if (failing) {
                    throw new LaunchException("engine pid " + pid + ": processes [1] are still running");
                }
                return new StopResult(StopResult.How.GRACEFUL, 0, Duration.ofMillis(pid));
            }
        };
    }

    @Test
    void stopAllStopsNewestFirstAndGoesOnAfterAFailure() {
        EngineRegistry registry = new EngineRegistry(false);
        registry.register(engine(1, false));
        registry.register(engine(2, true));
        registry.register(engine(3, false));
        List<StopResult> results = registry.stopAll();
        assertThat(stopped).containsExactly(3L, 2L, 1L);
        assertThat(results).extracting(StopResult::took).containsExactly(Duration.ofMillis(3), Duration.ofMillis(1));
    }

    @Test
    void unregisteredEnginesAreNotStopped() {
        EngineRegistry registry = new EngineRegistry(false);
        RunningEngine a = engine(1, false);
        registry.register(a);
        registry.register(engine(2, false));
        registry.unregister(a);
        assertThat(registry.engines()).extracting(RunningEngine::pid).containsExactly(2L);
        registry.stopAll();
        assertThat(stopped).containsExactly(2L);
    }

    @Test
    void onceShutdownBeganNoEngineIsStartedAndOneStartedMeanwhileIsStopped() {
        EngineRegistry registry = new EngineRegistry(false);
        registry.register(engine(1, false));
        registry.beginShutdown();
        boolean[] spawned = {false};
        assertThatThrownBy(() -> registry.spawnRegistered(() -> {
            spawned[0] = true;
            return engine(2, false);
        })).isInstanceOf(LaunchException.class).hasMessageContaining("shutting down");
        assertThat(spawned[0]).isFalse();
        assertThatThrownBy(() -> registry.register(engine(3, false))).isInstanceOf(LaunchException.class)
                .hasMessageContaining("engine pid 3 was stopped");
        assertThat(stopped).containsExactly(3L);
        assertThat(registry.engines()).extracting(RunningEngine::pid).containsExactly(1L);
    }
}
