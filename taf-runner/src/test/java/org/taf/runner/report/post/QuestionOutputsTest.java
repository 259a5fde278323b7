package org.taf.runner.report.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.ExitCode;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.PageView;
import org.taf.runner.report.VerdictTexts;
import org.taf.runner.report.output.JUnitXmlWriter;
import org.taf.runner.report.output.JsonSummary;
import org.taf.runner.report.output.MarkdownSummary;
import org.taf.runner.report.output.SummaryWriter;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.JudgementRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Change;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.Questions;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.Verdict;

/**
 * The gate's two cells as every output carries them, a table per verdict of its OLTP_RW cell: the exit code, the
 * JUnit case, the text, Markdown and JSON summaries, and the post's headline. A NOT_WORSE cell passes (exit 0, a
 * passing JUnit case) and every output says what it left open; none reads it as NO_CHANGE.
 */
class QuestionOutputsTest {
    private static final Questions GATE = new Questions(Question.EQUIVALENCE,
            java.util.Map.of("OLTP_RW", Question.NON_INFERIORITY));

    /** The gate's run: POINT_SELECT NO_CHANGE, OLTP_RW with {@code rw} (asking non-inferiority). */
    private static RunRecord gate(Verdict rw, Change tpsChange, String reason) {
        RunRecord small = ResultsFixtures.small();
        ComparisonRecord c = small.comparisons().get(0);
        CellRecord ps = c.cells().get(0);
        CellVerdict psv = cell("POINT_SELECT", Verdict.NO_CHANGE, Change.SAME, 1.004, 0.985, 1.024, "tps 1.0040,"
                + " equivalence interval [0.9800, 1.0200] (97.7%), 12 pairs: within +-3% by two one-sided tests, no"
                + " change", Question.EQUIVALENCE);
        CellVerdict rwv = cell("OLTP_RW", rw, tpsChange, rw == Verdict.REGRESSED ? 0.94 : 0.991,
                rw == Verdict.REGRESSED ? 0.91 : 0.952, rw == Verdict.REGRESSED ? 0.965 : 1.031, reason,
                Question.NON_INFERIORITY);
        List<CellRecord> cells = List.of(
                new CellRecord("POINT_SELECT", 2, ps.parent(), ps.patch(), MeasureMode.ALTERNATE, 10, psv),
                new CellRecord("OLTP_RW", 2, ps.parent(), ps.patch(), MeasureMode.ALTERNATE, 10, rwv));
        JudgementRecord j = small.judgement();
        JudgementRecord judgement = new JudgementRecord(j.analysis(), 3, 5, 5, j.metrics(), j.confidence(), j.fdr(),
                j.power(), j.firstLook(), j.maxPairs(), j.budgetSeconds(), j.counterMarginPct(), j.hostNoise(), GATE);
        RunRecord r = ResultsFixtures.copy(small, "20261205-100000-gate", "gate", small.startedAt(),
                small.finishedAt(), small.status(), null, List.of(new ComparisonRecord(c.name(), c.label(), c.parent(),
                        c.patch(), cells)), List.of());
        return new RunRecord(r.formatVersion(), r.runId(), r.name(), r.comments(), r.startedAt(), r.finishedAt(),
                r.status(), r.failure(), r.runnerVersion(), r.definition(), r.environment(), r.comparisons(),
                r.warnings(), List.of(), r.adaptive(), judgement);
    }

    private static CellVerdict cell(String workload, Verdict v, Change tps, double ratio, double lo, double hi,
            String reason, Question q) {
        return new CellVerdict(new CellKey(workload, 2), v, reason, List.of(new MetricVerdict(Metric.TPS, 4000,
                4000 * ratio, ratio, lo, hi, 0.988, 0.6, 0.6, 12, 0.07, tps, true, null, q)), null, 12, 0.0118,
                StopReason.DECIDED, null, null, List.of(), null, List.of(), List.of(), List.of(), q);
    }

    /**
     * One row per verdict of the non-inferiority cell.
     *
     * @param headline what the post's headline must contain
     */
    record Row(Verdict verdict, Change tps, String reason, ExitCode exit, String junit, boolean notResolved,
               String headline) {}

