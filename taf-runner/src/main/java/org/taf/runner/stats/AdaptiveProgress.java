package org.taf.runner.stats;

import java.time.Duration;
import java.util.Objects;

/**
 * Where the adaptive loop stands, measured by the runner with its injected clock.
 *
 * @param extraElapsed time already spent on pairs beyond the planned ones; compared with {@code stats.budget}
 * @param perPairCost  wall time of one more A/B pair of one cell (parent and patch iteration, each with
 *                     launch, rest, warm-up and measurement); the runner's running mean is a good value
 */
public record AdaptiveProgress(Duration extraElapsed, Duration perPairCost) {
    public AdaptiveProgress {
        Objects.requireNonNull(extraElapsed, "extraElapsed");
        Objects.requireNonNull(perPairCost, "perPairCost");
        if (extraElapsed.isNegative()) {
            throw new IllegalArgumentException("extra elapsed time (" + extraElapsed + ") must not be negative");
        }
        if (perPairCost.isNegative() || perPairCost.isZero()) {
            throw new IllegalArgumentException("per-pair cost (" + perPairCost + ") must be positive");
        }
    }
}
