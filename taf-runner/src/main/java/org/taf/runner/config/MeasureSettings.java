package org.taf.runner.config;

import static org.taf.runner.config.Checks.atLeast;
import static org.taf.runner.config.Checks.notNull;
import static org.taf.runner.config.Checks.positive;

import java.time.Duration;
import org.taf.runner.results.MeasureMode;

/**
 * How each cell is measured ({@code measure.*}).
 *
 * @param duration   measured time per window (default 30s)
 * @param iterations planned A/B pairs per cell, each an engine start of each side (default 3)
 * @param order      order of parent and patch iterations (default interleaved)
 * @param orderSeed  seed of the random order (default 1)
 * @param mode       restart, alternate or auto (default auto)
 * @param windows    windows per engine start in alternate mode (default 3)
 * @param counters   read the engine's status counters and context switches over each window (default true)
 * @param jfr        record the engine with JFR, folded into flame graphs of the measured windows ({@code jfr},
 *                   default false)
 */
public record MeasureSettings(Duration duration, int iterations, MeasureOrder order, long orderSeed, MeasureMode mode,
                              int windows, Duration switchSkip, boolean counters, boolean jfr) {
    public MeasureSettings {
        positive("measure.duration", duration);
        atLeast("measure.iterations", iterations, 1);
        notNull("measure.order", order);
        notNull("measure.mode", mode);
        atLeast("measure.windows", windows, 1);
        notNull("measure.switch_skip", switchSkip);
        if (switchSkip.isNegative()) {
            throw new IllegalArgumentException("measure.switch_skip (" + switchSkip + ") must not be negative");
        }
    }
}