    private static final List<Row> TABLE = List.of(
            new Row(Verdict.NOT_WORSE, Change.NOT_WORSE, "tps 0.9910, one-sided bound 0.9570 (98.8%), 12 pairs: not"
                    + " worse by 5% or more (one-sided, BH-adjusted p 0.00400 < 0.00590); changes smaller than 5% are"
                    + " not resolved here", ExitCode.PASS,
                    "<testcase classname=\"default\" name=\"OLTP_RW@2\" time=\"72.000\">\n      <system-out>",
                    true, "not worse by 5% or more on OLTP_RW at 2 threads"),
            new Row(Verdict.INCONCLUSIVE, Change.UNKNOWN, "tps 0.9910, one-sided bound 0.9420 (98.8%), 12 pairs: not"
                    + " shown not worse by 5% or more (the bound must lie above 0.9500; estimate -0.90%)",
                    ExitCode.INCONCLUSIVE, "<skipped message=\"inconclusive: tps 0.9910", true,
                    "undecided on OLTP_RW at 2 threads"),
            new Row(Verdict.REGRESSED, Change.WORSE, "tps 0.9400 [0.9100, 0.9650] (98.8% interval, 12 pairs) lies below"
                    + " 1", ExitCode.REGRESSION, "type=\"REGRESSED\">", false, "6.0% slower"));

    @Test
    void everyOutputCarriesTheVerdictOfACellThatAskedNonInferiority() {
        for (Row row : TABLE) {
            RunRecord run = gate(row.verdict(), row.tps(), row.reason());
            String what = row.verdict().name();
            assertThat(run.exitCode()).as(what).isEqualTo(row.exit());
            String junit = JUnitXmlWriter.render(run);
            assertThat(junit).as(what).contains(row.junit());
            String text = SummaryWriter.render(run);
            assertThat(text).as(what).containsPattern("OLTP_RW +\\| +2 \\|.*\\| " + row.verdict().name() + " ");
            String md = MarkdownSummary.render(run);
            String json = JsonSummary.render(List.of(run));
            assertThat(json).as(what).contains("\"question\" : \"non_inferiority\"", "\"question\" : \"equivalence\"")
                    .contains("\"questions\" : {\n      \"tps\" : \"non_inferiority\"\n    }");
            String post = String.join(" | ", Headlines.of(PostContext.of(run, Messages.english())).stream()
                    .map(h -> h.badge() + ": " + h.sentence()).toList());
            assertThat(post).as(what).contains(row.headline());
            if (row.notResolved()) {
                String open = row.verdict() == Verdict.NOT_WORSE
                        ? "a change of tps smaller than 5%, either way: this cell asked of tps only whether the patch"
                        + " is worse by 5% or more (verdict.question = non_inferiority)"
                        : "whether the patch is worse by 5% or more in tps (verdict.question = non_inferiority)";
                assertThat(text).as(what).contains("not resolved, HEAD~1 vs HEAD OLTP_RW@2: " + open);
                assertThat(md).as(what).contains("- not resolved, ");
                assertThat(json).as(what).contains("\"not_resolved\" : \"" + open + "\"");
                assertThat(junit).as(what).contains("<property name=\"OLTP_RW@2.not_resolved\"");
            } else {
                assertThat(text + md + junit).as(what).doesNotContain("not resolved");
            }
            assertThat(text + md + post).as(what + ": NOT_WORSE is never told as no change")
                    .doesNotContain("OLTP_RW@2: no change").doesNotContain("as fast as parent 11111111 on OLTP_RW");
        }
    }

    @Test
    void theHeadlineOfAGateThatPassedOnBothQuestionsSaysWhatEachShowed() {
        RunRecord run = gate(Verdict.NOT_WORSE, Change.NOT_WORSE, TABLE.get(0).reason());
        PostView.Headline h = Headlines.of(PostContext.of(run, Messages.english())).get(0);
        assertThat(h.verdict()).isEqualTo("NO_CHANGE");
        assertThat(h.sentence()).contains("is as fast as 11111111 on POINT_SELECT at 2 threads, within ±3%")
                .contains("; not worse by 5% or more on OLTP_RW at 2 threads");
        RunRecord alone = gate(Verdict.NOT_WORSE, Change.NOT_WORSE, TABLE.get(0).reason());
        ComparisonRecord c = alone.comparisons().get(0);
        RunRecord rwOnly = ResultsFixtures.copy(alone, alone.runId(), alone.name(), alone.startedAt(),
                alone.finishedAt(), alone.status(), null, List.of(new ComparisonRecord(c.name(), c.label(), c.parent(),
                        c.patch(), List.of(c.cells().get(1)))), List.of());
        PostView.Headline only = Headlines.of(PostContext.of(rwOnly, Messages.english())).get(0);
        assertThat(only.verdict()).isEqualTo("NOT_WORSE");
        assertThat(only.badge()).isEqualTo("not worse");
        assertThat(only.sentence()).startsWith("22222222 is not worse than 11111111 by 5% or more at 2 threads")
                .endsWith("smaller changes are not resolved here");
        assertThat(VerdictTexts.sentences(rwOnly, Messages.english(), Formats.english()).get(0))
                .contains("is not worse than parent 11111111 by 5% or more on OLTP_RW at 2 threads")
                .contains("a smaller change is not resolved");
    }

