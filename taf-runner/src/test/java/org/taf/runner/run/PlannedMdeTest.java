package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.results.DesignNoise;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.stats.DetectableEffect;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.StatsOptions;

/** The MDE before measuring: from the stored noise of this host, or a plain statement that there is none. */
class PlannedMdeTest {
    private static final HostFingerprint HOST = (new HostInfo("h", "CPU X", 1, 2, 2, 8L << 30, "os",
            "6.1")).fingerprint();

    @TempDir
    Path dir;

    private static Design design(TestDefinition def, NoiseFile noise) {
        return Design.of(def, noise, HOST, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    private TestDefinition load(String text) throws IOException {
        Files.writeString(dir.resolve("p.properties"), text);
        return new ConfigLoader(new LoadContext(dir, Map.of(), dir, dir)).load(Path.of("p.properties"), Map.of());
    }

    private static NoiseRecord noise(String host, double cv) {
        return new NoiseRecord(host, "x", "POINT_SELECT", 2, cv, 0.02, 1, 10, 10, 6,
                Instant.parse("2026-11-28T09:00:00Z"), "r", java.util.List.of(), null);
    }

    @Test
    void theMostPairsAreThoseTheBudgetPaysForAtThisHostsCostOfAPair() throws IOException {
        // A start costs 6 s here and a window 10 s: a pair 32 s; 2 minutes pay for 3 more pairs than 10.
        TestDefinition def = load("workload.tests = POINT_SELECT\nworkload.threads = 2\nmeasure.iterations = 10\n"
                + "measure.duration = 10s\nstats.budget = 2m\nmeasure.mode = restart\n");
        StatsOptions o = def.stats();
        NoiseFile file = NoiseFile.empty().with(List.of(noise(HOST.id(), 0.05)));
        PlannedMdeRecord c = PlannedMde.of(def, o, file, HOST, design(def, file), true,
                new java.util.HashMap<>()).get(0);
        assertThat(c.maxPairs()).isEqualTo(13);
        assertThat(c.warning()).contains("13 pairs").contains("stats.budget pays for 13 of 20 pairs");
    }

    @Test
    void storedNoiseGivesTheMdeOfThePlannedAndTheMostPairs() throws IOException {
        TestDefinition def = load("workload.tests = POINT_SELECT\nworkload.threads = 2\nmeasure.iterations = 10\n"
                + "measure.duration = 10s\n");
        StatsOptions o = def.stats();
        NoiseFile file = NoiseFile.empty().with(List.of(noise(HOST.id(), 0.05), noise("someone-else", 0.001)));
        List<PlannedMdeRecord> mde = PlannedMde.of(def, o, file, HOST, design(def, file), true,
                new java.util.HashMap<>());
        assertThat(mde).hasSize(1);
        PlannedMdeRecord c = mde.get(0);
        var expected = DetectableEffect.planned(PlannedMde.estimate(noise(HOST.id(), 0.05)), 10, 10, o, true);
        assertThat(design(def, file).of(0, new org.taf.runner.stats.CellKey("POINT_SELECT", 2)).mode())
                .as("auto, 5% between starts: restart").isEqualTo(org.taf.runner.results.MeasureMode.RESTART);
        assertThat(c.mdePct()).isEqualTo(expected.pct());
        // 5% noise, 10 pairs at the per-look level: larger than the 5% fail threshold.
        assertThat(c.mdePct()).isGreaterThan(6.7);
        assertThat(c.pairs()).isEqualTo(10);
        assertThat(c.maxPairs()).isEqualTo(20);
        assertThat(c.maxPairsMdePct()).isLessThan(c.mdePct());
        assertThat(c.basis()).contains("planned from noise measured on " + HOST.id());
        assertThat(c.warning()).startsWith("this run cannot see a 5% change");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PlannedMde.print(mde, o, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern(
                "taf: POINT_SELECT@2: this run can detect a drop of \\d+\\.\\d% at 80% power with 10 pairs"
                        + " \\(\\d+\\.\\d% with 20 pairs if the adaptive loop needs them and its budget pays for"
                        + " them\\)\n")
                .contains("taf: warning: POINT_SELECT@2: this run cannot see a 5% change");
    }

    @Test
    void withoutStoredNoiseForThisHostItSaysTheMdeComesAfterMeasuring() throws IOException {
        TestDefinition def = load("workload.tests = POINT_SELECT, OLTP_RO\nworkload.threads = 2\n");
        StatsOptions o = def.stats();
        NoiseFile file = NoiseFile.empty().with(List.of(noise("someone-else", 0.01)));
        List<PlannedMdeRecord> mde = PlannedMde.of(def, o, file, HOST, design(def, file), true,
                new java.util.HashMap<>());
        assertThat(mde).hasSize(2).allSatisfy(c -> {
            assertThat(c.mdePct()).isNull();
            assertThat(c.basis()).contains("no stored noise for host " + HOST.id())
                    .contains("computed after measuring, from this run's own pairs");
        });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PlannedMde.print(mde, o, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("taf: OLTP_RO@2: no stored noise for host");
    }

    @Test
    void lowNoiseAndEnoughPairsRaiseNoWarning() throws IOException {
        TestDefinition def = load("workload.tests = POINT_SELECT\nworkload.threads = 2\nmeasure.iterations = 10\n"
                + "measure.duration = 10s\nstats.max_pairs = 10\n");
        StatsOptions o = def.stats();
        NoiseFile quiet = NoiseFile.empty().with(List.of(noise(HOST.id(), 0.01)));
        PlannedMdeRecord c = PlannedMde.of(def, o, quiet, HOST, design(def, quiet), false,
                new java.util.HashMap<>()).get(0);
        assertThat(c.mdePct()).isLessThan(5);
        assertThat(c.warning()).isNull();
        assertThat(c.maxPairs()).isEqualTo(10);
    }

    @Test
    void aDesignsMeasuredPairSpreadPlansItsMdeAndItsCost() throws IOException {
        // Components say 8% between starts (a restarting design's pairs would spread 11%), but this host's
        // alternating pairs of 5 windows of 2 s were measured at 3%: the plan uses the 3%, and their cost.
        TestDefinition def = load("workload.tests = POINT_SELECT\nworkload.threads = 2\nmeasure.iterations = 5\n"
                + "measure.mode = alternate\nmeasure.windows = 5\nmeasure.duration = 2s\nstats.budget = 148s\n");
        StatsOptions o = def.stats();
        Instant at = Instant.parse("2026-12-02T06:00:00Z");
        NoiseRecord components = noise(HOST.id(), 0.08);
        NoiseRecord measured = new NoiseRecord(HOST.id(), "x", "POINT_SELECT", 2, 0.08, 0.02, 1, 10, 10, 6, at, "r",
                List.of(new DesignNoise(MeasureMode.ALTERNATE, 5, 2.0, 0.03, 8, 8.5, at, "r",
                        null, null, java.util.Map.of()),
                        new DesignNoise(MeasureMode.ALTERNATE, 3, 2.0, 0.01, 8, 8.5, at, "r",
                                null, null, java.util.Map.of())), null);
        NoiseFile file = NoiseFile.empty().with(List.of(measured));
        PlannedMdeRecord c = PlannedMde.of(def, o, file, HOST, design(def, file), true,
                new java.util.HashMap<>()).get(0);
        assertThat(c.mdePct()).isEqualTo(DetectableEffect.compute(0.03, 5, o.level(true), o, "").pct());
        assertThat(c.basis()).isEqualTo("planned from the spread of 8 pairs (alternate, 5 windows of 2s) measured on "
                + HOST.id() + " at 2026-12-02T06:00:00Z");
        // A pair costs 2 x (8.5 + 5 x 2) = 37 s, so 148 s pay for 4 pairs more than 5.
        assertThat(c.maxPairs()).isEqualTo(9);

        // Without that design's pairs stored, the components plan it, and the basis says why that is too wide.
        NoiseFile only = NoiseFile.empty().with(List.of(components));
        PlannedMdeRecord model = PlannedMde.of(def, o, only, HOST, design(def, only), true,
                new java.util.HashMap<>()).get(0);
        assertThat(model.mdePct()).isGreaterThan(3 * c.mdePct());
        assertThat(model.basis()).contains("planned from noise measured on").contains("no pairs of this design stored")
                .contains("treat starts as independent");
    }

    @Test
    void anotherWindowCountIsPlannedFromTheAlternationsComponents() throws IOException {
        TestDefinition def = load("workload.tests = POINT_SELECT\nworkload.threads = 2\nmeasure.iterations = 5\n"
                + "measure.mode = alternate\nmeasure.windows = 10\nmeasure.duration = 2s\n");
        StatsOptions o = def.stats();
        Instant at = Instant.parse("2026-12-02T06:00:00Z");
        NoiseFile file = NoiseFile.empty().with(List.of(new NoiseRecord(HOST.id(), "x", "POINT_SELECT", 2, 0.08, 0.02,
                1, 10, 10, 6, at, "r", List.of(new DesignNoise(MeasureMode.ALTERNATE, 5, 2.0, 0.032, 12, 8.5, at, "r",
                0.001, 0.081, java.util.Map.of())), null)));
        PlannedMdeRecord c = PlannedMde.of(def, o, file, HOST, design(def, file), true,
                new java.util.HashMap<>()).get(0);
        double sd = Math.sqrt(0.001 * 0.001 + 0.081 * 0.081 / 10);
        assertThat(c.mdePct()).isEqualTo(DetectableEffect.compute(sd, 5, o.level(true), o, "").pct());
        assertThat(c.basis()).startsWith("planned for 10 windows per start from the alternation's components (0.10%"
                + " shared by a pair, 8.10% per window) of 12 pairs (alternate, 5 windows of 2s)");
    }

    /** OLTP_RW@2 with alternating pairs of 10 windows of 1 s measured spreading {@code pairSd} on this host. */
    private static NoiseFile oltpRwPairsSpreading(double pairSd) {
        return oltpRwPairsSpreading(pairSd, Map.of());
    }

    /** The OLTP_RW cell's stored noise: TPS pairs spreading {@code pairSd}, other metrics {@code others}. */
    private static NoiseFile oltpRwPairsSpreading(double pairSd, Map<Metric, Double> others) {
        Instant at = Instant.parse("2026-12-03T18:00:00Z");
        return NoiseFile.empty().with(List.of(new NoiseRecord(HOST.id(), "x", "OLTP_RW", 2, 0.05, 0.2, 0.25, 40, 4, 8,
                at, "r", List.of(new DesignNoise(MeasureMode.ALTERNATE, 10, 1.0, pairSd, 8, 8, at, "r", null, null,
                        others)), null)));
    }

    @Test
    void warnsWhenAnUnchangedCommitCannotBeCalledNoChangeWithinTheBudget() throws IOException {
        // Pairs spreading 7% (the gate's OLTP_RW on the 2-vCPU VM, 2026-12-03): showing an unchanged commit
        // within +-3% takes about 78 pairs, four times the 20 the loop may reach.
        TestDefinition def = load("workload.tests = OLTP_RW\nworkload.threads = 2\nmeasure.iterations = 5\n"
                + "measure.mode = alternate\nmeasure.windows = 10\nmeasure.duration = 1s\nstats.budget = 1h\n");
        StatsOptions o = def.stats();
        NoiseFile file = oltpRwPairsSpreading(0.07);
        PlannedMdeRecord c = PlannedMde.of(def, o, file, HOST, design(def, file), true,
                new java.util.HashMap<>()).get(0);
        assertThat(c.maxPairs()).isEqualTo(20);
        int need = DetectableEffect.pairsForSame(0.07, 1000, o.equivalenceLevel(true), o);
        assertThat(need).isBetween(30, 100);
        assertThat(c.warning()).contains("an unchanged commit is called NO_CHANGE (within +-3%) at 80% power only"
                + " after about " + need + " pairs at a pair SD of 7.0%; this run may reach 20");

        // Pairs spreading 1%: both within reach, no warning.
        NoiseFile quiet = oltpRwPairsSpreading(0.01);
        assertThat(PlannedMde.of(def, o, quiet, HOST, design(def, quiet), true,
                new java.util.HashMap<>()).get(0).warning()).isNull();

        // TPS asks non-inferiority: NO_CHANGE is not its question, so its reach is no warning.
        TestDefinition ni = load("workload.tests = OLTP_RW\nworkload.threads = 2\nmeasure.iterations = 5\n"
                + "measure.mode = alternate\nmeasure.windows = 10\nmeasure.duration = 1s\nstats.budget = 1h\n"
                + "verdict.question.tps = non_inferiority\n");
        assertThat(PlannedMde.of(ni, ni.stats(), file, HOST, design(ni, file), true,
                new java.util.HashMap<>()).get(0).warning())
                .doesNotContain("NO_CHANGE").contains("this run cannot see a 5% change");
    }

    @Test
    void validateSaysWhichCellsHaveNoStoredNoise() throws IOException {
        TestDefinition def = load("workload.tests = OLTP_RW\nworkload.threads = 2\noutput.results_dir = r\n");
        assertThat(PlannedMde.check(def)).singleElement().asString()
                .startsWith("taf: OLTP_RW@2: no stored noise for host ");
    }

    /**
     * The gate's sizing: on pairs spreading 7% (OLTP_RW here), how long each question takes to answer an unchanged
     * commit, per gating metric. Equivalence needs several times the pairs non-inferiority does; the cell's time is
     * its slowest metric's, each at the question it asks.
     */
    @Test
    void eachQuestionsTimeToAnswerAnUnchangedCommitIsPlannedPerMetricFromTheStoredSpreads() throws IOException {
        TestDefinition def = load("workload.tests = OLTP_RW\nworkload.threads = 2\nmeasure.iterations = 5\n"
                + "measure.mode = alternate\nmeasure.windows = 10\nmeasure.duration = 1s\nstats.budget = 8m\n"
                + "verdict.question.OLTP_RW = non_inferiority\nverdict.question.OLTP_RW.tps = equivalence\n");
        StatsOptions o = def.stats();
        NoiseFile file = oltpRwPairsSpreading(0.07, Map.of(Metric.CPU_PER_TX, 0.045));
        QuestionTimes q = QuestionTimes.of(def, o, file, HOST, design(def, file)).get(0);
        int same = DetectableEffect.pairsForSame(0.07, 1000, o.equivalenceLevel(true), o);
        int notWorse = DetectableEffect.pairsForNotWorse(0.07, 1000, o.nonInferiorityLevel(true), o);
        int cpuNotWorse = DetectableEffect.pairsForNotWorse(0.045, 1000, o.nonInferiorityLevel(true), o);
        assertThat(q.asked()).isEqualTo(Question.NON_INFERIORITY);
        QuestionTimes.MetricTimes tps = q.metrics().get(0);
        QuestionTimes.MetricTimes cpu = q.metrics().get(1);
        assertThat(tps.metric()).isEqualTo(Metric.TPS);
        assertThat(tps.asked()).as("workload.metric over workload").isEqualTo(Question.EQUIVALENCE);
        assertThat(tps.equivalence()).isEqualTo(same);
        assertThat(tps.nonInferiority()).isEqualTo(notWorse).isLessThan(same / 3);
        assertThat(cpu.asked()).isEqualTo(Question.NON_INFERIORITY);
        assertThat(cpu.pairSd()).isEqualTo(0.045);
        assertThat(cpu.nonInferiority()).isEqualTo(cpuNotWorse).isLessThan(notWorse);
        assertThat(q.answer()).as("the slowest metric, at its own question: TPS's equivalence").isEqualTo(same);
        // a pair: two starts of 8 s (the design's stored cost) and 10 windows of 1 s each
        assertThat(q.pairSeconds()).isEqualTo(2 * (8 + 10 * 1.0));
        List<String> lines = q.lines(o);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("OLTP_RW@2 asks equivalence of tps, non_inferiority of cpu_per_tx; an"
                + " unchanged commit is answered at 80% power after about " + same + " pairs, ")
                .contains("(beyond this run's reach)").endsWith("(36s a pair)");
        assertThat(lines.get(1)).startsWith("OLTP_RW@2 tps asks equivalence: by non_inferiority (NOT_WORSE by 5%)"
                + " after about " + notWorse + " pairs, ")
                .contains("by equivalence (NO_CHANGE within +-3%) after about " + same + " pairs, ")
                .endsWith("(pairs spreading 7.0%)");
        assertThat(lines.get(2)).startsWith("OLTP_RW@2 cpu_per_tx asks non_inferiority: by non_inferiority (NOT_WORSE"
                + " by 5%) after about " + Math.max(5, cpuNotWorse) + " pairs").endsWith("(pairs spreading 4.5%)");
        assertThat(q.seconds(notWorse)).isEqualTo(Math.round(notWorse * 36.0));

        // Both metrics asking non-inferiority: the cell's time is TPS's, the noisier here.
        TestDefinition ni = load("workload.tests = OLTP_RW\nworkload.threads = 2\nmeasure.iterations = 5\n"
                + "measure.mode = alternate\nmeasure.windows = 10\nmeasure.duration = 1s\nstats.budget = 8m\n"
                + "verdict.question.OLTP_RW = non_inferiority\n");
        assertThat(QuestionTimes.of(ni, ni.stats(), file, HOST, design(ni, file)).get(0).answer()).isEqualTo(notWorse);
    }

    /** A metric whose spread this host has not stored (a noise file before format 4) leaves the cell's time open. */
    @Test
    void aMetricWithoutAStoredSpreadSaysSo() throws IOException {
        TestDefinition def = load("workload.tests = OLTP_RW\nworkload.threads = 2\nmeasure.iterations = 5\n"
                + "measure.mode = alternate\nmeasure.windows = 10\nmeasure.duration = 1s\n"
                + "verdict.question.OLTP_RW = non_inferiority\n");
        NoiseFile file = oltpRwPairsSpreading(0.07);
        QuestionTimes q = QuestionTimes.of(def, def.stats(), file, HOST, design(def, file)).get(0);
        assertThat(q.answer()).isEqualTo(-1);
        List<String> lines = q.lines(def.stats());
        assertThat(lines.get(0)).contains("answered at 80% power at a time not known yet (a metric has no stored"
                + " spread)");
        assertThat(lines.get(2)).isEqualTo("OLTP_RW@2 cpu_per_tx asks non_inferiority: no spread of it is stored for"
                + " this host and design (the next run of this design stores it)");
    }

    /** A cell asking non-inferiority of TPS, answered after {@code answer} pairs (-1: not known), a pair costing s. */
    private static QuestionTimes cell(String workload, int answer, double seconds) {
        return new QuestionTimes(workload, 2, Question.NON_INFERIORITY, seconds, 5, 14, 14, List.of(
                new QuestionTimes.MetricTimes(Metric.TPS, Question.NON_INFERIORITY, answer < 0 ? null : 0.05, -1,
                        answer)));
    }

    /**
     * The loop stops an answered cell and spends the time saved on the cells still open: with POINT_SELECT answered
     * after 10 pairs of 26 s, OLTP_RW (30 s a pair) reaches 18 pairs in 9 minutes where an even share gives it 14,
     * and 19 in 9 and a half; with POINT_SELECT's answer unknown it stays at 14.
     */
    @Test
    void aCellReachesMorePairsWhenTheOthersStopOnceAnswered() throws IOException {
        StatsOptions nine = StatsOptions.defaults().toBuilder().firstLook(5).maxPairs(22)
                .budget(java.time.Duration.ofMinutes(9)).build();
        List<QuestionTimes> gate = List.of(cell("POINT_SELECT", 10, 26), cell("OLTP_RW", 19, 30));
        assertThat(QuestionTimes.reach(gate, 1, 1, nine)).isEqualTo(18);
        assertThat(QuestionTimes.reach(gate, 1, 1, nine.toBuilder().firstLook(5).maxPairs(22)
                .budget(java.time.Duration.ofSeconds(570)).build()))
                .isEqualTo(19);
        assertThat(QuestionTimes.reach(gate, 1, 1, nine.toBuilder().firstLook(5).maxPairs(16)
                .budget(java.time.Duration.ofMinutes(9)).build()))
                .as("stats.max_pairs caps it").isEqualTo(16);
        assertThat(QuestionTimes.reach(List.of(cell("POINT_SELECT", -1, 26), cell("OLTP_RW", 19, 30)), 1, 1, nine))
                .isEqualTo(14);
        assertThat(QuestionTimes.reach(gate, 1, 2, nine)).as("two comparisons share the budget").isEqualTo(10);

        TestDefinition def = load("workload.tests = POINT_SELECT, OLTP_RW\nworkload.threads = 2\n"
                + "measure.iterations = 5\nmeasure.mode = alternate\nmeasure.windows = 10\nmeasure.duration = 1s\n"
                + "stats.budget = 9m\nstats.max_pairs = 22\nverdict.question.OLTP_RW = non_inferiority\n");
        Instant at = Instant.parse("2026-12-04T19:34:24Z");
        NoiseFile file = NoiseFile.empty().with(List.of(
                new NoiseRecord(HOST.id(), "x", "POINT_SELECT", 2, 0.01, 0.1, 0.25, 40, 26, 3.2, at, "r", List.of(
                        new DesignNoise(MeasureMode.ALTERNATE, 10, 1.0, 0.022, 13, 3.2, at, "r", null, null,
                                Map.of(Metric.CPU_PER_TX, 0.035))), null),
                new NoiseRecord(HOST.id(), "x", "OLTP_RW", 2, 0.04, 0.16, 0.25, 40, 26, 5.2, at, "r", List.of(
                        new DesignNoise(MeasureMode.ALTERNATE, 10, 1.0, 0.062, 13, 5.2, at, "r", null, null,
                                Map.of(Metric.CPU_PER_TX, 0.045))), null)));
        List<QuestionTimes> q = QuestionTimes.of(def, def.stats(), file, HOST, design(def, file));
        QuestionTimes rw = q.get(1);
        assertThat(rw.workload()).isEqualTo("OLTP_RW");
        assertThat(rw.reach()).isGreaterThan(rw.maxPairs());
        assertThat(rw.lines(def.stats()).get(0)).contains("this run may reach " + rw.reach() + " pairs once the other"
                + " cells are answered (" + rw.maxPairs() + " if none is)");

        // The MDE line and its warning count the same most pairs as the questions' line, not the even share.
        List<PlannedMdeRecord> even = PlannedMde.of(def, def.stats(), file, HOST, design(def, file), true,
                new java.util.HashMap<>());
        List<PlannedMdeRecord> reached = PlannedMde.reached(def, def.stats(), file, HOST, design(def, file));
        assertThat(even.get(1).maxPairs()).isEqualTo(rw.maxPairs());
        assertThat(reached.get(1).maxPairs()).isEqualTo(rw.reach());
        assertThat(reached.get(1).maxPairsMdePct()).isLessThan(even.get(1).maxPairsMdePct());
        assertThat(reached.get(0).maxPairs()).isEqualTo(q.get(0).reach());
    }
}
