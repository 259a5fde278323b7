package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.Verdict;

/**
 * The host probe's account in the outputs: one "host:" line of the summary (CI reads "host: too noisy"), the same
 * sentence in the Markdown summary and the post, from the record alone.
 */
class HostTextsTest {
    private static final Instant AT = Instant.parse("2026-12-07T06:00:00Z");

    private static ProbeRecord reading(double cv, boolean quiet, double waited) {
        return new ProbeRecord(AT, 0, 1.5, 3300, cv, null, quiet, waited);
    }

    /** The fixture run with these readings, its first parent and patch iterations flagged NOISY_SPELL if asked. */
    private static RunRecord run(List<ProbeRecord> probes, boolean spell, StopReason stop, String reason) {
        RunRecord r = ResultsFixtures.small();
        ComparisonRecord c = r.comparisons().get(0);
        CellRecord cell = c.cells().get(0);
        List<IterationRecord> parent = cell.parent().stream()
                .map(it -> spell && it.index() == 0 ? it.flagged(IterationFlag.NOISY_SPELL) : it).toList();
        List<IterationRecord> patch = cell.patch().stream()
                .map(it -> spell && it.index() == 0 ? it.flagged(IterationFlag.NOISY_SPELL) : it).toList();
        CellVerdict v = cell.verdict();
        CellVerdict judged = new CellVerdict(v.cell(), stop == StopReason.TOO_NOISY ? Verdict.INCONCLUSIVE
                : v.verdict(), reason == null ? v.reason() : reason, v.metrics(), v.classic(), v.measuredPairs(),
                v.level(), stop, v.mde(), v.components(), v.excluded(), v.exclusionRule(), v.warnings(), v.findings(),
                v.counters(), v.question());
        CellRecord changed = new CellRecord(cell.workload(), cell.threads(), parent, patch, cell.mode(),
                cell.windows(), judged);
        ComparisonRecord comparison = new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(),
                List.of(changed));
        return new RunRecord(r.formatVersion(), r.runId(), r.name(), r.comments(), r.startedAt(), r.finishedAt(),
                r.status(), r.failure(), r.runnerVersion(), r.definition(), r.environment(), List.of(comparison),
                r.warnings(), r.plannedMde(), r.adaptive(), r.judgement(), probes);
    }

    private static String hostLine(RunRecord run) {
        return SummaryWriter.render(run).lines().filter(l -> l.startsWith("host:")).findFirst().orElse(null);
    }

    @Test
    void aRunThatDidNotProbeSaysNothingOfTheHost() {
        assertThat(hostLine(ResultsFixtures.small())).isNull();
        assertThat(MarkdownSummary.render(ResultsFixtures.small())).doesNotContain("Host:");
    }

    @Test
    void aQuietRunSaysSoWithItsReadings() {
        RunRecord run = run(List.of(reading(2.2, true, 0), reading(4.4, true, 0), reading(3, true, 0)), false,
                StopReason.DECIDED, null);
        assertThat(hostLine(run)).isEqualTo("host: quiet throughout (3 probe readings, CV 2-4%)");
    }

    @Test
    void aRunThatWaitedAndFlaggedAPairSaysHowLongAndWhatTheVerdictDidWithIt() {
        RunRecord run = run(List.of(reading(30, false, 0), reading(25, false, 10), reading(3, true, 10),
                reading(40, false, 0)), true, StopReason.DECIDED, null);
        assertThat(hostLine(run)).isEqualTo("host: noisy spells. Waited 20s for the host to quieten. 1 of 2 pairs"
                + " measured in a noisy spell (flagged NOISY_SPELL); too few quiet pairs were left to leave them out.");
    }

    @Test
    void aRunStoppedAsTooNoisyStartsItsLineSoThatCiCanTellItApart() {
        RunRecord run = run(List.of(reading(45, false, 0), reading(50, false, 180), reading(38, false, 0)), true,
                StopReason.TOO_NOISY, "the host is too noisy now: this run could see ±21% (tps, 20 pairs), the"
                        + " question needs ±3%; tps 0.97 [0.80, 1.18] cannot decide");
        assertThat(hostLine(run)).isEqualTo("host: too noisy now: HEAD~1 vs HEAD POINT_SELECT@2: this run could see"
                + " ±21% (tps, 20 pairs), the question needs ±3%; stopped after 2 pairs. Waited 3m0s for the host to"
                + " quieten. 1 of 2 pairs measured in a noisy spell (flagged NOISY_SPELL); too few quiet pairs were"
                + " left to leave them out.");
        assertThat(MarkdownSummary.render(run)).contains("Host: too noisy now: ")
                .contains("this run could see ±21%");
        assertThat(JUnitXmlWriter.render(run)).contains("name=\"host\" value=\"too noisy now: ");
    }
}
