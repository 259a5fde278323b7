package org.taf.runner.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One measured iteration of one side of a cell, as the runner hands it to the statistics.
 *
 * @param index        position of the iteration in the interleaved order, from 0; parent {@code i}
 *                     and patch {@code i} form A/B pair {@code i}
 * @param tpsPerSecond per-second throughput samples in transactions per second, after the warm-up
 *                     cut; at least one, each finite and {@code >= 0}
 * @param flags        quality flags of the iteration, e.g. {@code NOT_SETTLED}, {@code ERRORS},
 *                     {@code HOST_NOISE}, {@code NOT_RESTED}; empty when clean
 */
public record IterationSample(int index, double[] tpsPerSecond, List<String> flags) {
    public IterationSample {
        if (index < 0) {
            throw new IllegalArgumentException("iteration index (" + index + ") must be >= 0");
        }
        Objects.requireNonNull(tpsPerSecond, "tpsPerSecond");
        if (tpsPerSecond.length == 0) {
            throw new IllegalArgumentException("iteration " + index + " has no TPS samples; a run that measured"
                    + " nothing is a failure of its side, not an iteration");
        }
        for (int s = 0; s < tpsPerSecond.length; s++) {
            double v = tpsPerSecond[s];
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("iteration " + index + " second " + s + ": TPS (" + v
                        + ") must be finite and >= 0");
            }
        }
        tpsPerSecond = tpsPerSecond.clone();
        flags = List.copyOf(flags);
        for (String f : flags) {
            if (f.isBlank()) {
                throw new IllegalArgumentException("iteration " + index + ": a flag must not be blank");
            }
        }
    }

    /** Creates an unflagged iteration. */
    public static IterationSample of(int index, double... tpsPerSecond) {
        return new IterationSample(index, tpsPerSecond, List.of());
    }

    /** A copy of the samples (the record stays immutable). */
    @Override
    public double[] tpsPerSecond() {
        return tpsPerSecond.clone();
    }

    /** Number of per-second samples. */
    public int seconds() {
        return tpsPerSecond.length;
    }

    /** The samples without copying, for this package's hot loops; callers must not modify them. */
    double[] samples() {
        return tpsPerSecond;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IterationSample other && index == other.index
                && Arrays.equals(tpsPerSecond, other.tpsPerSecond) && flags.equals(other.flags);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, Arrays.hashCode(tpsPerSecond), flags);
    }

    @Override
    public String toString() {
        return "IterationSample[index=" + index + ", seconds=" + tpsPerSecond.length + ", flags=" + flags + "]";
    }
}
