package org.taf.runner.results;

/**
 * How much the rest of the host may use the CPU while an iteration measures before the iteration
 * is flagged {@code HOST_NOISE} and every output warns: pinning the processor on a machine that
 * also serves a site no longer measures the engine alone. Percent of one CPU (a busy core = 100).
 *
 * @param maxOtherPct CPU of everything but the engine and the runner (which makes the load), mean
 *                    over the iteration ({@code profile.noise.max_other_pct}, default 10)
 * @param maxStealPct steal time, mean over the iteration ({@code profile.noise.max_steal_pct}, default 5)
 */
public record NoiseThresholds(double maxOtherPct, double maxStealPct) {
    /** Defaults: a tenth of a core used by others, or 5% stolen by the hypervisor, is noise. */
    public static final NoiseThresholds DEFAULT = new NoiseThresholds(10, 5);

    public NoiseThresholds {
        if (!(maxOtherPct >= 0) || !(maxStealPct >= 0)) {
            throw new IllegalArgumentException("profile.noise.max_other_pct (" + maxOtherPct
                    + ") and profile.noise.max_steal_pct (" + maxStealPct + ") must be >= 0");
        }
    }

    /** Whether {@code noise} is above either threshold. */
    public boolean exceededBy(HostNoise noise) {
        return noise.otherPct() > maxOtherPct || noise.stealPct() > maxStealPct;
    }
}
