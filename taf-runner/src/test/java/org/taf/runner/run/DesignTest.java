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
import org.taf.runner.stats.CellKey;

/** measure.mode: as given, or chosen per cell from this host's stored variance components and start cost. */
class DesignTest {
    private static final HostFingerprint HOST = (new HostInfo("h", "CPU", 1, 2, 2, 8L << 30, "os",
            "6.1")).fingerprint();
    private static final CellKey CELL = new CellKey("POINT_SELECT", 2);

    @TempDir
    Path dir;

    private TestDefinition load(String text) throws IOException {
        Files.writeString(dir.resolve("p.properties"), "workload.tests = POINT_SELECT\nworkload.threads = 2\n" + text);
        return new ConfigLoader(new LoadContext(dir, Map.of(), dir, dir)).load(Path.of("p.properties"), Map.of());
    }

    private static NoiseFile noise(double between, double within, double startSeconds) {
        return NoiseFile.empty().with(List.of(new NoiseRecord(HOST.id(), "x", "POINT_SELECT", 2, between, within, 1,
                10, 10, startSeconds, Instant.parse("2026-12-01T00:00:00Z"), "r", java.util.List.of(), null)));
    }

    private static Design.Cell design(TestDefinition def, NoiseFile noise, ByteArrayOutputStream out) {
        return Design.of(def, noise, HOST, new PrintStream(out, true, StandardCharsets.UTF_8)).of(0, CELL);
    }

    @Test
    void aSwitchLeavesOutWholeReportIntervalsRoundedUp() {
        java.time.Duration half = java.time.Duration.ofMillis(500);
        assertThat(Design.skippedSamples(half, half)).isEqualTo(1);
        assertThat(Design.skippedSamples(half, java.time.Duration.ofMillis(100))).isEqualTo(5);
        assertThat(Design.skippedSamples(java.time.Duration.ofMillis(200), java.time.Duration.ofMillis(500)))
                .isEqualTo(1);
        assertThat(Design.skippedSamples(java.time.Duration.ofMillis(1500), java.time.Duration.ofSeconds(1)))
                .isEqualTo(2);
        assertThat(Design.skippedSamples(java.time.Duration.ZERO, half)).as("0 leaves out nothing").isZero();
    }

