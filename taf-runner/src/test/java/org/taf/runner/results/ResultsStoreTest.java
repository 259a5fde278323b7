package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON format is sealed by a golden file; other versions are refused with what to do. */
class ResultsStoreTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/results-v1.json");

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
        assertThat(written).contains("\"format_version\" : 1").contains("\"tree_id\"").contains("\"cut_at_seconds\"");
        assertThat(ResultsStore.read(file)).isEqualTo(run);
        assertThat(ResultsStore.read(file.getParent())).isEqualTo(run);
        try (var files = Files.list(file.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("results.json");
        }
    }

    @Test
    void aVersionOneFileWrittenBeforeTheCpuFieldsStillReads() {
        // The CPU fields (iteration engine_cpu, verdict cpu) were added to version 1 as optional fields.
        RunRecord old = ResultsStore.read(Path.of("src/test/resources/golden/results-v1-without-cpu.json"));
        CellRecord cell = old.comparisons().get(0).cells().get(0);
        assertThat(cell.parent()).allSatisfy(it -> assertThat(it.engineCpu()).isNull());
        assertThat(cell.verdict().cpu()).isNull();
        assertThat(cell.verdict().parentTps()).isEqualTo(18_200.0);
        CellRecord now = ResultsFixtures.small().comparisons().get(0).cells().get(0);
        assertThat(now.parent().get(0).engineCpu().source()).isEqualTo(ResultsFixtures.CPU_SOURCE);
        assertThat(now.verdict().cpu().change()).isEqualTo("UNKNOWN");
    }

    @Test
    void filesWrittenBeforeTheAdaptiveLoopAreStillRead() {
        // The golden file as it was before planned_mde and adaptive were added (same format version).
        RunRecord old = ResultsStore.read(Path.of("src/test/resources/golden/results-v1-before-adaptive.json"));
        assertThat(old.plannedMde()).isEmpty();
        assertThat(old.adaptive()).isNull();
        // Written before the CPU fields too; otherwise the same run as the fixture.
        assertThat(old.comparisons().get(0).cells().get(0).verdict().parentTps()).isEqualTo(18_200.0);
        assertThat(old.name()).isEqualTo(ResultsFixtures.smallBeforeAdaptive().name());
    }

    @Test
    void otherFormatVersionsAreRefusedWithAnInstruction() throws IOException {
        Path old = dir.resolve("old.json");
        Files.writeString(old, "{\"format_version\": 0, \"run_id\": \"x\"}");
        assertThatThrownBy(() -> ResultsStore.read(old)).isInstanceOf(ResultsException.class)
                .hasMessageContaining("old.json has format_version 0; this TAF reads version 1")
                .hasMessageContaining("re-run");
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
