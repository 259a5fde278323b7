package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/** Warnings computed from the records, and the run's own warnings kept when they say something else. */
class WarningsTest {
    @Test
    void computedFromTheRecords() {
        List<String> w = Warnings.of(SiteFixtures.branches(), Messages.english());
        assertThat(w)
                .containsExactly(
                        "13.1 wip: the patch build (f00dfacecafe) failed: mvn exited with 1",
                        "The CPU load did not settle during the warm-up in 1 of 126 iterations: 12.3"
                                + " POINTS-COVERED-PK@64 patch #2",
                        "Other processes or steal time used the CPU while measuring (over 10.0% of one CPU, or steal"
                            + " over 5.0%) in 1 of 126 iterations: 11.8 POINTS-COVERED-PK@1 patch #1 (others 30.0% of"
                            + " one CPU, steal 0.2%)",
                        "These cells cannot detect a change as small as the fail threshold (5.0%): 13.1"
                                + " POINTS-COVERED-PK@8 (6.2%)",
                        "13.1 POINTS-COVERED-PK@8: CPU per transaction 210.00 -> 222.60 us (+6.0%, interval [1.044,"
                                + " 1.076]) is higher while TPS is undecided: the engine does more work per transaction"
                                + " that TPS could not yet confirm",
                        "Engine builds were reused from the cache for 14362356d14, 5981efcecd8, d0661d9bb8c,"
                                + " a1b2c3d4e5f6.",
                        "builds were cached: 14362356d14");
    }

    @Test
    void anInterruptedRunUnpinnedCpusAndARecordedDuplicate() {
        RunRecord r = ResultsFixtures.small();
        String cached = "Engine builds were reused from the cache for 11111111, 22222222.";
        RunRecord run = org.taf.runner.results.ResultsFixtures.copy(r, r.runId(), r.name(), r.startedAt(), null,
                RunRecord.RunStatus.INTERRUPTED, "interrupted by SIGINT\nafter 3 of 4 iterations", r.comparisons(),
                List.of(cached, "disk almost full"));
        List<String> w = Warnings.of(run, Messages.english());
        assertThat(w.get(0)).isEqualTo("The run is interrupted, not complete: interrupted by SIGINT");
        assertThat(w).contains("CPU frequency: not pinned: no cpufreq.", "disk almost full");
        assertThat(w.stream().filter(cached::equals)).hasSize(1);
    }

    @Test
    void manyIterationsAreCountedNotAllListed() {
        // every measured iteration of the big fixture flagged: the warning names six and counts the rest
        RunRecord r = SiteFixtures.branches();
        var comparisons = r.comparisons().stream().map(c -> new org.taf.runner.results.ComparisonRecord(c.name(),
                c.label(), c.parent(), c.patch(), c.cells().stream().map(cell -> new org.taf.runner.results.CellRecord(
                        cell.workload(), cell.threads(), cell.parent().stream().map(WarningsTest::errors).toList(),
                        cell.patch(), cell.mode(), cell.windows(), cell.verdict())).toList())).toList();
        RunRecord run = org.taf.runner.results.ResultsFixtures.copy(r, r.runId(), r.name(), r.startedAt(),
                r.finishedAt(), r.status(), null, comparisons, List.of());
        assertThat(Warnings.of(run, Messages.english())).anyMatch(s -> s.startsWith(
                "The workload counted errors in 63 of 126 iterations: 11.8 POINTS-COVERED-PK@1 parent #1;")
                && s.endsWith("; and 57 more"));
    }

    private static org.taf.runner.results.IterationRecord errors(org.taf.runner.results.IterationRecord it) {
        return new org.taf.runner.results.IterationRecord(it.index(), it.sequence(), it.startedAt(),
                it.serverVersion(), it.rest(), it.warmup(), it.samples(), it.cpu(),
                List.of(org.taf.runner.results.IterationRecord.IterationFlag.ERRORS), null, it.engineLog(),
                it.engineCpu(), it.launchSeconds(), it.windows(), it.counters(), it.jfr());
    }
}