    /**
     * The gate's POINT_SELECT cell asks equivalence of TPS and non-inferiority of CPU per transaction: its NOT_WORSE
     * says that only CPU per transaction was left open, and every output names each metric's question.
     */
    @Test
    void eachOutputSaysWhichQuestionEachMetricAnswered() {
        Questions gate = new Questions(Question.EQUIVALENCE, java.util.Map.of("OLTP_RW", Question.NON_INFERIORITY),
                java.util.Map.of(), java.util.Map.of("POINT_SELECT", java.util.Map.of(Metric.CPU_PER_TX,
                        Question.NON_INFERIORITY)));
        RunRecord base = gate(Verdict.NOT_WORSE, Change.NOT_WORSE, TABLE.get(0).reason());
        CellVerdict ps = new CellVerdict(new CellKey("POINT_SELECT", 2), Verdict.NOT_WORSE, "tps 0.9950, equivalence"
                + " interval [0.9790, 1.0110] (97.7%), 13 pairs: within +-3% by two one-sided tests; cpu_per_tx"
                + " 1.0080, one-sided bound 1.0350 (98.9%), 13 pairs: not worse by 5% or more (one-sided, BH-adjusted p"
                + " 0.00300 < 0.00590); changes of cpu_per_tx smaller than 5% are not resolved here", List.of(
                        new MetricVerdict(Metric.TPS, 4000, 3980, 0.995, 0.976, 1.014, 0.988, 0.6, 0.6, 13, 0.022,
                                Change.SAME, true, null, Question.EQUIVALENCE),
                        new MetricVerdict(Metric.CPU_PER_TX, 10, 10.08, 1.008, 0.978, 1.038, 0.988, 0.5, 0.6, 13,
                                0.035, Change.NOT_WORSE, true, null, Question.NON_INFERIORITY)), null, 13, 0.0118,
                StopReason.DECIDED, null, null, List.of(), null, List.of(), List.of(), List.of(),
                Question.NON_INFERIORITY);
        ComparisonRecord c = base.comparisons().get(0);
        CellRecord old = c.cells().get(0);
        List<CellRecord> cells = List.of(new CellRecord("POINT_SELECT", 2, old.parent(), old.patch(),
                MeasureMode.ALTERNATE, 10, ps), c.cells().get(1));
        JudgementRecord j = base.judgement();
        RunRecord run = new RunRecord(base.formatVersion(), base.runId(), base.name(), base.comments(),
                base.startedAt(), base.finishedAt(), base.status(), base.failure(), base.runnerVersion(),
                base.definition(), base.environment(), List.of(new ComparisonRecord(c.name(), c.label(), c.parent(),
                        c.patch(), cells)), base.warnings(), List.of(), base.adaptive(), new JudgementRecord(
                        j.analysis(), 3, 5, 5, List.of(Metric.TPS, Metric.CPU_PER_TX), j.confidence(), j.fdr(),
                        j.power(), j.firstLook(), j.maxPairs(), j.budgetSeconds(), j.counterMarginPct(),
                        j.hostNoise(), gate));
        assertThat(run.exitCode()).isEqualTo(ExitCode.PASS);
        String open = "a change of cpu_per_tx smaller than 5%, either way: this cell asked of cpu_per_tx only whether"
                + " the patch is worse by 5% or more (verdict.question = non_inferiority)";
        assertThat(SummaryWriter.render(run)).contains("not resolved, HEAD~1 vs HEAD POINT_SELECT@2: " + open);
        assertThat(MarkdownSummary.render(run)).contains("- not resolved, HEAD\\~1 vs HEAD POINT\\_SELECT@2: a change"
                + " of cpu\\_per\\_tx smaller than 5%");
        String json = JsonSummary.render(List.of(run));
        assertThat(json).contains("\"questions\" : {\n      \"cpu_per_tx\" : \"non_inferiority\",\n      \"tps\" :"
                + " \"equivalence\"\n    }");
        String junit = JUnitXmlWriter.render(run);
        assertThat(junit).contains("<property name=\"POINT_SELECT@2.metric.cpu_per_tx.question\""
                + " value=\"non_inferiority\"/>").contains("<property name=\"POINT_SELECT@2.metric.tps.question\""
                + " value=\"equivalence\"/>");
        PostView.Cell cell = ComparisonBuilder.build(PostContext.of(run, Messages.english())).get(0).cells().get(0);
        assertThat(cell.facts()).contains(new org.taf.runner.report.PageView.Fact("cell.questions",
                "tps: equivalence (no change within \u00b13%); cpu_per_tx: non-inferiority (not worse by 5% or more)"));
    }
}
