package org.taf.runner.stats;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Options of the statistics ({@code stats.*} and {@code verdict.*}), validated here once: the configuration
 * stage builds them from the keys ({@link #builder()}) and turns a violation, an
 * {@link IllegalArgumentException} naming key, value and rule, into its own error naming the file.
 *
 * @param confidence confidence level of the intervals without an adaptive loop (default 0.95); in the
 *                   loop every look uses its per-look share of 1 - confidence
 * @param warningPct smallest change, in percent, that a decided verdict calls (default 3): a metric is
 *                   WORSE or BETTER when significant and at least this far from 1, SAME when its
 *                   equivalence interval ({@link #equivalenceLevel}) lies within it
 * @param failPct    the drop, in percent, the plan is sized to catch at {@code power} (default 5); TAF's
 *                   classic verdict says FAIL from it; at least {@code warningPct}
 * @param gainPct    the rise, in percent, of the classic verdict's GAIN (default 5)
 * @param fdr        false discovery rate of Benjamini-Hochberg over every judged metric of every cell of
 *                   a comparison (default 0.05); in the adaptive loop, over all looks too
 * @param power      power at which the minimal detectable effect is computed (default 0.8)
 * @param seed       seed of the sign-flip test above 20 pairs: same input and seed give the same output
 * @param exclusion  which flagged iterations (and so their pairs) are left out of the verdict
 * @param firstLook  pairs of every cell before the first look ({@code measure.iterations}, at least
 *                   {@link #MIN_ITERATIONS}): the looks of the sequential design run from here
 * @param maxPairs   A/B pairs per cell after which the adaptive loop stops (default 20), at least firstLook
 * @param budget     time the adaptive loop may spend on extra pairs (default 10m; zero: none)
 * @param metrics    metrics that may decide a cell's verdict ({@code verdict.metrics}); at least one
 * @param counterMarginPct how far from 1, in percent, a counter's per-transaction ratio must be to be listed
 *                   as changed beside the verdict (default 10)
 * @param questions  which question each metric of each workload's cells asks ({@code verdict.question} and its
 *                   keys): equivalence (SAME) or non-inferiority at the fail threshold (NOT_WORSE); null means
 *                   equivalence everywhere
 * @param futility   stop a cell's pairs early when, at the spread they show, the pairs its budget reaches could not
 *                   answer its question ({@link Futility}: the host is too noisy now; default true)
 */
public record StatsOptions(double confidence, double warningPct, double failPct, double gainPct, double fdr,
        double power, long seed, ExclusionRule exclusion, int firstLook, int maxPairs, Duration budget,
        List<Metric> metrics, double counterMarginPct, Questions questions, boolean futility) {
    /** Fewest included pairs for an interval and a p-value; below it a cell is INCONCLUSIVE. */
    public static final int MIN_ITERATIONS = 3;

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
        Objects.requireNonNull(exclusion, "exclusion");
        firstLook = Math.max(MIN_ITERATIONS, firstLook);
        if (maxPairs < MIN_ITERATIONS) {
            throw new IllegalArgumentException("stats.max_pairs (" + maxPairs + ") must be >= " + MIN_ITERATIONS);
        }
        Objects.requireNonNull(budget, "stats.budget");
        if (budget.isNegative()) {
            throw new IllegalArgumentException("stats.budget (" + budget + ") must not be negative");
        }
        metrics = List.copyOf(metrics);
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("verdict.metrics must name at least one metric");
        }
        if (!(counterMarginPct >= 0) || Double.isInfinite(counterMarginPct)) {
            throw new IllegalArgumentException("verdict.counter_margin_pct (" + counterMarginPct + ") must be >= 0");
        }
        questions = questions == null ? Questions.EQUIVALENCE : questions;
    }

    /**
     * TAF's defaults, the key registry's (checked by {@code DefaultsMatchKeyRegistryTest}): 95%, warn 3 /
     * fail 5 / gain 5 %, FDR 5%, power 80%, 3 planned pairs, up to 20, a 10-minute budget, TPS and CPU
     * per transaction, counters listed from 10%.
     */
    public static StatsOptions defaults() {
        return new StatsOptions(0.95, 3, 5, 5, 0.05, 0.8, 1L, ExclusionRule.DEFAULT, 3, 20, Duration.ofMinutes(10),
                List.of(Metric.TPS, Metric.CPU_PER_TX), 10, Questions.EQUIVALENCE, true);
    }

    /** A builder starting from {@link #defaults()}: the configuration stage sets what its keys say. */
    public static Builder builder() {
        return defaults().toBuilder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * The two-sided level a look compares p-values with and builds its intervals at: the FDR without an
     * adaptive loop, else the constant per-look level ({@link PairedLevel}) over looks from
     * {@code firstLook} to {@code maxPairs} pairs, so all looks together keep false alarms at the FDR.
     */
    public double level(boolean adaptive) {
        if (!adaptive || maxPairs <= firstLook) {
            return fdr;
        }
        return PairedLevel.perLook(fdr, firstLook, maxPairs);
    }

    /** The intervals' confidence at a look: {@code confidence}, or its per-look share in the loop. */
    public double confidenceAt(boolean adaptive) {
        if (!adaptive || maxPairs <= firstLook) {
            return confidence;
        }
        return 1 - PairedLevel.perLook(1 - confidence, firstLook, maxPairs);
    }

    /**
     * The two-sided level of the interval that shows "no change" (SAME), by two one-sided tests
     * (Schuirmann 1987, TOST): the change is within +-w at level a when both "below -w" and "above +w"
     * are rejected one-sidedly at a, that is when the interval at two-sided level 2a lies within +-w.
     * Here a = 1 - confidence; in the adaptive loop a is spent over the looks like the two-sided test's:
     * the level is the per-look level of {@link PairedLevel} for an overall 2a, so that each one-sided
     * test, at the boundary of +-w, errs at any look with about probability a (the t statistic of
     * {@code mean -+ w} has the null law there, and one tail of a two-sided 2a boundary is a). The
     * intervals shown stay at {@link #confidenceAt}: this one only decides SAME. Capped at 0.5.
     */
    public double equivalenceLevel(boolean adaptive) {
        double twice = Math.min(0.5, 2 * (1 - confidence));
        if (!adaptive || maxPairs <= firstLook) {
            return twice;
        }
        return PairedLevel.perLook(twice, firstLook, maxPairs);
    }

    /**
     * The one-sided level of the non-inferiority test (NOT_WORSE): "worse by the fail threshold or more" is
     * rejected when the one-sided p-value is below it. It is one tail of the equivalence interval's level, so
     * the same alpha a = 1 - confidence, spent over the same looks ({@link PairedLevel} for an overall 2a): the
     * interval's worse end lies past the margin exactly when the test rejects. Without a loop it is a.
     */
    public double nonInferiorityLevel(boolean adaptive) {
        return equivalenceLevel(adaptive) / 2;
    }

    /** Mutable builder, each setter named as the component; {@link #build()} checks. */
    public static final class Builder {
        private double confidence;
        private double warningPct;
        private double failPct;
        private double gainPct;
        private double fdr;
        private double power;
        private long seed;
        private ExclusionRule exclusion;
        private int firstLook;
        private int maxPairs;
        private Duration budget;
        private List<Metric> metrics;
        private double counterMarginPct;
        private Questions questions;
        private boolean futility;

        private Builder(StatsOptions o) {
            confidence = o.confidence;
            warningPct = o.warningPct;
            failPct = o.failPct;
            gainPct = o.gainPct;
            fdr = o.fdr;
            power = o.power;
            seed = o.seed;
            exclusion = o.exclusion;
            firstLook = o.firstLook;
            maxPairs = o.maxPairs;
            budget = o.budget;
            metrics = o.metrics;
            counterMarginPct = o.counterMarginPct;
            questions = o.questions;
            futility = o.futility;
        }

        public Builder confidence(double v) { confidence = v; return this; }
        public Builder warningPct(double v) { warningPct = v; return this; }
        public Builder failPct(double v) { failPct = v; return this; }
        public Builder gainPct(double v) { gainPct = v; return this; }
        public Builder fdr(double v) { fdr = v; return this; }
        public Builder power(double v) { power = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder firstLook(int v) { firstLook = v; return this; }
        public Builder maxPairs(int v) { maxPairs = v; return this; }
        public Builder budget(Duration v) { budget = v; return this; }
        public Builder metrics(List<Metric> v) { metrics = v; return this; }
        public Builder counterMarginPct(double v) { counterMarginPct = v; return this; }
        public Builder questions(Questions v) { questions = v; return this; }
        public Builder futility(boolean v) { futility = v; return this; }

        /** The options, checked by the record's constructor. */
        public StatsOptions build() {
            return new StatsOptions(confidence, warningPct, failPct, gainPct, fdr, power, seed, exclusion, firstLook,
                    maxPairs, budget, metrics, counterMarginPct, questions, futility);
        }
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
