package org.taf.runner.stats;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.util.FastMath;

/**
 * How noisy one workload x threads is on one host, measured by A/A iterations ({@code taf calibrate})
 * and stored with the results, so that the minimal detectable effect can be computed before measuring.
 *
 * @param hostFingerprint     identifies the host (CPU model, cores, memory, kernel, profile)
 * @param workload            workload name
 * @param threads             client threads
 * @param cvBetweenIterations SD of ln(steady-state TPS) between iterations (about the CV of the
 *                            iteration medians), a fraction; includes the within-iteration noise of a
 *                            median over {@code secondsPerIteration} seconds
 * @param cvWithinIteration   mean CV of the per-second TPS inside an iteration, a fraction; lets the
 *                            estimate be rescaled to another iteration length
 * @param secondsPerIteration measured seconds per iteration when the noise was measured
 * @param iterations          A/A iterations the estimate comes from (at least 2; more is surer)
 * @param measuredAt          when it was measured
 */
public record NoiseEstimate(String hostFingerprint, String workload, int threads, double cvBetweenIterations,
        double cvWithinIteration, int secondsPerIteration, int iterations, Instant measuredAt) {
    public NoiseEstimate {
        Objects.requireNonNull(hostFingerprint, "hostFingerprint");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(measuredAt, "measuredAt");
        if (threads < 1) {
            throw new IllegalArgumentException("noise threads (" + threads + ") must be >= 1");
        }
        if (!(cvBetweenIterations >= 0 && cvBetweenIterations < 1)) {
            throw new IllegalArgumentException("noise cvBetweenIterations (" + cvBetweenIterations
                    + ") must be in [0, 1)");
        }
        if (!(cvWithinIteration >= 0 && cvWithinIteration < 10)) {
            throw new IllegalArgumentException("noise cvWithinIteration (" + cvWithinIteration
                    + ") must be in [0, 10)");
        }
        if (secondsPerIteration < 1) {
            throw new IllegalArgumentException("noise secondsPerIteration (" + secondsPerIteration + ") must be >= 1");
        }
        if (iterations < 2) {
            throw new IllegalArgumentException("noise iterations (" + iterations + ") must be >= 2");
        }
    }

    /** Estimates the noise from A/A iterations of one side (at least 2). */
    public static NoiseEstimate measure(String hostFingerprint, CellKey cell, List<IterationSummary> iterations,
            Instant measuredAt) {
        if (iterations.size() < 2) {
            throw new IllegalArgumentException(cell + ": noise needs at least 2 iterations, got " + iterations.size());
        }
        double[] logs = iterations.stream().mapToDouble(s -> FastMath.log(s.medianTps())).toArray();
        double between = new StandardDeviation(true).evaluate(logs);
        double within = new Mean().evaluate(iterations.stream().mapToDouble(IterationSummary::cv).toArray());
        int seconds = iterations.stream().mapToInt(IterationSummary::seconds).min().orElseThrow();
        return new NoiseEstimate(hostFingerprint, cell.workload(), cell.threads(), between, within, seconds,
                iterations.size(), measuredAt);
    }

    /**
     * SD of ln(steady-state TPS) of one iteration of {@code seconds} seconds. The variance of a median
     * of T independent seconds with per-second CV c is about (pi/2) c^2 / T: that part of the measured
     * variance is rescaled from the measured length to the wanted one, the rest is kept. The part is
     * capped at the measured variance (correlated seconds can make the formula overstate it), so the
     * measured length gives back exactly {@code cvBetweenIterations}.
     */
    public double sigmaFor(int seconds) {
        double total = cvBetweenIterations * cvBetweenIterations;
        double within = Math.min(total, Math.PI / 2 * cvWithinIteration * cvWithinIteration / secondsPerIteration);
        return FastMath.sqrt(total - within + within * secondsPerIteration / seconds);
    }
}
