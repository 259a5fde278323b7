package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON format is sealed by a golden file; files of format 1 are upgraded on reading
 * ({@link FormatUpgrade}), newer ones refused with what to do.
 */
class ResultsStoreTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/results-v4.json");
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
        assertThat(written).contains("\"format_version\" : 4").contains("\"tree_id\"").contains("\"cut_at_seconds\"")
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
        VerdictRecord v = cell.verdict();
        assertThat(v.verdict()).isEqualTo(org.taf.runner.stats.Verdict.IMPROVED);
        assertThat(v.analysis()).contains("format 1");
        assertThat(v.parentTps()).isEqualTo(18_200.0);
        assertThat(v.tps().change()).isEqualTo(org.taf.runner.stats.Change.BETTER);
        org.taf.runner.stats.MetricVerdict cpu = v.metric(org.taf.runner.stats.Metric.CPU_PER_TX);
        assertThat(cpu.parent()).isEqualTo(82.4);
        assertThat(cpu.gates()).as("format 1 judged on TPS alone").isFalse();
        assertThat(cell.mode()).isEqualTo(org.taf.runner.config.MeasureMode.RESTART);
        assertThat(cell.parent().get(0).windows()).containsExactly(0);
        assertThat(old.comparisons().get(0).parent().role()).isEqualTo(org.taf.runner.config.Role.PARENT);
        assertThat(old.judgement().warningPct()).isEqualTo(3);
        assertThat(old.environment().engineJvm().version()).isEqualTo(old.environment().jvm());
    }

    /** Format 4 says why the engine ran on its JVM; before, it was always the one launch.java named. */
    @Test
    void aFormatThreeFileSaysLaunchJavaNamedItsJvm() {
        RunRecord old = ResultsStore.read(V3);
        assertThat(old.formatVersion()).isEqualTo(4);
        assertThat(old.environment().engineJvm().reason()).isEqualTo("launch.java names it");
        assertThat(old).isEqualTo(ResultsFixtures.small());
    }

    /** Format 2 kept the post's settings among the definition's; format 3 gives them a record of their own. */
    @Test
    void aFormatTwoFileGetsItsPostRecordFromItsSettings() {
        RunRecord old = ResultsStore.read(V2);
        assertThat(old.formatVersion()).isEqualTo(ResultsStore.FORMAT_VERSION);
        assertThat(old).isEqualTo(ResultsFixtures.small());
        RunRecord story = ResultsStore.read(Path.of("../site/data/runs/20261201-210920-mdev33966"));
        PostRecord post = story.definition().post();
        assertThat(post.title()).isEqualTo("The buffer pool mutex off the page-hit path");
        assertThat(post.story()).isEqualTo(1);
        assertThat(post.narrativeFile()).isEqualTo("narratives/mdev33966.md");
        assertThat(post.narrative()).as("format 2 did not record the text").isNull();
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
                .hasMessageContaining("old.json has format_version 0; this TAF reads versions 1 to 4");
        Path future = dir.resolve("future.json");
        Files.writeString(future, "{\"format_version\": 5, \"run_id\": \"x\"}");
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
