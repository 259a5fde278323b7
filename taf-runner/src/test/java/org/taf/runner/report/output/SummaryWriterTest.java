package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Warnings;
import org.taf.runner.results.RunRecord;

/** The plain-text summary: aligned columns, the verdicts' numbers, one line per warning, the count last. */
class SummaryWriterTest {
    @Test
    void alignedTableThenWarningsEndingWithTheirCount() {
        RunRecord run = SiteFixtures.branches();
        List<String> lines = SummaryWriter.render(run).lines().toList();
        assertThat(lines.get(0))
                .startsWith("comparison | workload")
                .contains("| ratio [95% CI]")
                .endsWith("| verdict        | pairs | stopped      | MDE");
        int bars = lines.get(0).indexOf('|');
        List<String> table = lines.subList(2, 2 + 22);
        assertThat(table).allMatch(l -> l.indexOf('|') == bars);
        assertThat(table.get(0))
                .matches("11\\.8 +\\| POINTS-COVERED-PK \\| +1 \\| +1,889 \\| +2,567 \\| 1\\.359 \\[1\\.332,"
                        + " 1\\.386\\] \\| 210\\.0 -> 154\\.5 \\| 0\\.736 \\[0\\.725, 0\\.747\\] \\| IMPROVED"
                        + " +\\| +3 \\| planned only \\| +\\d\\.\\d%");
        assertThat(lines.get(0)).contains("| CPU us/tx").contains("| CPU ratio [95% CI]");
        assertThat(lines).contains("cpu: engine CPU per transaction from /proc/<pid>/stat utime+stime (1/100 s ticks)");
        assertThat(table).anyMatch(l -> l.contains("| REGRESSED")).anyMatch(l -> l.contains("| INCONCLUSIVE"))
                .anyMatch(l -> l.contains("build failed") && l.contains("| NOT_COMPARABLE"));
        long warnings = lines.stream().filter(l -> l.startsWith("warning: ")).count();
        assertThat(lines.get(lines.size() - 1)).isEqualTo("warnings: " + warnings);
        assertThat(warnings).isEqualTo(Warnings.of(run, Messages.english()).size()).isEqualTo(7);
        assertThat(lines).allMatch(l -> l.equals(l.stripTrailing()));
        // Results written before the adaptive loop: no loop line, no planned MDE.
        assertThat(lines).noneMatch(l -> l.startsWith("Adaptive loop") || l.startsWith("MDE before measuring"));
    }

    @Test
    void theAdaptiveLoopAndThePlannedMdeHaveTheirLines() {
        List<String> lines = SummaryWriter.render(org.taf.runner.results.ResultsFixtures.small()).lines().toList();
        assertThat(lines)
                .contains(
                        "Adaptive loop: 0 extra A/B pairs in 0 s of a 600 s budget; stopped: decided;"
                                + " each look at level 0.0136.",
                        "MDE before measuring, POINT_SELECT@2: 10.7% with 2 pairs (4.5% with 20"
                                + " pairs if the adaptive loop needs them)");
        assertThat(lines).anyMatch(l -> l.startsWith("warning: Before measuring, from this host's stored noise, these"
                + " cells could not detect a change as small as the fail threshold (5.0%): POINT_SELECT@2 (10.7%"));
        assertThat(lines.get(2)).endsWith("| IMPROVED |     2 | decided | 4.1%");
    }

    @Test
    void everyVerdictSaysWhyOnItsOwnLine() {
        RunRecord run = SiteFixtures.branches();
        List<String> why = SummaryWriter.render(run).lines().filter(l -> l.startsWith("why, ")).toList();
        long withReason = run.comparisons().stream().flatMap(c -> c.cells().stream())
                .filter(c -> c.verdict() != null && c.verdict().reason() != null && !c.verdict().reason().isBlank())
                .count();
        assertThat(withReason).isPositive();
        assertThat(why).hasSize((int) withReason);
        assertThat(why).allMatch(l -> l.matches("why, .+ [A-Z_-]+@\\d+: .+"));
    }
}
