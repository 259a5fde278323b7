package org.taf.runner.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One engine start of one side of a cell, as the runner hands it to the statistics.
 *
 * @param index      the start's number on its side, from 0; parent {@code i} and patch {@code i} form
 *                   A/B pair {@code i}
 * @param tps        throughput of each measured sample (transactions per second), after the warm-up
 *                   cut, all windows of the start in order; at least one, each finite and {@code >= 0}
 * @param cpuUsPerTx the engine's CPU microseconds per transaction over the measured samples; null
 *                   when not read
 * @param csPerTx    the engine's context switches (voluntary and involuntary) per transaction; null
 *                   when not read
 * @param counters   the engine's counters over the measured windows; null when not read
 * @param flags      quality flags, e.g. {@code NOT_SETTLED}, {@code ERRORS}, {@code HOST_NOISE},
 *                   {@code NOT_RESTED}; empty when clean
 */
public record IterationSample(int index, double[] tps, Double cpuUsPerTx, Double csPerTx, CounterSample counters,
                              List<String> flags) {
    public IterationSample {
        if (index < 0) {
            throw new IllegalArgumentException("iteration index (" + index + ") must be >= 0");
        }
        Objects.requireNonNull(tps, "tps");
        if (tps.length == 0) {
            throw new IllegalArgumentException("iteration " + index + " has no TPS samples; a run that measured"
                    + " nothing is a failure of its side, not an iteration");
        }
        for (int s = 0; s < tps.length; s++) {
            double v = tps[s];
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("iteration " + index + " sample " + s + ": TPS (" + v
                        + ") must be finite and >= 0");
            }
        }
        if (cpuUsPerTx != null && (!(cpuUsPerTx > 0) || cpuUsPerTx.isInfinite())) {
            throw new IllegalArgumentException("iteration " + index + ": CPU per transaction (" + cpuUsPerTx
                    + " us) must be finite and > 0");
        }
        if (csPerTx != null && (!(csPerTx >= 0) || csPerTx.isInfinite())) {
            throw new IllegalArgumentException("iteration " + index + ": context switches per transaction ("
                    + csPerTx + ") must be finite and >= 0");
        }
        tps = tps.clone();
        flags = List.copyOf(flags);
        for (String f : flags) {
            if (f.isBlank()) {
                throw new IllegalArgumentException("iteration " + index + ": a flag must not be blank");
            }
        }
    }

    /** An iteration without counters. */
    public IterationSample(int index, double[] tps, Double cpuUsPerTx, List<String> flags) {
        this(index, tps, cpuUsPerTx, null, null, flags);
    }

    /** An unflagged iteration without a CPU reading. */
    public static IterationSample of(int index, double... tps) {
        return new IterationSample(index, tps, null, List.of());
    }

    /** A copy of the samples (the record stays immutable). */
    @Override
    public double[] tps() {
        return tps.clone();
    }

    /** The samples without copying, for this package's loops; callers must not modify them. */
    double[] samples() {
        return tps;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IterationSample other && index == other.index && Arrays.equals(tps, other.tps)
                && Objects.equals(cpuUsPerTx, other.cpuUsPerTx) && Objects.equals(csPerTx, other.csPerTx)
                && Objects.equals(counters, other.counters) && flags.equals(other.flags);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, Arrays.hashCode(tps), cpuUsPerTx, csPerTx, counters, flags);
    }

    @Override
    public String toString() {
        return "IterationSample[index=" + index + ", samples=" + tps.length + ", cpuUsPerTx=" + cpuUsPerTx
                + ", csPerTx=" + csPerTx + ", counters=" + (counters == null ? 0 : counters.counts().size())
                + ", flags=" + flags + "]";
    }
}
