package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.taf.runner.host.FakeHost;
import org.taf.runner.host.HostOptions;
import org.taf.runner.host.QuietWait;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.IterationSample;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.Verdict;

/**
 * The quiet rule on seeded simulations of a host whose spells come and go (quiet stretches of 4 minutes on average,
 * spells of 2): the main job's loop (5 planned pairs, up to 20, a 7.5-minute budget, 30-s pairs) with the real
 * {@link QuietWait} and {@link AdaptiveLoop} on a fake clock. A pair measured while a spell lasts spreads 20%, a
 * quiet one 2%; the probe reads the fake host before and after each pair. Waiting for quiet must decide more A/A
 * runs, sooner, and raise no more false alarms than measuring straight through.
 */
class QuietWaitSimulationTest {
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());
    private static final CellKey CELL = new CellKey("POINT_SELECT", 2);
    private static final Duration PAIR = Duration.ofSeconds(30);
    private static final StatsOptions OPTIONS = StatsOptions.defaults().toBuilder().metrics(List.of(Metric.TPS))
            .firstLook(5).maxPairs(20).budget(Duration.ofSeconds(450)).build();

    /** Outcomes of many runs, and their mean wall time (waits included). */
    record Outcome(int runs, Map<Verdict, Integer> verdicts, double meanMinutes) {
        double rate(Verdict v) {
            return verdicts.getOrDefault(v, 0) / (double) runs;
        }

        double falseAlarms() {
            return rate(Verdict.REGRESSED) + rate(Verdict.IMPROVED);
        }
    }

    /** One run's measuring: the probe around each pair, as the runner's HostWatch does, on the fake host. */
    private static final class Simulated implements AdaptiveLoop.Measurements {
        private final FakeHost host;
        private final QuietWait quiet;
        private final SplittableRandom rng;
        private final List<IterationSample> parent = new ArrayList<>();
        private final List<IterationSample> patch = new ArrayList<>();

        Simulated(FakeHost host, Duration quietWait, long seed) {
            this.host = host;
            this.quiet = new QuietWait(new HostOptions(Duration.ofMillis(1500), quietWait, 10, 60), host.probe(),
                    List.of(), host.sleeper(), host.ticker(), NOWHERE);
            this.rng = new SplittableRandom(seed);
        }

        void pair() {
            try {
                quiet.beforePair(parent.size());
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            boolean noisyBefore = !quiet.last().quiet();
            long from = host.now();
            host.pass(PAIR);
            // A spell at any moment of the pair spoils it.
            boolean spoiled = host.inSpell(from) || host.inSpell(from + PAIR.toNanos() / 2) || host.inSpell(host.now());
            ProbeRecord after = quiet.read(parent.size() + 1);
            List<String> flags = noisyBefore || !after.quiet() ? List.of("NOISY_SPELL") : List.of();
            double sd = (spoiled ? 0.20 : 0.02) / Math.sqrt(2);
            int i = parent.size();
            parent.add(new IterationSample(i, level(sd), null, flags));
            patch.add(new IterationSample(i, level(sd), null, flags));
        }

        private double[] level(double sd) {
            double l = 10_000 * Math.exp(sd * rng.nextGaussian());
            return new double[] {l, l * 1.001, l * 0.999};
        }

        @Override
        public List<String> names() {
            return List.of("default");
        }

        @Override
        public List<CellSamples> samples(int index) {
            return List.of(new CellSamples(CELL, parent, patch,
                    java.util.List.of(), java.util.List.of(), java.util.Set.of(), false));
        }

        @Override
        public void measurePair(int index, CellKey cell) {
            pair();
        }

        @Override
        public Duration waited() {
            return quiet.waited();
        }
    }

    static Outcome simulate(long seed, Duration quietWait, int runs) {
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        double minutes = 0;
        for (int r = 0; r < runs; r++) {
            // One host per run, the same with and without waiting: only the rule differs.
            FakeHost host = FakeHost.spells(seed * 1_000 + r, Duration.ofMinutes(4), Duration.ofMinutes(2),
                    Duration.ofHours(2));
            host.pass(Duration.ofSeconds(new SplittableRandom(seed + r).nextInt(600)));
            long start = host.now();
            Simulated m = new Simulated(host, quietWait, seed * 7 + r);
            for (int p = 0; p < 5; p++) {
                m.pair();
            }
            Duration planned = Duration.ofNanos(host.now() - start).minus(m.waited());
            List<RunStatistics> looks = new AdaptiveLoop(OPTIONS.toBuilder().seed(r).build(), 5, host.clock(), NOWHERE)
                    .run(m, true, planned, 5, a -> { });
            verdicts.merge(looks.get(0).cells().get(0).verdict(), 1, Integer::sum);
            minutes += (host.now() - start) / 60e9;
        }
        return new Outcome(runs, verdicts, minutes / runs);
    }

    @Test
    void waitingForQuietDecidesMoreRunsWithoutMoreFalseAlarms() {
        Outcome waiting = simulate(4406, Duration.ofMinutes(3), 200);
        Outcome straight = simulate(4406, Duration.ZERO, 200);
        System.out.println("A/A, spells of 2 min every 6 min on average: waiting up to 3 min " + waiting
                + "; measuring straight through " + straight);
        assertThat(waiting.falseAlarms()).as(waiting.toString()).isLessThanOrEqualTo(0.05 + 3 * Math.sqrt(0.05
                * 0.95 / 200));
        assertThat(waiting.falseAlarms()).as("waiting %s, straight %s", waiting, straight)
                .isLessThanOrEqualTo(straight.falseAlarms() + 0.01);
        assertThat(waiting.rate(Verdict.NO_CHANGE)).as("waiting %s, straight %s", waiting, straight)
                .isGreaterThan(straight.rate(Verdict.NO_CHANGE));
        assertThat(waiting.meanMinutes()).as(waiting.toString()).isLessThan(15);
    }
}
