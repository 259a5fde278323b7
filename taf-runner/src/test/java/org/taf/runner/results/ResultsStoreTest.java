package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON format is sealed by a golden file; a file of another format version is refused with what to do.
 */
class ResultsStoreTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/results-v7.json");

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

    /** The runs published on the site load: their pages are re-rendered from them. */
    @Test
    void thePublishedRunsStillLoad() throws IOException {
        try (var dirs = Files.list(Path.of("../site-runs"))) {
            for (Path d : dirs.toList()) {
                RunRecord r = ResultsStore.read(d);
                assertThat(r.comparisons()).as(d.toString()).isNotEmpty();
                assertThat(r.comparisons().get(0).cells().get(0).verdict()).as(d.toString()).isNotNull();
            }
        }
    }

    /** The field names are frozen: an iteration's JFR recording stays under its first name, "profile". */
    @Test
    void anIterationsJfrRecordingIsStoredUnderTheFieldProfile() throws IOException {
        IterationRecord it = ResultsFixtures.small().comparisons().get(0).cells().get(0).parent().get(0);
        JfrRecord jfr = new JfrRecord("jfr/parent-0.jfr", 1234, List.of(new JfrRecord.Window(ResultsFixtures.START,
                ResultsFixtures.START.plusSeconds(30))));
        IterationRecord recorded = new IterationRecord(it.index(), it.sequence(), it.startedAt(), it.serverVersion(),
                it.rest(), it.warmup(), it.samples(), it.cpu(), it.flags(), it.failure(), it.engineLog(),
                it.engineCpu(), it.launchSeconds(), it.windows(), it.counters(), jfr);
        String json = ResultsStore.json().writeValueAsString(recorded);
        assertThat(json).contains("\"profile\" : {").contains("\"recording\" : \"jfr/parent-0.jfr\"")
                .doesNotContain("\"jfr\" :");
        assertThat(ResultsStore.json().readValue(json, IterationRecord.class)).isEqualTo(recorded);
    }

    @Test
    void otherFormatVersionsAreRefusedWithAnInstruction() throws IOException {
        Path old = dir.resolve("old.json");
        Files.writeString(old, "{\"format_version\": 0, \"run_id\": \"x\"}");
        assertThatThrownBy(() -> ResultsStore.read(old)).isInstanceOf(ResultsException.class)
                .hasMessageContaining("old.json has format_version 0; this TAF reads version 7: TAF at commit 909197e"
                        + " or earlier reads versions 1 to 6");
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
