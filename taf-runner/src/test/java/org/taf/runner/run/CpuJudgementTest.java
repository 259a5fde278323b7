package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.EngineCpuRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.RestRecord;
import org.taf.runner.results.IterationRecord.WarmupRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.results.Verdict;
import org.taf.runner.results.VerdictRecord;
import org.taf.runner.stats.StatsOptions;

/** The CPU metric enters a cell's verdict from the iterations' CPU readings, with a note when it disagrees. */
class CpuJudgementTest {
    private static final String SOURCE = "/proc/<pid>/stat utime+stime (1/100 s ticks)";

    /** An iteration of 10 one-second samples of {@code tps}, with {@code cpuSeconds} (or no reading). */
    private static IterationRecord iteration(int index, double tps, Double cpuSeconds) {
        List<SampleRecord> samples = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            samples.add(new SampleRecord(s, 1.0, Math.round(tps), 0, 0, 0, 0, 0, 0.1, 0.2, 0.3, 1));
        }
        return new IterationRecord(index, index * 2, Instant.EPOCH, "v", new RestRecord(false, false, 0, List.of()),
                new WarmupRecord("none", true, 0, "", List.of(), List.of()), samples, List.of(), List.of(), null,
                "log", cpuSeconds == null ? null : new EngineCpuRecord(SOURCE, cpuSeconds));
    }

    private static VerdictRecord same() {
        return new VerdictRecord(Verdict.NO_CHANGE, "PASS", 10_000.0, 10_000.0, 1.0, 0.99, 1.01, 0.95, 0.8, 0.8, 4,
                "planned iterations", 2.0, null, null, List.of("a note"));
    }

    @Test
    void cpuPerTransactionIsComparedAndADisagreementNoted() {
        // Same TPS, but the patch burns 5% more CPU per transaction: 8.0 vs 8.4 CPU seconds for 100,000 transactions.
        double[] parentCpu = {8.00, 8.02, 7.98, 8.01};
        double[] patchCpu = {8.40, 8.41, 8.39, 8.42};
        List<IterationRecord> p = new ArrayList<>();
        List<IterationRecord> q = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            p.add(iteration(i, 10_000, parentCpu[i]));
            q.add(iteration(i, 10_000, patchCpu[i]));
        }
        CellRecord cell = new CellRecord("POINT_SELECT", 2, p, q, null);
        VerdictRecord v = CpuJudgement.add(same(), cell, org.taf.runner.stats.Verdict.SAME, StatsOptions.defaults());
        assertThat(v.cpu()).isNotNull();
        assertThat(v.cpu().source()).isEqualTo(SOURCE);
        assertThat(v.cpu().parentUsPerTx()).isCloseTo(80.0, within(0.1));
        assertThat(v.cpu().patchUsPerTx()).isCloseTo(84.0, within(0.1));
        assertThat(v.parentCpuPerTx()).as("ms per transaction").isCloseTo(0.080, within(0.0001));
        assertThat(v.cpu().ciLow()).isGreaterThan(1.0);
        assertThat(v.cpu().change()).isEqualTo("HIGHER");
        assertThat(v.cpu().disagreement()).contains("is higher while the TPS verdict is no change");
        assertThat(v.notes()).containsExactly("a note", v.cpu().disagreement());
        assertThat(v.verdict()).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void withoutReadingsTheVerdictIsUnchanged() {
        CellRecord cell = new CellRecord("POINT_SELECT", 2, List.of(iteration(0, 100, null)),
                List.of(iteration(0, 100, 1.0)), null);
        VerdictRecord v = same();
        assertThat(CpuJudgement.add(v, cell, org.taf.runner.stats.Verdict.SAME, StatsOptions.defaults())).isSameAs(v);
    }

    @Test
    void failedAndEmptyIterationsAreLeftOut() {
        IterationRecord failed = new IterationRecord(1, 3, Instant.EPOCH, "v", new RestRecord(false, false, 0, List.of()),
                new WarmupRecord("none", true, 0, "", List.of(), List.of()), List.of(), List.of(), List.of(), "crashed",
                "log", new EngineCpuRecord(SOURCE, 3.0));
        assertThat(CpuJudgement.usPerTx(List.of(iteration(0, 1000, 1.0), failed))).containsExactly(100.0);
    }
}
