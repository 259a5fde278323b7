package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** noise.json: a round trip, entries replaced per host and cell, atomic writes, and bad files refused. */
class NoiseStoreTest {
    private static final Instant T = Instant.parse("2026-11-29T09:00:00Z");

    @TempDir
    Path dir;

    private static NoiseRecord entry(String host, String workload, int threads, double cv) {
        return new NoiseRecord(host, "CPU | 2 cores | 2 CPUs | 7936 MiB | 6.1", workload, threads, cv, 0.02, 1, 10, 10,
                6.5, T, "20261129-090000-quick-calibrate", java.util.List.of(), null);
    }

    @Test
    void aMissingFileIsEmpty() {
        assertThat(NoiseStore.read(NoiseStore.fileIn(dir)).entries()).isEmpty();
    }

    @Test
    void entriesRoundTripAndAFreshCalibrationReplacesOnlyItsOwnCells() throws IOException {
        Path file = NoiseStore.fileIn(dir);
        NoiseStore.merge(file, List.of(entry("aaaa", "POINT_SELECT", 2, 0.05), entry("aaaa", "OLTP_RO", 2, 0.03)));
        NoiseStore.merge(file, List.of(entry("bbbb", "POINT_SELECT", 2, 0.01)));
        NoiseFile again = NoiseStore.merge(file, List.of(entry("aaaa", "POINT_SELECT", 2, 0.04)));
        NoiseFile read = NoiseStore.read(file);
        assertThat(read).isEqualTo(again);
        assertThat(read.entries()).hasSize(3);
        assertThat(read.find("aaaa", "POINT_SELECT", 2)).get().extracting(NoiseRecord::betweenSd)
                .isEqualTo(0.04);
        assertThat(read.find("aaaa", "OLTP_RO", 2)).get().extracting(NoiseRecord::betweenSd).isEqualTo(0.03);
        assertThat(read.find("bbbb", "POINT_SELECT", 2)).get().extracting(NoiseRecord::betweenSd)
                .isEqualTo(0.01);
        assertThat(read.find("aaaa", "POINT_SELECT", 4)).isEmpty();
        String json = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(json).contains("\"format_version\" : 4", "\"host_fingerprint\" : \"aaaa\"",
                "\"between_sd\" : 0.04", "\"samples_per_start\" : 10", "\"start_seconds\" : 6.5");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void otherVersionsAndBrokenFilesAreRefusedNamingTheFile() throws IOException {
        Path file = NoiseStore.fileIn(dir);
        Files.writeString(file, "{\"format_version\": 5, \"entries\": []}");
        assertThatThrownBy(() -> NoiseStore.read(file)).isInstanceOf(ResultsException.class)
                .hasMessageContaining("noise.json has format_version 5; this TAF reads version 4 (and 2, 3)")
                .hasMessageContaining("taf calibrate");
        // Format 1 held no variance components: it reads as no stored noise, and the next run replaces it.
        Files.writeString(file, "{\"format_version\": 1, \"entries\": [{\"host_fingerprint\": \"a\"}]}");
        assertThat(NoiseStore.read(file).entries()).isEmpty();
        Files.writeString(file, "{\"entries\": []}");
        assertThatThrownBy(() -> NoiseStore.read(file)).hasMessageContaining("is not a TAF noise file");
        Files.writeString(file, "{\"format_ver");
        assertThatThrownBy(() -> NoiseStore.read(file)).isInstanceOf(ResultsException.class)
                .hasMessageContaining("cannot read " + file);
        // A failed update leaves the broken file as it was rather than half-writing a new one.
        assertThatThrownBy(() -> NoiseStore.merge(file, List.of(entry("aaaa", "POINT_SELECT", 2, 0.05))))
                .isInstanceOf(ResultsException.class);
        assertThat(Files.readString(file)).isEqualTo("{\"format_ver");
    }

    @Test
    void aRunKeepsTheDesignsItDidNotMeasureAgainAndFormat2ReadsWithNone() throws IOException {
        Path file = NoiseStore.fileIn(dir);
        DesignNoise alternate = new DesignNoise(MeasureMode.ALTERNATE, 5, 2.0, 0.03, 8, 8.5, T, "r1",
                null, null, java.util.Map.of());
        DesignNoise restart = new DesignNoise(MeasureMode.RESTART, 1, 2.0, 0.11, 8, 4.0, T, "r2",
                null, null, java.util.Map.of());
        DesignNoise restartAgain = new DesignNoise(MeasureMode.RESTART, 1, 2.0, 0.09, 6, 4.5, T.plusSeconds(60), "r3",
                null, null, java.util.Map.of());
        NoiseRecord e = entry("aaaa", "POINT_SELECT", 2, 0.05);
        NoiseStore.merge(file, List.of(with(e, alternate, restart)));
        NoiseStore.merge(file, List.of(with(entry("aaaa", "POINT_SELECT", 2, 0.07), restartAgain)));
        NoiseRecord read = NoiseStore.read(file).find("aaaa", "POINT_SELECT", 2).orElseThrow();
        assertThat(read.betweenSd()).isEqualTo(0.07);
        assertThat(read.designs()).containsExactly(restartAgain, alternate);
        assertThat(read.design(MeasureMode.ALTERNATE, 5, 2.0)).contains(alternate);
        assertThat(read.design(MeasureMode.ALTERNATE, 5, 1.0)).isEmpty();
        DesignNoise few = new DesignNoise(MeasureMode.ALTERNATE, 3, 2.0, 0.01, 4, 8.5, T, "r4", 0.0, 0.02,
                java.util.Map.of());
        NoiseRecord fewPairs = with(e, few);
        assertThat(fewPairs.design(MeasureMode.ALTERNATE, 3, 2.0)).as("4 pairs are too few to plan with").isEmpty();
        assertThat(fewPairs.alternation(2.0)).isEmpty();
        assertThat(alternate.pairSeconds()).isEqualTo(37.0);
        assertThat(Files.readString(file)).contains("\"designs\"", "\"pair_sd\" : 0.03", "\"mode\" : \"ALTERNATE\"",
                "\"window_seconds\" : 2.0");

        Files.writeString(file, "{\"format_version\": 2, \"entries\": [{\"host_fingerprint\": \"a\", \"host\": \"h\","
                + " \"workload\": \"POINT_SELECT\", \"threads\": 2, \"between_sd\": 0.05, \"within_sd\": 0.02,"
                + " \"sample_seconds\": 1.0, \"samples_per_start\": 10, \"starts\": 10, \"start_seconds\": 6.5,"
                + " \"measured_at\": \"2026-11-29T09:00:00Z\", \"run_id\": \"r\"}]}");
        assertThat(NoiseStore.read(file).find("a", "POINT_SELECT", 2)).get().satisfies(n -> {
            assertThat(n.betweenSd()).isEqualTo(0.05);
            assertThat(n.designs()).isEmpty();
        });
    }

    /**
     * Format 4 keeps each design's spread of the other metrics (CPU per transaction spreads more than TPS on
     * POINT_SELECT here), so a plan can time each metric's question; a format 3 file reads with none.
     */
    @Test
    void eachDesignKeepsItsOtherMetricsSpreadAndFormat3ReadsWithNone() throws IOException {
        Path file = NoiseStore.fileIn(dir);
        DesignNoise d = new DesignNoise(MeasureMode.ALTERNATE, 10, 1.0, 0.022, 13, 5.2, T, "r1", 0.01, 0.05,
                java.util.Map.of(org.taf.runner.stats.Metric.CPU_PER_TX, 0.035, org.taf.runner.stats.Metric.TPS,
                        0.5));
        NoiseStore.merge(file, List.of(with(entry("aaaa", "POINT_SELECT", 2, 0.05), d)));
        DesignNoise read = NoiseStore.read(file).find("aaaa", "POINT_SELECT", 2).orElseThrow().designs().get(0);
        assertThat(read).isEqualTo(d);
        assertThat(read.sdOf(org.taf.runner.stats.Metric.CPU_PER_TX)).contains(0.035);
        assertThat(read.sdOf(org.taf.runner.stats.Metric.TPS)).as("TPS's is pair_sd").contains(0.022);
        assertThat(read.sdOf(org.taf.runner.stats.Metric.CS_PER_TX)).isEmpty();
        assertThat(Files.readString(file)).contains("\"format_version\" : 4", "\"metric_sds\" : {\n");

        Files.writeString(file, "{\"format_version\": 3, \"entries\": [{\"host_fingerprint\": \"a\", \"host\": \"h\","
                + " \"workload\": \"POINT_SELECT\", \"threads\": 2, \"between_sd\": 0.05, \"within_sd\": 0.02,"
                + " \"sample_seconds\": 1.0, \"samples_per_start\": 10, \"starts\": 10, \"start_seconds\": 6.5,"
                + " \"measured_at\": \"2026-11-29T09:00:00Z\", \"run_id\": \"r\", \"designs\": [{\"mode\":"
                + " \"RESTART\", \"windows\": 1, \"window_seconds\": 2.0, \"pair_sd\": 0.1, \"pairs\": 8,"
                + " \"start_seconds\": 4.0, \"measured_at\": \"2026-11-29T09:00:00Z\", \"run_id\": \"r\"}]}]}");
        DesignNoise old = NoiseStore.read(file).find("a", "POINT_SELECT", 2).orElseThrow().designs().get(0);
        assertThat(old.metricSds()).isEmpty();
        assertThat(old.sdOf(org.taf.runner.stats.Metric.CPU_PER_TX)).isEmpty();
    }

    private static NoiseRecord with(NoiseRecord n, DesignNoise... designs) {
        return new NoiseRecord(n.hostFingerprint(), n.host(), n.workload(), n.threads(), n.betweenSd(), n.withinSd(),
                n.sampleSeconds(), n.samplesPerStart(), n.starts(), n.startSeconds(), n.measuredAt(), n.runId(),
                List.of(designs), null);
    }
}
