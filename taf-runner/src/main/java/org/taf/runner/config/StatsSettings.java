package org.taf.runner.config;

import static org.taf.runner.config.Checks.fraction;
import static org.taf.runner.config.Checks.positive;

import java.time.Duration;

/**
 * Statistics settings ({@code stats.*}) for the statistics issue.
 *
 * @param confidence confidence level of intervals (default 0.95)
 * @param fdr        false discovery rate over the cells (default 0.05)
 * @param power      wanted power when planning iterations (default 0.8)
 * @param budget     time budget for extra iterations (default 10m)
 * @param maxPairs   A/B pairs per cell after which the adaptive loop stops (default 20); at or below
 *                   {@code measure.iterations} the loop adds none
 */
public record StatsSettings(double confidence, double fdr, double power, Duration budget, int maxPairs) {
    public StatsSettings {
        fraction("stats.confidence", confidence);
        fraction("stats.fdr", fdr);
        fraction("stats.power", power);
        positive("stats.budget", budget);
        if (maxPairs < 3) {
            throw new IllegalArgumentException("stats.max_pairs (" + maxPairs + ") must be >= 3");
        }
    }
}
