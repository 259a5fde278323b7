package org.taf.runner.run;

import org.taf.runner.config.ConfigException;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.warmup.WarmupSignal;
import org.taf.runner.launch.JavaVersion;
import org.taf.runner.launch.LaunchException;
import org.taf.runner.profile.NoiseThresholds;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.warmup.RestOptions;
import org.taf.runner.warmup.SettleOptions;
import org.taf.runner.workload.WorkloadException;
import org.taf.runner.workload.WorkloadOptions;

/**
 * The options of every stage a run uses, mapped from a test definition's settings in this one place
 * and validated by the stages' own option records. {@code taf validate} and {@code taf run} both
 * build them before anything starts, so a definition that validates cannot fail later on a rule of a
 * stage (a value the key registry accepts but a stage refuses is a bug that {@code StageOptionsTest}
 * catches for every key's range).
 *
 * @param workload the load generator's options, with the definition's account on 127.0.0.1:3306; each
 *                 engine start gets its own port through {@link #workloadOn(int)}
 * @param rest     waiting for the engine's CPU to rest
 * @param settle   the warm-up's settle rule on the engine's CPU (one sample a second)
 * @param stats    thresholds, FDR and the adaptive loop's limits
 * @param noise    the host-noise limits that flag an iteration
 */
public record StageOptions(WorkloadOptions workload, RestOptions rest, SettleOptions settle, StatsOptions stats,
                           NoiseThresholds noise) {

    /**
     * Maps and validates; a stage's refusal becomes a {@link ConfigException} naming the definition.
     *
     * @throws ConfigException when a stage refuses the combination of settings
     */
    public static StageOptions of(TestDefinition def) {
        try {
            WorkloadOptions workload = def.workload();
            RestOptions rest = def.rest();
            SettleOptions settle = def.warmup().settle();
            StatsOptions stats = def.stats();
            NoiseThresholds noise = def.profile().noise();
            if (def.launch().aotCache()) {
                JavaVersion v = JavaVersion.of(def.launch().java());
                if (v.feature() < 25) {
                    throw new IllegalArgumentException("launch.aot_cache needs JDK 25 or later for the engine, but"
                            + " launch.java (" + def.launch().java() + ") is " + v.line());
                }
            }
            return new StageOptions(workload, rest, settle, stats, noise);
        } catch (IllegalArgumentException | WorkloadException | LaunchException e) {
            throw new ConfigException(def.config().fileDisplay() + ": " + e.getMessage());
        }
    }

    /** The workload options against an engine on 127.0.0.1:{@code port}. */
    public WorkloadOptions workloadOn(int port) {
        return workload.onPort(port);
    }
}
