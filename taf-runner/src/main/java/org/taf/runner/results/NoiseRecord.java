package org.taf.runner.results;

import java.time.Instant;
import java.util.Objects;

/**
 * The noise of one workload x threads on one host, one entry of {@code noise.json}: the variance
 * components of ln TPS and the cost of an engine start, measured by {@code taf calibrate} (A/A pairs)
 * or by the latest run.
 *
 * @param hostFingerprint stable id of the host (CPU model, cores, logical CPUs, memory, kernel)
 * @param host            the same facts, readable
 * @param workload        TAF's test name
 * @param threads         client threads
 * @param betweenSd       SD of ln TPS between engine starts beyond the samples' own noise (about a CV)
 * @param withinSd        SD of ln TPS of one sample within a start
 * @param sampleSeconds   length of a sample ({@code workload.report_interval}), seconds
 * @param samplesPerStart measured samples per start
 * @param starts          engine starts measured
 * @param startSeconds    mean cost of a start (launch, rest, warm-up), seconds
 * @param measuredAt      when
 * @param runId           the run whose results.json holds the raw samples
 */
public record NoiseRecord(String hostFingerprint, String host, String workload, int threads, double betweenSd,
                          double withinSd, double sampleSeconds, int samplesPerStart, int starts,
                          double startSeconds, Instant measuredAt, String runId) {
    public NoiseRecord {
        Objects.requireNonNull(hostFingerprint, "hostFingerprint");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(measuredAt, "measuredAt");
    }

    /** True when this entry is for that host and cell. */
    public boolean isFor(String fingerprint, String workloadName, int threadCount) {
        return hostFingerprint.equals(fingerprint) && workload.equals(workloadName) && threads == threadCount;
    }
}
