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
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.stats.DetectableEffect;
import org.taf.runner.stats.StatsOptions;

/** The MDE before measuring: from the stored noise of this host, or a plain statement that there is none. */
class PlannedMdeTest {
    private static final HostFingerprint HOST = new HostInfo("h", "CPU X", 1, 2, 2, 8L << 30, "os",
            "6.1").fingerprint();

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
        return new NoiseRecord(host, "x", "POINT_SELECT", 2, cv, 0.02, 1, 10, 10, 6, Instant.parse("2026-11-28T09:00:00Z"),
                "r");
    }

    @Test
    void theMostPairsAreThoseTheBudgetPaysForAtThisHostsCostOfAPair() throws IOException {
        // A start costs 6 s here and a window 10 s: a pair 32 s; 2 minutes pay for 3 more pairs than 10.
        TestDefinition def = load("workload.tests = POINT_SELECT\nworkload.threads = 2\nmeasure.iterations = 10\n"
                + "measure.duration = 10s\nstats.budget = 2m\nmeasure.mode = restart\n");
        StatsOptions o = StageOptions.stats(def);
        NoiseFile file = NoiseFile.empty().with(List.of(noise(HOST.id(), 0.05)));
        PlannedMdeRecord c = PlannedMde.of(def, o, file, HOST, design(def, file), true).get(0);
        assertThat(c.maxPairs()).isEqualTo(13);
        assertThat(c.warning()).contains("13 pairs").contains("stats.budget pays for 13 of 20 pairs");
    }

    @Test
    void storedNoiseGivesTheMdeOfThePlannedAndTheMostPairs() throws IOException {
        TestDefinition def = load("workload.tests = POINT_SELECT\nworkload.threads = 2\nmeasure.iterations = 10\n"
                + "measure.duration = 10s\n");
        StatsOptions o = StageOptions.stats(def);
        NoiseFile file = NoiseFile.empty().with(List.of(noise(HOST.id(), 0.05), noise("someone-else", 0.001)));
        List<PlannedMdeRecord> mde = PlannedMde.of(def, o, file, HOST, design(def, file), true);
        assertThat(mde).hasSize(1);
        PlannedMdeRecord c = mde.get(0);
        var expected = DetectableEffect.planned(PlannedMde.estimate(noise(HOST.id(), 0.05)), 10, 10, o, true);
        assertThat(design(def, file).of(0, new org.taf.runner.stats.CellKey("POINT_SELECT", 2)).mode())
                .as("auto, 5% between starts: restart").isEqualTo(org.taf.runner.config.MeasureMode.RESTART);
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
                "taf: POINT_SELECT@2: this run can detect a drop of \\d+\\.\\d% at 80% power with 10 pairs \\(\\d+\\.\\d%"
                        + " with 20 pairs if the adaptive loop needs them and its budget pays for them\\)\n")
                .contains("taf: warning: POINT_SELECT@2: this run cannot see a 5% change");
    }

    @Test
    void withoutStoredNoiseForThisHostItSaysTheMdeComesAfterMeasuring() throws IOException {
        TestDefinition def = load("workload.tests = POINT_SELECT, OLTP_RO\nworkload.threads = 2\n");
        StatsOptions o = StageOptions.stats(def);
        NoiseFile file = NoiseFile.empty().with(List.of(noise("someone-else", 0.01)));
        List<PlannedMdeRecord> mde = PlannedMde.of(def, o, file, HOST, design(def, file), true);
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
        StatsOptions o = StageOptions.stats(def);
        NoiseFile quiet = NoiseFile.empty().with(List.of(noise(HOST.id(), 0.01)));
        PlannedMdeRecord c = PlannedMde.of(def, o, quiet, HOST, design(def, quiet), false).get(0);
        assertThat(c.mdePct()).isLessThan(5);
        assertThat(c.warning()).isNull();
        assertThat(c.maxPairs()).isEqualTo(10);
    }
}
