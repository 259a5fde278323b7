package org.taf.runner.warmup;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of waiting for rest, with every sample kept for the results.
 *
 * @param samples every CPU sample taken, in order
 * @param rested  true when enough samples were at or below the low threshold
 * @param took    from the baseline reading to the decision
 */
public record RestTrace(List<CpuPoint> samples, boolean rested, Duration took) {
    public RestTrace {
        samples = List.copyOf(samples);
    }
}
