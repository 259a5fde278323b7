package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded synthetic benchmark data with a known truth: each iteration's level is lognormal around
 * {@code base * ratio} with SD {@code cvBetween} (the host's run-to-run noise), and its seconds follow an
 * AR(1) process around the level with SD {@code cvWithin} and lag-1 correlation {@code phi} (neighbouring
 * seconds are alike, which is why the bootstrap resamples blocks).
 */
final class Synthetic {
    static final double BASE_TPS = 10_000;

    private final SplittableRandom rng;
    private final double cvBetween;
    private final double cvWithin;
    private final double phi;
    private final int seconds;

    Synthetic(long seed, double cvBetween, double cvWithin, double phi, int seconds) {
        this.rng = new SplittableRandom(seed);
        this.cvBetween = cvBetween;
        this.cvWithin = cvWithin;
        this.phi = phi;
        this.seconds = seconds;
    }

    /** The power study's noise (2026-11-30): 5% between engine starts, 2% within, correlated 0.5, 10 s. */
    static Synthetic issueNoise(long seed) {
        return new Synthetic(seed, 0.05, 0.02, 0.5, 10);
    }

    /** A quiet day here (2026-12-01): 1.3% between engine starts, 1% per second within, 10 s windows. */
    static Synthetic quietNoise(long seed) {
        return new Synthetic(seed, 0.013, 0.01, 0.5, 10);
    }

    /** A cell with {@code pairs} A/B pairs whose true patch/parent ratio is {@code ratio}. */
    CellSamples cell(CellKey key, double ratio, int pairs) {
        List<IterationSample> parent = new ArrayList<>();
        List<IterationSample> patch = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            parent.add(iteration(i, 1.0));
            patch.add(iteration(i, ratio));
        }
        return new CellSamples(key, parent, patch, java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
    }

    /** The cell with one more A/B pair (the adaptive loop's step). */
    CellSamples addPair(CellSamples c, double ratio) {
        List<IterationSample> parent = new ArrayList<>(c.parent());
        List<IterationSample> patch = new ArrayList<>(c.patch());
        int i = c.pairs();
        parent.add(iteration(i, 1.0));
        patch.add(iteration(i, ratio));
        return new CellSamples(c.cell(), parent, patch,
                java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
    }

    IterationSample iteration(int index, double ratio) {
        double level = BASE_TPS * ratio * Math.exp(cvBetween * rng.nextGaussian());
        double[] tps = new double[seconds];
        double e = cvWithin * rng.nextGaussian();
        double innovation = cvWithin * Math.sqrt(1 - phi * phi);
        for (int s = 0; s < seconds; s++) {
            tps[s] = level * Math.exp(e);
            e = phi * e + innovation * rng.nextGaussian();
        }
        return IterationSample.of(index, tps);
    }
}
