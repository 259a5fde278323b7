package org.taf.runner.results;

import java.time.Instant;
import java.util.Objects;

/**
 * The noise of one workload x threads on one host, measured by {@code taf calibrate} from A/A
 * iterations (the parent against itself), one entry of {@code noise.json}.
 *
 * @param hostFingerprint     stable id of the host (CPU model, cores, logical CPUs, memory, kernel)
 * @param host                the same facts, readable
 * @param workload            TAF's test name
 * @param threads             client threads
 * @param cvBetweenIterations SD of ln(steady-state TPS) between iterations, a fraction
 * @param cvWithinIteration   mean CV of the per-second TPS inside an iteration, a fraction
 * @param secondsPerIteration measured seconds per iteration
 * @param iterations          A/A iterations measured (both sides of the A/A pairs)
 * @param measuredAt          when
 * @param runId               the calibration run whose results.json holds the raw samples
 */
public record NoiseRecord(String hostFingerprint, String host, String workload, int threads,
                          double cvBetweenIterations, double cvWithinIteration, int secondsPerIteration,
                          int iterations, Instant measuredAt, String runId) {
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
