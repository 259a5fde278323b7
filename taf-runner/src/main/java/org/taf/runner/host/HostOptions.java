package org.taf.runner.host;

import java.time.Duration;
import java.util.Objects;

/**
 * The host probe and the quiet rule ({@code host.*}), validated once.
 *
 * @param probe          how long one probe runs (default 1500ms); zero: no probing, no waiting
 * @param quietWait      how long a run may wait, over all its pairs, for the host to quieten (default 3m); it does
 *                       not count against {@code stats.budget}
 * @param maxCvPct       a reading is quiet when its slices' CV is at most this, in percent (default 10)
 * @param minCapacityPct ... and its rate at least this share of the best this host has shown, in percent (default
 *                       60; not judged while the host's history is too short)
 */
public record HostOptions(Duration probe, Duration quietWait, double maxCvPct, double minCapacityPct) {
    /** The defaults of the key registry. */
    public static final HostOptions DEFAULTS = new HostOptions(Duration.ofMillis(1500), Duration.ofMinutes(3), 10, 60);

    public HostOptions {
        Objects.requireNonNull(probe, "host.probe");
        Objects.requireNonNull(quietWait, "host.quiet_wait");
        if (probe.isNegative() || !probe.isZero() && probe.compareTo(HostProbe.SLICE.multipliedBy(5)) < 0) {
            throw new IllegalArgumentException("host.probe (" + probe.toMillis() + "ms) must be 0s (off) or at least "
                    + HostProbe.SLICE.multipliedBy(5).toMillis() + "ms (five slices)");
        }
        if (quietWait.isNegative()) {
            throw new IllegalArgumentException("host.quiet_wait (" + quietWait + ") must not be negative");
        }
        if (!(maxCvPct > 0)) {
            throw new IllegalArgumentException("host.max_cv_pct (" + maxCvPct + ") must be positive");
        }
        if (!(minCapacityPct >= 0 && minCapacityPct <= 100)) {
            throw new IllegalArgumentException("host.min_capacity_pct (" + minCapacityPct + ") must be in [0, 100]");
        }
    }

    /** Whether the run probes the host at all. */
    public boolean enabled() {
        return !probe.isZero();
    }
}
