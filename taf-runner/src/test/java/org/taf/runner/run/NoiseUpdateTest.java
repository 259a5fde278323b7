package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.VarianceComponents;

/** The alternation's own components, from the windows' log-ratios nested in pairs (seeded). */
class NoiseUpdateTest {
    private static final Instant T = Instant.parse("2026-12-02T06:00:00Z");

    /** A start of {@code windows} windows of 2 samples; each window's level is {@code level} times its noise. */
    private static IterationRecord start(int index, double level, double[] windowNoise, Random rnd) {
        List<SampleRecord> samples = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        for (double w : windowNoise) {
            starts.add(samples.size());
            for (int s = 0; s < 2; s++) {
                long events = Math.round(level * Math.exp(w) * 0.5 * (1 + 0.001 * rnd.nextGaussian()));
                samples.add(new SampleRecord(samples.size() * 0.5, 0.5, events, events, 0, 0, 0, 0, 0.1, 0.2, 0.3, 1));
            }
        }
        return new IterationRecord(index, index, T, "11.4.2-TAF", null, null, samples, List.of(), List.of(), null,
                "/tmp/e.err", null, 0.2, starts, null);
    }

    @Test
    void aPairsSharedPartAndOneWindowsNoiseAreRecoveredFromTheWindowRatios() {
        // 200 pairs of 5 windows: each pair's starts differ by a shared 3% (SD of the log-ratio), and each
        // window of each side has 4% of its own noise, so a window's log-ratio spreads 4% x sqrt 2 = 5.66%.
        // The host's level (10% from pair to pair) is the same on both sides and must cancel.
        Random rnd = new Random(18);
        List<IterationRecord> parent = new ArrayList<>();
        List<IterationRecord> patch = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            double host = 80_000 * Math.exp(0.10 * rnd.nextGaussian());
            double shared = 0.03 * rnd.nextGaussian();
            double[] a = new double[5];
            double[] b = new double[5];
            for (int j = 0; j < 5; j++) {
                a[j] = 0.04 * rnd.nextGaussian();
                b[j] = shared + 0.04 * rnd.nextGaussian();
            }
            parent.add(start(i, host, a, rnd));
            patch.add(start(i, host, b, rnd));
        }
        CellRecord cell = new CellRecord("POINT_SELECT", 2, parent, patch, MeasureMode.ALTERNATE, 5, null);
        VarianceComponents c = NoiseUpdate.alternation(cell);
        assertThat(c.starts()).isEqualTo(200);
        assertThat(Math.sqrt(c.withinVariance())).isCloseTo(0.0566, within(0.004));
        assertThat(Math.sqrt(c.betweenVariance())).isCloseTo(0.03, within(0.006));

        // One window per start: nothing to nest, no components.
        List<IterationRecord> one = parent.stream().map(p -> start(p.index(), 80_000, new double[] {0}, rnd)).toList();
        assertThat(NoiseUpdate.alternation(new CellRecord("POINT_SELECT", 2, one, one, MeasureMode.ALTERNATE, 1,
                null))).isNull();
    }

    /**
     * The pairs measured in a noisy spell keep their own spread (what a run measuring in a spell now would see),
     * from their TPS log-ratios; a run with fewer than three such pairs keeps none, and a fresher entry without one
     * keeps the older entry's.
     */
    @Test
    void theSpreadOfPairsMeasuredInASpellIsKeptApart() {
        Random rnd = new Random(44);
        List<IterationRecord> parent = new ArrayList<>();
        List<IterationRecord> patch = new ArrayList<>();
        double[] logs = {0.20, -0.10, 0.05, 0.0, 0.01, -0.01};
        for (int i = 0; i < logs.length; i++) {
            IterationRecord a = start(i, 50_000, new double[] {0}, rnd);
            IterationRecord b = start(i, 50_000 * Math.exp(logs[i]), new double[] {0}, rnd);
            // The first three pairs in a spell, the last three quiet.
            parent.add(i < 3 ? a.flagged(IterationRecord.IterationFlag.NOISY_SPELL) : a);
            patch.add(i < 3 ? b.flagged(IterationRecord.IterationFlag.NOISY_SPELL) : b);
        }
        org.taf.runner.results.RunRecord run = org.taf.runner.results.ResultsFixtures.small();
        CellRecord cell = new CellRecord("POINT_SELECT", 2, parent, patch, MeasureMode.ALTERNATE, 1, null);
        var spell = NoiseUpdate.spell(cell, run);
        assertThat(spell.pairs()).isEqualTo(3);
        // SD of 0.20, -0.10, 0.05: 0.15.
        assertThat(spell.pairSd()).isCloseTo(0.15, within(0.002));
        assertThat(spell.runId()).isEqualTo(run.runId());
        CellRecord two = new CellRecord("POINT_SELECT", 2, parent.subList(1, 6), patch.subList(1, 6),
                MeasureMode.ALTERNATE, 1, null);
        assertThat(NoiseUpdate.spell(two, run)).isNull();

        var older = new org.taf.runner.results.NoiseRecord("h", "host", "POINT_SELECT", 2, 0.01, 0.02, 0.5, 2, 4, 3,
                T, "r1", List.of(), spell);
        var fresher = new org.taf.runner.results.NoiseRecord("h", "host", "POINT_SELECT", 2, 0.01, 0.02, 0.5, 2, 4,
                3, T.plusSeconds(60), "r2", List.of(), null);
        assertThat(fresher.keepingDesignsOf(older).spell()).isEqualTo(spell);
    }
}
