package org.taf.runner.results;

import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.taf.runner.stats.DetectableEffect;
import org.taf.runner.stats.Metric;

/**
 * The spread of A/B pairs measured with one design (mode, windows per start, window length) of one
 * cell on one host: the SD of the pairs' log-ratios of TPS, which is what a verdict's interval is made
 * of, and what a pair cost. Variance components assume that engine starts are independent; on a host
 * whose level drifts with time, two engines alive together share it, so an alternating design's pairs
 * spread far less than its components predict (2.3-4.4% against 11.2-11.6%, docs/benchmarks/power-study.md,
 * third study). Plans therefore use the spread a design was measured with when one is stored.
 *
 * @param mode          RESTART or ALTERNATE
 * @param windows       measured windows per engine start (1 when restarting)
 * @param windowSeconds length of one window ({@code measure.duration}), seconds
 * @param pairSd        SD of the pairs' ln(patch / parent) of TPS (a fraction)
 * @param pairs         pairs it comes from (at least 2)
 * @param startSeconds  mean cost of an engine start in that run (launch, rest, warm-up), seconds
 * @param measuredAt    when
 * @param runId         the run it comes from
 * @param pairsSd       alternate only: the part of a pair's log-ratio that its windows share (the two
 *                      starts' own levels), from a one-way ANOVA of the windows' log-ratios nested in pairs;
 *                      null when not estimable (restart, or one window per start)
 * @param windowSd      alternate only: SD of one window's log-ratio (patch window / the parent window next
 *                      to it) within a pair; null when not estimable
 * @param metricSds     the same pairs' spread of each other metric the verdict compared (CPU per transaction,
 *                      context switches per transaction): SD of ln(patch / parent), by metric. A verdict needs each
 *                      of its gating metrics answered, and on a shared VM CPU per transaction may spread more than
 *                      TPS (docs/benchmarks/rules-evidence.md). Empty in noise files before format 4.
 */
public record DesignNoise(MeasureMode mode, int windows, double windowSeconds, double pairSd, int pairs,
                          double startSeconds, Instant measuredAt, String runId, Double pairsSd, Double windowSd,
                          Map<Metric, Double> metricSds) {
    /**
     * Fewest pairs whose measured spread a plan trusts over the components: an SD from 2-4 pairs has
     * 1-3 degrees of freedom, and a short calibration's would set a long run's plan on chance.
     */
    public static final int MIN_PAIRS_TO_PLAN = 5;

    @com.fasterxml.jackson.annotation.JsonCreator
    public DesignNoise {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(measuredAt, "measuredAt");
        if (mode == MeasureMode.AUTO) {
            throw new IllegalArgumentException("a measured design is restart or alternate, not auto");
        }
        if (windows < 1 || !(windowSeconds > 0) || pairs < 2 || !(pairSd >= 0) || !(startSeconds >= 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "bad design noise: %d windows of %ss, sd %s"
                    + " over %d pairs, start %ss", windows, windowSeconds, pairSd, pairs, startSeconds));
        }
        Map<Metric, Double> sds = new EnumMap<>(Metric.class);
        (metricSds == null ? Map.<Metric, Double>of() : metricSds).forEach((m, sd) -> {
            if (m != Metric.TPS && sd != null && sd >= 0 && Double.isFinite(sd)) { // TPS's is pairSd
                sds.put(m, sd);
            }
        });
        metricSds = Map.copyOf(sds);
    }

    /** The pairs' spread of {@code metric} (TPS's is {@link #pairSd}), if it was stored. */
    public Optional<Double> sdOf(Metric metric) {
        return metric == Metric.TPS ? Optional.of(pairSd) : Optional.ofNullable(metricSds.get(metric));
    }

    /** True when the alternation's components were estimated, so other window counts can be predicted. */
    public boolean hasComponents() {
        return pairsSd != null && windowSd != null;
    }

    /**
     * The variance of a pair's log-ratio with {@code k} windows per start of this length, predicted from the
     * alternation's components: pairsSd^2 + windowSd^2 / k (the measured pairSd^2 at k = windows).
     */
    public double predictedPairVariance(int k) {
        if (!hasComponents()) {
            throw new IllegalStateException("no alternation components stored for " + describe());
        }
        return pairsSd * pairsSd + windowSd * windowSd / k;
    }

    /** True when it was measured with this design (window lengths equal to the millisecond). */
    public boolean isDesign(MeasureMode m, int w, double seconds) {
        return mode == m && windows == w && hasWindowsOf(seconds);
    }

    /** True when its windows were {@code seconds} long, to the millisecond. */
    public boolean hasWindowsOf(double seconds) {
        return Math.abs(windowSeconds - seconds) < 0.0005;
    }

    /** True when it comes from enough pairs ({@link #MIN_PAIRS_TO_PLAN}) for a plan to trust its spread. */
    public boolean plannable() {
        return pairs >= MIN_PAIRS_TO_PLAN;
    }

    /** What a pair costs: two starts and their windows, seconds. */
    public double pairSeconds() {
        return org.taf.runner.stats.Allocation.pairSeconds(startSeconds, windows, windowSeconds);
    }

    /**
     * The variance a pair buys per second spent, inverted: pairSd^2 x pairSeconds. Of two designs, the one
     * with the smaller figure reaches a given interval width sooner (Kalibera and Jones's cost criterion).
     */
    public double costOfPrecision() {
        return pairSd * pairSd * pairSeconds();
    }

    /** "alternate, 5 windows of 2s" or "restart, 5s windows". */
    public String describe() {
        return mode == MeasureMode.RESTART
                ? String.format(Locale.ROOT, "restart, one %ss window", DetectableEffect.trim(windowSeconds))
                : String.format(
                        Locale.ROOT, "alternate, %d windows of %ss", windows, DetectableEffect.trim(windowSeconds));
    }
}
