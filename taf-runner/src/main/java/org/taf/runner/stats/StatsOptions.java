package org.taf.runner.stats;

import java.time.Duration;
import java.util.Objects;
import org.taf.runner.config.StatsSettings;
import org.taf.runner.config.VerdictSettings;

/**
 * Options of the statistics, validated here; a violation is a bug of the caller (the configuration
 * stage validates user input), so it is an {@link IllegalArgumentException} naming key, value and rule.
 *
 * @param confidence         confidence level of the ratio's interval (default 0.95)
 * @param warningPct         |change| inside which a cell is the same, in percent (default 3)
 * @param failPct            drop beyond which a cell can be regressed, in percent (default 5), >= warningPct
 * @param gainPct            rise beyond which a cell can be improved, in percent (default 5)
 * @param fdr                false discovery rate of Benjamini-Hochberg over the cells of a run (default 0.05)
 * @param power              power at which the minimal detectable effect is computed (default 0.8)
 * @param bootstrapResamples resamples of the hierarchical bootstrap (default 2000, at least 200)
 * @param blockSeconds       block length of the within-iteration block bootstrap, in seconds (default 5)
 * @param seed               seed of the bootstrap: same input and seed give the same output (default 1)
 * @param exclusion          which flagged iterations are left out of the verdict
 * @param maxPairs           A/B pairs per cell after which the adaptive loop stops (default 20)
 * @param budget             time the adaptive loop may spend on extra pairs (default 10m; zero: none)
 */
public record StatsOptions(double confidence, double warningPct, double failPct, double gainPct, double fdr,
        double power, int bootstrapResamples, int blockSeconds, long seed, ExclusionRule exclusion, int maxPairs,
        Duration budget) {
    /** Fewest included iterations per side for an interval and a p-value; below it a cell is UNKNOWN. */
    public static final int MIN_ITERATIONS = 3;
    /** Default resamples: enough for the tails the small-sample expansion asks for (see docs). */
    public static final int DEFAULT_RESAMPLES = 2000;

    public StatsOptions {
        openFraction("stats.confidence", confidence);
        percent("verdict.warning_pct", warningPct);
        percent("verdict.fail_pct", failPct);
        percent("verdict.gain_pct", gainPct);
        if (failPct < warningPct) {
            throw new IllegalArgumentException("verdict.fail_pct (" + failPct + ") must be >= verdict.warning_pct ("
                    + warningPct + ")");
        }
        openFraction("stats.fdr", fdr);
        openFraction("stats.power", power);
        if (bootstrapResamples < 200) {
            throw new IllegalArgumentException("stats.bootstrap_resamples (" + bootstrapResamples
                    + ") must be >= 200");
        }
        if (blockSeconds < 1) {
            throw new IllegalArgumentException("stats.block_seconds (" + blockSeconds + ") must be >= 1");
        }
        Objects.requireNonNull(exclusion, "exclusion");
        if (maxPairs < MIN_ITERATIONS) {
            throw new IllegalArgumentException("stats.max_pairs (" + maxPairs + ") must be >= " + MIN_ITERATIONS);
        }
        Objects.requireNonNull(budget, "stats.budget");
        if (budget.isNegative()) {
            throw new IllegalArgumentException("stats.budget (" + budget + ") must not be negative");
        }
    }

    /** TAF's defaults: 95%, warn 3 / fail 5 / gain 5 %, FDR 5%, power 80%, 2000 resamples of 5 s blocks. */
    public static StatsOptions defaults() {
        return new StatsOptions(0.95, 3, 5, 5, 0.05, 0.8, DEFAULT_RESAMPLES, 5, 1L, ExclusionRule.DEFAULT, 20,
                Duration.ofMinutes(10));
    }

    /** From the configuration's {@code stats.*} and {@code verdict.*} settings; the rest are defaults. */
    public static StatsOptions from(StatsSettings stats, VerdictSettings verdict) {
        StatsOptions d = defaults();
        return new StatsOptions(stats.confidence(), verdict.warningPct(), verdict.failPct(), verdict.gainPct(),
                stats.fdr(), stats.power(), d.bootstrapResamples, d.blockSeconds, d.seed, d.exclusion, stats.maxPairs(),
                stats.budget());
    }

    /** A copy with another number of bootstrap resamples (simulations use fewer). */
    public StatsOptions withResamples(int resamples) {
        return new StatsOptions(confidence, warningPct, failPct, gainPct, fdr, power, resamples, blockSeconds, seed,
                exclusion, maxPairs, budget);
    }

    /** A copy with another seed. */
    public StatsOptions withSeed(long newSeed) {
        return new StatsOptions(confidence, warningPct, failPct, gainPct, fdr, power, bootstrapResamples,
                blockSeconds, newSeed, exclusion, maxPairs, budget);
    }

    /** A copy with another adaptive-loop limit and budget. */
    public StatsOptions withAdaptive(int newMaxPairs, Duration newBudget) {
        return new StatsOptions(confidence, warningPct, failPct, gainPct, fdr, power, bootstrapResamples,
                blockSeconds, seed, exclusion, newMaxPairs, newBudget);
    }

    private static void openFraction(String key, double v) {
        if (!(v > 0 && v < 1)) {
            throw new IllegalArgumentException(key + " (" + v + ") must be in (0, 1)");
        }
    }

    private static void percent(String key, double v) {
        if (!(v >= 0 && v < 100)) {
            throw new IllegalArgumentException(key + " (" + v + ") must be in [0, 100)");
        }
    }
}
