package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.site.HistoryFixtures.Night;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SeriesKey;

/**
 * History series from synthetic nightly runs: what is joined, where segments start, and which steps
 * become change points.
 */
class HistorySeriesTest {
    private static final Night BASE = Night.base();

    @Test
    void anotherMachineOrDataSizeIsAnotherSeriesNeverJoined() {
        // Three interleaved streams of nights, each flat at its own level: joined, they would zigzag.
        List<Night> where = new ArrayList<>();
        double[] tps = new double[36];
        for (int i = 0; i < tps.length; i++) {
            Night n = switch (i % 3) {
                case 0 -> BASE;
                case 1 -> BASE.host("bench-2", "Other CPU @ 3.00GHz");
                default -> BASE.tableSize("1000000");
            };
            where.add(n);
            tps[i] = (i % 3 == 0 ? 60_000 : i % 3 == 1 ? 90_000 : 20_000) * (1 + 0.001 * (i % 2));
        }
        List<HistorySeries> series = HistorySeries.of(HistoryFixtures.nights(tps, where), false);

        assertThat(series).hasSize(3);
        for (HistorySeries s : series) {
            assertThat(s.points()).hasSize(12);
            assertThat(s.points().stream().map(p -> p.run().machine()).distinct()).hasSize(1);
            assertThat(s.points().stream().map(p -> p.patchTps()).mapToDouble(Double::doubleValue).max().orElseThrow()
                    / s.points().stream().map(p -> p.patchTps()).mapToDouble(Double::doubleValue).min().orElseThrow())
                    .as("one level per series").isLessThan(1.01);
            assertThat(s.segments()).hasSize(1);
            assertThat(s.changes()).isEmpty();
        }
        assertThat(series.stream().map(s -> s.key().dataShape()).distinct())
                .containsExactlyInAnyOrder("table_size=10000 tables=2", "table_size=1000000 tables=2");
        assertThat(series.stream().map(s -> s.key().machine()).distinct()).hasSize(2);
    }

    @Test
    void aNewHostNameKernelJvmOrRunnerStartsASegmentOfTheSameSeries() {
        List<Night> where = new ArrayList<>();
        where.addAll(HistoryFixtures.all(5, BASE));
        where.addAll(HistoryFixtures.all(5, BASE.kernel("6.1.0-21-amd64")));
        where.addAll(HistoryFixtures.all(5, BASE.kernel("6.1.0-21-amd64").jvm("OpenJDK 21.0.5")));
        where.addAll(HistoryFixtures.all(5, BASE.kernel("6.1.0-21-amd64").jvm("OpenJDK 21.0.5").runner("0.2.0")));
        // The same machine rebuilt under another name.
        where.addAll(HistoryFixtures.all(5, BASE.kernel("6.1.0-21-amd64").jvm("OpenJDK 21.0.5").runner("0.2.0")
                .host("bench-1b", BASE.cpu())));
        List<HistorySeries> series = HistorySeries.of(HistoryFixtures.nights(HistoryFixtures.noise(3, 25, 60_000,
                0.01), where), false);

        assertThat(series).hasSize(1);
        List<HistorySeries.Segment> segs = series.get(0).segments();
        assertThat(segs).extracting(HistorySeries.Segment::from).containsExactly(0, 5, 10, 15, 20);
        assertThat(segs.get(0).drift()).isEmpty();
        assertThat(segs.get(1).drift()).containsExactly(new SeriesKey.Drift("kernel", "6.1.0-18-amd64",
                "6.1.0-21-amd64"));
        assertThat(segs.get(2).drift()).extracting(SeriesKey.Drift::fact).containsExactly("jvm");
        assertThat(segs.get(3).drift()).extracting(SeriesKey.Drift::fact).containsExactly("runner");
        assertThat(segs.get(4).drift()).extracting(SeriesKey.Drift::fact).containsExactly("host");
        assertThat(series.get(0).searched()).as("5 runs a segment are too few to search").isFalse();
    }

    @Test
    void aTenPercentStepIsAChangePointWithItsCommitRangeSizeAndPValue() {
        double[] tps = HistoryFixtures.step(11, 30, 60_000, 0.01, 17, 0.90);
        HistorySeries s = HistorySeries.of(HistoryFixtures.nights(tps, HistoryFixtures.all(30, BASE)), false).get(0);

        assertThat(s.changes()).hasSize(1);
        SeriesChange c = s.changes().get(0);
        assertThat(c.before()).isEqualTo(16);
        assertThat(c.after()).isEqualTo(17);
        assertThat(c.regression()).isTrue();
        assertThat(c.ratio()).isCloseTo(0.90, within(0.01));
        assertThat(c.pValue()).isLessThanOrEqualTo(0.01);
        assertThat(c.atDrift()).isFalse();
        assertThat(s.points().get(c.after()).comparison().patch().shortSha()).isEqualTo("c0000017");
    }

    @Test
    void noiseAloneIsNoChangePoint() {
        // Fixed seeds (the search is seeded too): each of these flat series must stay flat; the rate of
        // false alarms over many seeds is EDivisiveTest's.
        for (long seed = 100; seed < 105; seed++) {
            double[] tps = HistoryFixtures.noise(seed, 30, 60_000, 0.01);
            HistorySeries s = HistorySeries.of(HistoryFixtures.nights(tps, HistoryFixtures.all(30, BASE)), false)
                    .get(0);
            assertThat(s.searched()).isTrue();
            assertThat(s.changes()).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void aStepAtAnEnvironmentChangeIsDriftNotAChangePointUnlessSegmentsAreJoined() {
        double[] tps = HistoryFixtures.step(5, 30, 60_000, 0.01, 15, 0.90);
        List<Night> where = new ArrayList<>(HistoryFixtures.all(15, BASE));
        where.addAll(HistoryFixtures.all(15, BASE.kernel("6.1.0-21-amd64")));
        List<RunRecord> runs = HistoryFixtures.nights(tps, where);

        HistorySeries refused = HistorySeries.of(runs, false).get(0);
        assertThat(refused.segments()).hasSize(2);
        assertThat(refused.changes()).isEmpty();

        HistorySeries joined = HistorySeries.of(runs, true).get(0);
        assertThat(joined.changes()).hasSize(1);
        assertThat(joined.changes().get(0).after()).isEqualTo(15);
        assertThat(joined.changes().get(0).atDrift()).isTrue();
    }

    @Test
    void aFailedCellIsListedButNeitherDrawnNorSearched() {
        double[] tps = HistoryFixtures.step(11, 30, 60_000, 0.01, 17, 0.90);
        List<RunRecord> runs = new ArrayList<>(HistoryFixtures.nights(tps, HistoryFixtures.all(30, BASE)));
        RunRecord r = runs.get(17);
        runs.set(17, r.withComparisons(List.of(new org.taf.runner.results.ComparisonRecord(
                r.comparisons().get(0).name(), r.comparisons().get(0).label(), r.comparisons().get(0).parent(),
                r.comparisons().get(0).patch(), List.of(r.comparisons().get(0).cells().get(0).withVerdict(null))))));
        HistorySeries s = HistorySeries.of(runs, false).get(0);

        assertThat(s.points()).hasSize(30);
        assertThat(s.points().get(17).patchTps()).isNull();
        assertThat(s.changes()).singleElement().satisfies(c -> {
            assertThat(c.before()).isEqualTo(16);
            assertThat(c.after()).isEqualTo(18);
        });
    }
}