    @Test
    void givenModesAreKept() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(design(load("measure.mode = restart\n"), noise(0.001, 0.01, 10), out).mode())
                .isEqualTo(MeasureMode.RESTART);
        Design.Cell alternate = design(load("measure.mode = alternate\nmeasure.windows = 4\n"), NoiseFile.empty(), out);
        assertThat(alternate.mode()).isEqualTo(MeasureMode.ALTERNATE);
        assertThat(alternate.windows()).isEqualTo(4);
        assertThat(out.toString(StandardCharsets.UTF_8)).as("only auto choices are printed").isEmpty();
    }

    @Test
    void autoRestartsWithoutStoredNoiseOrWhenStartsAreTheNoise() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TestDefinition def = load("measure.mode = auto\nmeasure.duration = 10s\n");
        Design.Cell none = design(def, NoiseFile.empty(), out);
        assertThat(none.mode()).isEqualTo(MeasureMode.RESTART);
        assertThat(none.why()).contains("no stored noise");
        // 5% between starts, 1% per second: k* = sqrt(10 s x 1e-5 / (10 s x 0.0025)) < 1
        assertThat(design(def, noise(0.05, 0.01, 10), out).mode()).isEqualTo(MeasureMode.RESTART);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("taf: POINT_SELECT x 2 threads: restart (auto:");
    }

    @Test
    void autoAlternatesWhenStartsAreDearAndSteady() throws IOException {
        TestDefinition def = load("measure.mode = auto\nmeasure.duration = 2s\n");
        // 0.2% between starts, 3% per second within, 15 s a start, 2 s windows:
        // k* = sqrt(15 x (0.0009 / 2) / (2 x 4e-6)) = 29 -> capped at 10
        Design.Cell c = design(def, noise(0.002, 0.03, 15), new ByteArrayOutputStream());
        assertThat(c.mode()).isEqualTo(MeasureMode.ALTERNATE);
        assertThat(c.windows()).isEqualTo(Design.MAX_AUTO_WINDOWS);
        assertThat(c.describe()).isEqualTo("alternate, 10 windows");
    }

    @Test
    void autoPrefersTheMeasuredDesignWhosePairsBuyPrecisionSoonest() throws IOException {
        TestDefinition def = load("measure.mode = auto\nmeasure.duration = 2s\n");
        Instant at = Instant.parse("2026-12-02T06:00:00Z");
        // 8% between starts: the components say restart. Restarting pairs were measured at 11%, 21 s a pair
        // (cost 0.11^2 x 21 = 0.254); alternating ones with 5 windows at 3%, 37 s (0.033): alternate wins.
        DesignNoise restart = new DesignNoise(MeasureMode.RESTART, 1, 2.0, 0.11, 8, 8.5, at, "r1",
                null, null, java.util.Map.of());
        DesignNoise alternate = new DesignNoise(MeasureMode.ALTERNATE, 5, 2.0, 0.03, 8, 8.5, at, "r2",
                null, null, java.util.Map.of());
        DesignNoise otherWindow = new DesignNoise(MeasureMode.ALTERNATE, 3, 1.0, 0.001, 8, 8.5, at, "r3",
                null, null, java.util.Map.of());
        NoiseFile both = NoiseFile.empty().with(List.of(new NoiseRecord(HOST.id(), "x", "POINT_SELECT", 2, 0.08, 0.02,
                1, 10, 10, 8.5, at, "r", List.of(restart, alternate, otherWindow), null)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Design.Cell c = design(def, both, out);
        assertThat(c.mode()).isEqualTo(MeasureMode.ALTERNATE);
        assertThat(c.windows()).isEqualTo(5);
        assertThat(c.why()).contains("alternate, 5 windows of 2s: pairs spread 3.00%, 37s a pair")
                .contains("restart, one 2s window: pairs spread 11.00%, 21s a pair")
                .doesNotContain("windows of 1s").endsWith("least variance per second spent: alternate, 5 windows");
        // Had the alternating pairs spread 9%, restarting would have been cheaper per unit of precision.
        DesignNoise wide = new DesignNoise(MeasureMode.ALTERNATE, 5, 2.0, 0.09, 8, 8.5, at, "r2",
                null, null, java.util.Map.of());
        NoiseFile worse = NoiseFile.empty().with(List.of(new NoiseRecord(HOST.id(), "x", "POINT_SELECT", 2, 0.08, 0.02,
                1, 10, 10, 8.5, at, "r", List.of(restart, wide), null)));
        assertThat(design(def, worse, out).mode()).isEqualTo(MeasureMode.RESTART);
    }

    @Test
    void autoTakesTheWindowsTheAlternationsOwnComponentsCallFor() throws IOException {
        TestDefinition def = load("measure.mode = auto\nmeasure.duration = 2s\n");
        Instant at = Instant.parse("2026-12-02T06:00:00Z");
        // As measured on 2026-12-02: 5 alternating windows of 2 s, pairs spread 3.2%, of which a pair's windows
        // shared nothing (0.1%) and each window's log-ratio spread 8.1%. More windows per start then keep
        // paying: k* = sqrt(8.5 x 0.081^2 / (2 x 0.001^2)) = 167, capped at 10.
        DesignNoise five = new DesignNoise(MeasureMode.ALTERNATE, 5, 2.0, 0.032, 12, 8.5, at, "r", 0.001, 0.081,
                java.util.Map.of());
        NoiseFile file = NoiseFile.empty().with(List.of(new NoiseRecord(HOST.id(), "x", "POINT_SELECT", 2, 0.08, 0.02,
                1, 10, 10, 8.5, at, "r", List.of(five), null)));
        Design.Cell c = design(def, file, new ByteArrayOutputStream());
        assertThat(c.mode()).isEqualTo(MeasureMode.ALTERNATE);
        assertThat(c.windows()).isEqualTo(Design.MAX_AUTO_WINDOWS);
        assertThat(c.why()).contains("alternating windows share 0.10% a pair and spread 8.10% each, so 10 windows per"
                + " start are best");
    }
}
