package org.taf.runner.config;

import static org.taf.runner.config.Checks.atLeast;
import static org.taf.runner.config.Checks.notNull;
import static org.taf.runner.config.Checks.positive;

import java.time.Duration;

/**
 * How each cell is measured ({@code measure.*}).
 *
 * @param duration   measured time per workload x threads x iteration (default 30s)
 * @param iterations iterations per side, each on a fresh engine (default 3)
 * @param order      order of parent and patch iterations (default interleaved)
 * @param orderSeed  seed of the random order (default 1)
 */
public record MeasureSettings(Duration duration, int iterations, MeasureOrder order, long orderSeed) {
    public MeasureSettings {
        positive("measure.duration", duration);
        atLeast("measure.iterations", iterations, 1);
        notNull("measure.order", order);
    }
}
