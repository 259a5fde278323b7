package org.taf.runner.warmup;

import java.time.Duration;
import java.util.List;
import org.taf.runner.results.WarmupMode;

/**
 * How a warm-up ended, the one result of every {@link Warmup}.
 *
 * @param mode         which warm-up it was
 * @param settled      false when it was given up at {@code warmup.max} (or the load ended first): the measurement
 *                     that follows is flagged, and the flag reaches every output
 * @param cutAtSeconds where it ended, seconds from the start of its watch: the load's own elapsed seconds for
 *                     the TPS and JIT rules, the CPU readings' elapsed time to the millisecond for the CPU settle
 *                     (its ticker's digits below are jitter); zero for none
 * @param reason       one line saying why it ended, with the numbers ("settled at 23s: cv 1.8% <= 5%, ...")
 * @param samples      the CPU samples the warm-up took itself (the CPU settle's, one per interval); empty for
 *                     the rules fed by the load, whose CPU the load's listener reads
 */
public record WarmupTrace(WarmupMode mode, boolean settled, double cutAtSeconds, String reason,
                          List<CpuPoint> samples) {

    /**
     * What an engine start records before its warm-up ran, and with no warm-up at all: results have always
     * read "none, settled, cut at 0, not reached" for both.
     */
    public static final WarmupTrace NOT_REACHED = new WarmupTrace(WarmupMode.NONE, true, 0, "not reached", List.of());

    public WarmupTrace {
        samples = List.copyOf(samples);
    }

    /** {@link #cutAtSeconds} as a duration. */
    public Duration cutAt() {
        return Duration.ofNanos(Math.round(cutAtSeconds * 1e9));
    }
}
