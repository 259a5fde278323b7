package org.taf.runner.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;

/**
 * The adaptive loop's measuring step without an engine: each iteration is 20 seconds of synthetic TPS
 * around {@code 10,000 x ratio}, with a lognormal level per iteration (SD {@code noise}) and 1% noise
 * per second, from a seeded random; each pair advances the manual clock by {@code pairCost}.
 */
final class FakeMeasurements implements AdaptiveLoop.Measurements {
    private final ManualClock clock;
    private final Duration pairCost;
    private final double noise;
    private final Random rnd;
    private final Map<CellKey, Double> ratios = new LinkedHashMap<>();
    private final Map<CellKey, List<IterationRecord>> parent = new LinkedHashMap<>();
    private final Map<CellKey, List<IterationRecord>> patch = new LinkedHashMap<>();
    private final List<CellKey> measured = new ArrayList<>();
    private int sequence;
    /** Throws when the n-th extra pair starts (from 1); 0: never. */
    int interruptAt;
    /** When true, the patch's extra iterations fail (the engine crashed): no samples. */
    boolean extraPatchesFail;

    FakeMeasurements(ManualClock clock, Duration pairCost, double noise, long seed) {
        this.clock = clock;
        this.pairCost = pairCost;
        this.noise = noise;
        this.rnd = new Random(seed);
    }

    /** Adds a cell whose patch runs at {@code ratio} times the parent's TPS, with {@code pairs} planned pairs. */
    FakeMeasurements cell(String workload, int threads, double ratio, int pairs) {
        CellKey k = new CellKey(workload, threads);
        ratios.put(k, ratio);
        parent.put(k, new ArrayList<>());
        patch.put(k, new ArrayList<>());
        for (int i = 0; i < pairs; i++) {
            add(k);
        }
        return this;
    }

    /** The cells the loop added pairs to, one entry per pair, in order. */
    List<CellKey> measured() {
        return measured;
    }

    int pairsOf(String workload, int threads) {
        return parent.get(new CellKey(workload, threads)).size();
    }

    @Override
    public List<String> names() {
        return comparisons().stream().map(ComparisonRecord::name).toList();
    }

    @Override
    public List<CellSamples> samples(int index) {
        return Judgement.samples(comparisons().get(index));
    }

    /** The cells as records, for the run the verdicts are applied to. */
    List<ComparisonRecord> comparisons() {
        ComparisonRecord base = ResultsFixtures.small().comparisons().get(0);
        List<CellRecord> cells = new ArrayList<>();
        for (CellKey k : ratios.keySet()) {
            cells.add(new CellRecord(k.workload(), k.threads(), parent.get(k), patch.get(k), MeasureMode.RESTART, 1,
                    null));
        }
        return List.of(new ComparisonRecord(base.name(), base.label(), base.parent(), base.patch(), cells));
    }

    @Override
    public void measurePair(int index, CellKey cell) {
        if (index != 0) {
            throw new IllegalArgumentException("one comparison only, got " + index);
        }
        if (interruptAt > 0 && measured.size() + 1 == interruptAt) {
            throw new RunInterruptedException("interrupted during an extra pair of " + cell);
        }
        measured.add(cell);
        parent.get(cell).add(iteration(parent.get(cell).size(), 1.0));
        IterationRecord p = iteration(patch.get(cell).size(), ratios.get(cell));
        patch.get(cell).add(extraPatchesFail ? new IterationRecord(p.index(), p.sequence(), p.startedAt(), "v",
                p.rest(), p.warmup(), List.of(), List.of(), List.of(), "the engine exited", "log", null, 1, List.of(0),
                null)
                : p);
        clock.advance(pairCost);
    }

    private void add(CellKey k) {
        parent.get(k).add(iteration(parent.get(k).size(), 1.0));
        patch.get(k).add(iteration(patch.get(k).size(), ratios.get(k)));
    }

    private IterationRecord iteration(int index, double ratio) {
        IterationRecord base = ResultsFixtures.small().comparisons().get(0).cells().get(0).parent().get(0);
        double level = 10_000 * ratio * Math.exp(noise * rnd.nextGaussian());
        List<SampleRecord> samples = new ArrayList<>();
        for (int s = 1; s <= 20; s++) {
            long events = Math.round(level * (1 + 0.01 * rnd.nextGaussian()));
            samples.add(new SampleRecord(s, 1, events, events, 0, 0, 0, 0, 0.1, 0.2, 0.3, 1));
        }
        return new IterationRecord(index, sequence++, base.startedAt(), "v", base.rest(), base.warmup(), samples,
                List.of(), List.of(), null, "log", null, 1, List.of(0), null);
    }
}
