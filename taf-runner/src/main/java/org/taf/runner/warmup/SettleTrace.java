package org.taf.runner.warmup;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of a warm-up, with every sample kept for the results.
 *
 * @param samples CPU samples taken while the workload ran, in order
 * @param settled false when the load never settled within {@code warmup.max}: the measurement
 *                that follows is flagged, and the flag reaches every output
 * @param cutAt   when the warm-up ended (from its first reading); zero for no warm-up
 * @param reason  one line saying why it ended, with the numbers ("settled at 23s: cv 1.8% <= 5%, ...")
 */
public record SettleTrace(List<CpuPoint> samples, boolean settled, Duration cutAt, String reason) {
    public SettleTrace {
        samples = List.copyOf(samples);
    }
}
