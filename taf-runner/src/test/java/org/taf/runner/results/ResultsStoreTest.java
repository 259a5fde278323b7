package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.ClassicOutcome;
import org.taf.runner.stats.ClassicVerdict;
import org.taf.runner.stats.ExcludedIteration;
import org.taf.runner.stats.Role;
import org.taf.runner.stats.StopReason;

/**
 * The JSON format is sealed by a golden file; files of formats 1 to 4 are upgraded on reading
 * ({@link FormatUpgrade}), newer ones refused with what to do.
 */
class ResultsStoreTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/results-v7.json");
    private static final Path V6 = Path.of("src/test/resources/golden/results-v6.json");
    private static final Path V5 = Path.of("src/test/resources/golden/results-v5.json");
    private static final Path V4 = Path.of("src/test/resources/golden/results-v4.json");
    private static final Path V3 = Path.of("src/test/resources/golden/results-v3.json");
    private static final Path V2 = Path.of("src/test/resources/golden/results-v2.json");
    private static final Path V1 = Path.of("src/test/resources/golden/results-v1.json");

    @TempDir
    Path dir;

    @Test
    void writesTheGoldenFormatAndReadsItBack() throws IOException {
        RunRecord run = ResultsFixtures.small();
        Path file = ResultsStore.write(dir.resolve(run.runId()), run);
        String written = Files.readString(file, StandardCharsets.UTF_8);
        if (Boolean.getBoolean("taf.golden.update")) {
            Files.writeString(GOLDEN, written, StandardCharsets.UTF_8);
        }
        assertThat(written).as(GOLDEN + " is stale; if the change is intended (bump FORMAT_VERSION!), regenerate with"
                + " -Dtaf.golden.update=true").isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
        assertThat(written).contains("\"format_version\" : 7").contains("\"tree_id\"").contains("\"cut_at_seconds\"")
                .contains("\"role\" : \"PARENT\"").doesNotContain("parent_cpu_per_tx", "us_per_tx");
        assertThat(ResultsStore.read(file)).isEqualTo(run);
        assertThat(ResultsStore.read(file.getParent())).isEqualTo(run);
        try (var files = Files.list(file.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("results.json");
        }
    }

    @Test
    void aFormatOneFileIsUpgradedOnReading() {
        RunRecord old = ResultsStore.read(V1);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        CellRecord cell = old.comparisons().get(0).cells().get(0);
        CellVerdict v = cell.verdict();
        assertThat(v.verdict()).isEqualTo(org.taf.runner.stats.Verdict.IMPROVED);
        assertThat(old.judgement().analysis()).contains("format 1");
        assertThat(v.parentTps()).isEqualTo(18_200.0);
        assertThat(v.tps().change()).isEqualTo(org.taf.runner.stats.Change.BETTER);
        org.taf.runner.stats.MetricVerdict cpu = v.metric(org.taf.runner.stats.Metric.CPU_PER_TX);
        assertThat(cpu.parent()).isEqualTo(82.4);
        assertThat(cpu.gates()).as("format 1 judged on TPS alone").isFalse();
        assertThat(cell.mode()).isEqualTo(org.taf.runner.results.MeasureMode.RESTART);
        assertThat(cell.parent().get(0).windows()).containsExactly(0);
        assertThat(old.comparisons().get(0).parent().role()).isEqualTo(org.taf.runner.stats.Role.PARENT);
        assertThat(old.judgement().warningPct()).isEqualTo(3);
        assertThat(old.environment().engineJvm().version()).isEqualTo(old.environment().jvm());
    }

    /** Format 7 records what idle CPUs did; a format 6 run did not say, and reads as the same run without it. */
    @Test
    void aFormatSixFileSaysNothingOfIdleCpus() {
        RunRecord old = ResultsStore.read(V6);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        assertThat(old.environment().cpuIdle()).isNull();
        assertThat(old).isEqualTo(ResultsFixtures.small());
    }

    /** Format 5 says which question each cell asked; every cell of a format 4 file asked equivalence. */
    @Test
    void aFormatFourFileAskedEquivalenceOfEveryCell() {
        RunRecord old = ResultsStore.read(V4);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        assertThat(old).isEqualTo(ResultsFixtures.small());
        assertThat(old.judgement().questions()).isEqualTo(org.taf.runner.stats.Questions.EQUIVALENCE);
        assertThat(old.comparisons().get(0).cells().get(0).verdict().question())
                .isEqualTo(org.taf.runner.stats.Question.EQUIVALENCE);
    }

    /**
     * Format 6 says which question each metric asked; in format 5 a cell asked one question of all its metrics, so
     * each metric gets its cell's, and the judgement's keys per metric are none.
     */
    @Test
    void aFormatFiveFilesMetricsAskedTheirCellsQuestion() throws IOException {
        RunRecord old = ResultsStore.read(V5);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        assertThat(old).isEqualTo(ResultsFixtures.small());
        String text = Files.readString(V5, StandardCharsets.UTF_8).replace("\"by_workload\" : { }",
                "\"by_workload\" : { \"POINT_SELECT\" : \"NON_INFERIORITY\" }");
        text = text.replace("\"question\" : \"EQUIVALENCE\"\n", "\"question\" : \"NON_INFERIORITY\"\n");
        Path file = dir.resolve("v5.json");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        RunRecord asked = ResultsStore.read(file);
        assertThat(asked.judgement().questions().of("POINT_SELECT", org.taf.runner.stats.Metric.CPU_PER_TX))
                .isEqualTo(org.taf.runner.stats.Question.NON_INFERIORITY);
        assertThat(asked.judgement().questions().byMetric()).isEmpty();
        CellVerdict v = asked.comparisons().get(0).cells().get(0).verdict();
        assertThat(v.question()).isEqualTo(org.taf.runner.stats.Question.NON_INFERIORITY);
        assertThat(v.metrics()).isNotEmpty().allSatisfy(m -> assertThat(m.question())
                .isEqualTo(org.taf.runner.stats.Question.NON_INFERIORITY));
    }

    /** Format 4 says why the engine ran on its JVM; before, it was always the one launch.java named. */
    @Test
    void aFormatThreeFileSaysLaunchJavaNamedItsJvm() {
        RunRecord old = ResultsStore.read(V3);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        assertThat(old.environment().engineJvm().reason()).isEqualTo("launch.java names it");
        assertThat(old).isEqualTo(asFormatThreeKeptIt(ResultsFixtures.small()));
    }

    /** Format 2 kept the post's settings among the definition's; format 3 gives them a record of their own. */
    @Test
    void aFormatTwoFileGetsItsPostRecordFromItsSettings() {
        RunRecord old = ResultsStore.read(V2);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        assertThat(old).isEqualTo(asFormatThreeKeptIt(ResultsFixtures.small()));
        RunRecord story = ResultsStore.read(Path.of("../site/data/runs/20261201-210920-mdev33966"));
        PostRecord post = story.definition().post();
        assertThat(post.title()).isEqualTo("The buffer pool mutex off the page-hit path");
        assertThat(post.story()).isEqualTo(1);
        assertThat(post.narrativeFile()).isEqualTo("narratives/mdev33966.md");
        assertThat(post.narrative()).as("format 2 did not record the text").isNull();
    }

    /**
     * Format 3 kept a digest of the stats stage's verdict; format 4 keeps the verdict. What the digest lacked is
     * absent, as the stats types say it: NaN, or a basis that says so.
     */
    @Test
    void aFormatThreeFileGetsTheStatsStagesVerdictWithWhatItDidNotKeepAbsent() {
        RunRecord old = ResultsStore.read(V3);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        assertThat(old).isEqualTo(asFormatThreeKeptIt(ResultsFixtures.small()));
        CellVerdict v = old.comparisons().get(0).cells().get(0).verdict();
        assertThat(v.cell()).isEqualTo(new CellKey("POINT_SELECT", 2));
        assertThat(v.classic().outcome()).isEqualTo(ClassicOutcome.GAIN);
        assertThat(v.classic().parentMedianTps()).isNaN();
        assertThat(v.mde().pct()).isEqualTo(4.1);
        assertThat(v.mde().sigma()).as("the TPS metric's SD, which the MDE was made from").isEqualTo(0.012);
        assertThat(v.components().withinSd()).isCloseTo(0.02, within(1e-15));
        assertThat(v.components().betweenSd()).isCloseTo(0.011, within(1e-15));
        assertThat(v.components().withinDf()).isEqualTo(36);
        assertThat(v.components().betweenDf()).as("both sides' starts pooled").isEqualTo(2);
    }

    /** A format 3 verdict said its exclusions and a truncated between-start variance in words and flags. */
    @Test
    void aFormatThreeFilesExclusionsAndTruncationComeBack() throws IOException {
        ObjectNode tree = (ObjectNode) ResultsStore.json().readTree(V3.toFile());
        ObjectNode v3 = (ObjectNode) tree.at("/comparisons/0/cells/0/verdict");
        v3.putArray("notes").add("too few pairs: 2 in the verdict").add("excluded patch iteration 2 (HOST_NOISE,"
                + " NOT_SETTLED): the rule, with: punctuation").add("this run cannot see a 5% change; it can see 7.0%");
        ((ObjectNode) v3.get("variance")).put("between_sd", 0.0).put("between_truncated", true);
        Path file = dir.resolve("v3.json");
        Files.writeString(file, ResultsStore.json().writeValueAsString(tree));
        CellVerdict v = ResultsStore.read(file).comparisons().get(0).cells().get(0).verdict();
        assertThat(v.excluded()).containsExactly(new ExcludedIteration(Role.PATCH, 1, List.of("HOST_NOISE",
                "NOT_SETTLED")));
        assertThat(v.exclusionRule()).isEqualTo("the rule, with: punctuation");
        assertThat(v.warnings()).containsExactly("too few pairs: 2 in the verdict",
                "this run cannot see a 5% change; it can see 7.0%");
        assertThat(v.mde().warning()).isEqualTo("this run cannot see a 5% change; it can see 7.0%");
        assertThat(v.notes()).as("the notes as format 3 listed them, exclusions after the warnings").containsExactly(
                "too few pairs: 2 in the verdict", "this run cannot see a 5% change; it can see 7.0%",
                "excluded patch iteration 2 (HOST_NOISE, NOT_SETTLED): the rule, with: punctuation");
        assertThat(v.excludedPairs()).containsExactly(1);
        assertThat(v.components().betweenVarianceRaw()).isNaN();
        assertThat(v.components().betweenTruncated()).isTrue();
        assertThat(v.components().betweenSd()).isZero();
        String again = ResultsStore.toJson(ResultsStore.read(file));
        assertThat(again).contains("\"between_variance_raw\" : null").doesNotContain("NaN");
        assertThat(ResultsStore.parse(again, "again")).isEqualTo(ResultsStore.read(file));
    }

    /**
     * Before format 4 a report read the host-noise limits back from the settings; now the judgement holds them,
     * and a run that never reached its verdicts (killed while RUNNING) gets its judgement from its settings too.
     */
    @Test
    void aFormatThreeFilesJudgementGetsTheHostNoiseLimitsFromItsSettings() throws IOException {
        ObjectNode tree = (ObjectNode) ResultsStore.json().readTree(V3.toFile());
        ArrayNode settings = (ArrayNode) tree.at("/definition/settings");
        settings.addObject().put("key", "profile.noise.max_other_pct").put("value", "20").put("origin", "t:1");
        Path judged = dir.resolve("judged.json");
        Files.writeString(judged, ResultsStore.json().writeValueAsString(tree));
        assertThat(ResultsStore.read(judged).judgement().hostNoise()).isEqualTo(new NoiseThresholds(20, 5));

        settings.addObject().put("key", "verdict.metrics").put("value", "tps, cs_per_tx").put("origin", "t:2");
        settings.addObject().put("key", "verdict.warning_pct").put("value", "2%").put("origin", "t:3");
        tree.put("status", "RUNNING").remove("judgement");
        ((ObjectNode) tree.at("/comparisons/0/cells/0")).putNull("verdict");
        Path running = dir.resolve("running.json");
        Files.writeString(running, ResultsStore.json().writeValueAsString(tree));
        JudgementRecord j = ResultsStore.read(running).judgement();
        assertThat(j.analysis()).isEqualTo(ResultsStore.ANALYSIS);
        assertThat(j.metrics()).containsExactly(org.taf.runner.stats.Metric.TPS, org.taf.runner.stats.Metric.CS_PER_TX);
        assertThat(j.warningPct()).isEqualTo(2);
        assertThat(j.counterMarginPct()).as("not among these settings").isNull();
        assertThat(j.hostNoise()).isEqualTo(new NoiseThresholds(20, 5));
    }

    /** What format 3 kept of a verdict of today, as {@link FormatUpgrade#toV4} makes it again. */
    private static RunRecord asFormatThreeKeptIt(RunRecord r) {
        List<ComparisonRecord> cs = new ArrayList<>();
        for (ComparisonRecord c : r.comparisons()) {
            List<CellRecord> cells = new ArrayList<>();
            for (CellRecord cell : c.cells()) {
                CellVerdict v = cell.verdict();
                ClassicVerdict classic = v.classic() == null ? null : new ClassicVerdict(Double.NaN, Double.NaN,
                        Double.NaN, Double.NaN, v.classic().outcome());
                cells.add(cell.withVerdict(new CellVerdict(v.cell(), v.verdict(), v.reason(), v.metrics(), classic,
                        v.measuredPairs(), v.level(), v.stopReason(), v.mde().withBasis(FormatUpgrade.UNRECORDED_BASIS),
                        v.components(), v.excluded(), v.excluded().isEmpty() ? null : v.exclusionRule(), v.warnings(),
                        v.findings(), v.counters())));
            }
            cs.add(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), cells));
        }
        return r.withComparisons(cs);
    }

    @Test
    void olderFormatOneFilesReadToo() {
        // Written before the CPU fields, and before planned_mde and adaptive (the same format version 1).
        RunRecord noCpu = ResultsStore.read(Path.of("src/test/resources/golden/results-v1-without-cpu.json"));
        CellRecord cell = noCpu.comparisons().get(0).cells().get(0);
        assertThat(cell.parent()).allSatisfy(it -> assertThat(it.engineCpu()).isNull());
        assertThat(cell.verdict().metric(org.taf.runner.stats.Metric.CPU_PER_TX)).isNull();
        assertThat(cell.verdict().parentTps()).isEqualTo(18_200.0);
        RunRecord old = ResultsStore.read(Path.of("src/test/resources/golden/results-v1-before-adaptive.json"));
        assertThat(old.plannedMde()).isEmpty();
        assertThat(old.adaptive()).isNull();
        assertThat(old.comparisons().get(0).cells().get(0).verdict().stopReason()).as("\"planned iterations\"")
                .isEqualTo(StopReason.PLANNED_ONLY);
        assertThat(old.comparisons().get(0).cells().get(0).verdict().parentTps()).isEqualTo(18_200.0);
    }

    /** The runs published on the site, written in format 1, still load: their pages are re-rendered from them. */
    @Test
    void thePublishedRunsStillLoad() throws IOException {
        try (var dirs = Files.list(Path.of("../site/data/runs"))) {
            for (Path d : dirs.toList()) {
                RunRecord r = ResultsStore.read(d);
                assertThat(r.comparisons()).as(d.toString()).isNotEmpty();
                assertThat(r.comparisons().get(0).cells().get(0).verdict()).as(d.toString()).isNotNull();
            }
        }
    }

    @Test
    void otherFormatVersionsAreRefusedWithAnInstruction() throws IOException {
        Path old = dir.resolve("old.json");
        Files.writeString(old, "{\"format_version\": 0, \"run_id\": \"x\"}");
        assertThatThrownBy(() -> ResultsStore.read(old)).isInstanceOf(ResultsException.class)
                .hasMessageContaining("old.json has format_version 0; this TAF reads versions 1 to 7");
        Path future = dir.resolve("future.json");
        Files.writeString(future, "{\"format_version\": 8, \"run_id\": \"x\"}");
        assertThatThrownBy(() -> ResultsStore.read(future)).hasMessageContaining("use a newer TAF to read it");
        Path none = dir.resolve("none.json");
        Files.writeString(none, "{\"hello\": 1}");
        assertThatThrownBy(() -> ResultsStore.read(none)).hasMessageContaining("is not a TAF results file");
        assertThatThrownBy(() -> ResultsStore.read(dir.resolve("missing.json"))).isInstanceOf(ResultsException.class)
                .hasMessageContaining("missing.json");
    }

    @Test
    void anInterruptedWriteLeavesTheOldFileWhole() throws IOException {
        RunRecord run = ResultsFixtures.small();
        Path file = ResultsStore.write(dir, run);
        // A crash between writing the temporary file and renaming it leaves the temporary file only.
        Files.writeString(dir.resolve(".results.json.tmp"), "{\"format_ver");
        assertThat(ResultsStore.read(file)).isEqualTo(run);
        ResultsStore.write(dir, run);
        assertThat(Files.exists(dir.resolve(".results.json.tmp"))).isFalse();
    }
}
