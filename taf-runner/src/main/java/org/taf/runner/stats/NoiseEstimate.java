package org.taf.runner.stats;

import java.time.Instant;
import java.util.Objects;

/**
 * How noisy one workload x threads is on one host, as variance components of ln TPS (Kalibera &amp;
 * Jones 2013) with the cost of an engine start: measured by every run and by {@code taf calibrate},
 * stored with the results, so that the MDE and the design (windows per start, pairs) are planned before
 * measuring.
 *
 * @param hostFingerprint identifies the host (CPU model, cores, memory, kernel, profile)
 * @param workload        workload name
 * @param threads         client threads
 * @param betweenSd       sigma_b: SD of ln TPS between engine starts, beyond what the samples within a
 *                        start explain (about a CV, a fraction)
 * @param withinSd        sigma_w: SD of ln TPS of one sample within a start (a fraction)
 * @param sampleSeconds   length of one sample, seconds ({@code workload.report_interval})
 * @param samplesPerStart measured samples per engine start when it was measured
 * @param starts          engine starts the estimate comes from (at least 2)
 * @param startSeconds    cost of one engine start: launch, rest and warm-up, seconds (mean)
 * @param measuredAt      when it was measured
 */
public record NoiseEstimate(String hostFingerprint, String workload, int threads, double betweenSd,
        double withinSd, double sampleSeconds, int samplesPerStart, int starts, double startSeconds,
        Instant measuredAt) {
    public NoiseEstimate {
        Objects.requireNonNull(hostFingerprint, "hostFingerprint");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(measuredAt, "measuredAt");
        if (threads < 1) {
            throw new IllegalArgumentException("noise threads (" + threads + ") must be >= 1");
        }
        fraction("betweenSd", betweenSd);
        fraction("withinSd", withinSd);
        if (!(sampleSeconds > 0) || Double.isInfinite(sampleSeconds)) {
            throw new IllegalArgumentException("noise sampleSeconds (" + sampleSeconds + ") must be > 0");
        }
        if (samplesPerStart < 1) {
            throw new IllegalArgumentException("noise samplesPerStart (" + samplesPerStart + ") must be >= 1");
        }
        if (starts < 2) {
            throw new IllegalArgumentException("noise starts (" + starts + ") must be >= 2");
        }
        if (!(startSeconds >= 0) || Double.isInfinite(startSeconds)) {
            throw new IllegalArgumentException("noise startSeconds (" + startSeconds + ") must be finite and >= 0");
        }
    }

    /** Variance of one pair's log-ratio with {@code samples} samples per start: 2 (sigma_b^2 + sigma_w^2 / T). */
    public double pairVariance(int samples) {
        if (samples < 1) {
            throw new IllegalArgumentException("samples (" + samples + ") must be >= 1");
        }
        return 2 * (betweenSd * betweenSd + withinSd * withinSd / samples);
    }

    /** The components as an {@link Allocation} of windows of {@code samplesPerWindow} samples. */
    public Allocation allocation(int samplesPerWindow, int maxWindows) {
        double windowSeconds = samplesPerWindow * sampleSeconds;
        return new Allocation(betweenSd * betweenSd, withinSd * withinSd / samplesPerWindow,
                Math.max(startSeconds, 0.001), windowSeconds, maxWindows);
    }

    private static void fraction(String name, double v) {
        if (!(v >= 0 && v < 1)) {
            throw new IllegalArgumentException("noise " + name + " (" + v + ") must be in [0, 1)");
        }
    }
}
