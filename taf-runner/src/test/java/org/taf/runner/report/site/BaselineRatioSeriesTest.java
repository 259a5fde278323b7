package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.NumbersAndChartsTest;
import org.taf.runner.report.Palette;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;

/**
 * The nightly's baseline-ratio series on a fake clock (one run a night from {@link HistoryFixtures#FIRST_NIGHT}):
 * each night measures that night's main against the pinned baseline {@code v1.0} side by side. The host drifts
 * (both sides lose 25% at night 8, as both servers did on 2026-12-01), and main's commit of night 17 adds 3% to
 * the write path. The absolute TPS series sees the host's drift; the ratio series sees only the commit.
 */
class BaselineRatioSeriesTest {
    private static final String BASELINE = "v1.0";

    /** 30 nights: the host's level drops 25% at night 8, the patch's ratio to the baseline 3% at night 17. */
    private static List<RunRecord> nights(boolean againstBaseline) {
        SplittableRandom r = new SplittableRandom(34);
        List<RunRecord> out = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            double host = (i < 8 ? 60_000 : 45_000) * (1 + 0.02 * r.nextGaussian());
            double ratio = (i < 17 ? 1.0 : 0.97) * (1 + 0.004 * r.nextGaussian());
            out.add(night(i, host, ratio, againstBaseline));
        }
        return out;
    }

    /** Night i of {@link HistoryFixtures#night}, its parent the baseline, its TPS ratio {@code ratio}. */
    private static RunRecord night(int i, double parentTps, double ratio, boolean againstBaseline) {
        return night(i, parentTps, ratio, Double.NaN, againstBaseline);
    }

    /** As above, its ratio of CPU per transaction {@code cpu} (gating), or the fixture's when NaN. */
    private static RunRecord night(int i, double parentTps, double ratio, double cpu, boolean againstBaseline) {
        RunRecord base = HistoryFixtures.night(i, parentTps * ratio, HistoryFixtures.Night.base());
        ComparisonRecord c = base.comparisons().get(0);
        SideRecord p = c.parent();
        SideRecord parent = new SideRecord(p.role(), BASELINE, p.commit(), p.treeId(), p.patchDiff(),
                p.engineSettings(), p.build());
        CellRecord cell = c.cells().get(0);
        CellVerdict v = cell.verdict();
        List<MetricVerdict> metrics = new ArrayList<>();
        for (MetricVerdict m : v.metrics()) {
            if (m.metric() == Metric.CPU_PER_TX && !Double.isNaN(cpu)) {
                metrics.add(new MetricVerdict(Metric.CPU_PER_TX, 500, 500 * cpu, cpu, cpu * 0.99, cpu * 1.01,
                        m.confidence(), m.pValue(), m.pAdjusted(), m.pairs(), m.sdLog(), m.change(), true,
                        m.equivalence()));
                continue;
            }
            metrics.add(m.metric() != Metric.TPS ? m : new MetricVerdict(Metric.TPS, parentTps, parentTps * ratio,
                    ratio, ratio * 0.99, ratio * 1.01, m.confidence(), m.pValue(), m.pAdjusted(), m.pairs(),
                    m.sdLog(), m.change(), m.gates(), m.equivalence()));
        }
        CellVerdict verdict = new CellVerdict(v.cell(), v.verdict(), v.reason(), metrics, v.classic(),
                v.measuredPairs(), v.level(), v.stopReason(), v.mde(), v.components(), v.excluded(), v.exclusionRule(),
                v.warnings(), v.findings(), v.counters(), v.question());
        ComparisonRecord comparison = new ComparisonRecord(c.name(), BASELINE + " vs main", parent, c.patch(),
                List.of(cell.withVerdict(verdict)));
        List<SettingRecord> settings = new ArrayList<>(base.definition().settings());
        if (againstBaseline) {
            settings.add(new SettingRecord("baseline", BASELINE, "nightly.properties:5"));
        }
        DefinitionRecord d = base.definition();
        DefinitionRecord def = new DefinitionRecord(d.file(), d.sourceText(), settings, d.command());
        return new RunRecord(base.formatVersion(), base.runId(), base.name(), base.comments(), base.startedAt(),
                base.finishedAt(), base.status(), base.failure(), base.runnerVersion(), def, base.environment(),
                List.of(comparison), base.warnings(), base.plannedMde(), base.adaptive(), base.judgement());
    }

    @Test
    void theRatioSeriesFlagsTheCommitAndNotTheHostsDrift() {
        List<RunRecord> runs = nights(true);
        assertThat(HistorySeries.of(runs, false)).singleElement().satisfies(s -> assertThat(s.ratios()).isTrue());
        assertThat(ChangePoints.find(runs)).singleElement().satisfies(c -> {
            assertThat(c.regression()).isTrue();
            assertThat(c.ratio()).isCloseTo(0.97, within(0.01));
            // the nights around the step: what taf bisect runs between
            assertThat(c.good()).isEqualTo("c0000016" + "0".repeat(32));
            assertThat(c.bad()).isEqualTo("c0000017" + "0".repeat(32));
            assertThat(c.beforeRunId()).isEqualTo(runs.get(16).runId());
            assertThat(c.afterRunId()).isEqualTo(runs.get(17).runId());
        });
    }

    @Test
    void withoutTheBaselineKeyTheSameRunsAreAnAbsoluteSeriesThatFollowsTheHost() {
        List<RunRecord> runs = nights(false);
        assertThat(HistorySeries.of(runs, false)).singleElement().satisfies(s -> assertThat(s.ratios()).isFalse());
        // the host's 25% drop at night 8 is what the absolute TPS shows first
        assertThat(ChangePoints.find(runs)).anySatisfy(c -> {
            assertThat(c.afterRunId()).isEqualTo(runs.get(8).runId());
            assertThat(c.ratio()).isCloseTo(0.75, within(0.03));
        });
    }

    /** The history page draws a ratio series' ratios first, with its change point, then the absolute TPS. */
    @Test
    void theHistoryPageDrawsTheRatiosFirstAndTheAbsoluteTpsSecond() {
        List<RunRecord> runs = nights(true);
        Messages m = Messages.english();
        String html = new Templates(m).render("history.ftlh",
                HistoryViewBuilder.build("POINT_SELECT", runs, HistorySeries.of(runs, false), m));
        int ratio = html.indexOf(m.get("chart.ratio.title", "TPS"));
        int tps = html.indexOf(m.get("chart.series.title", "TPS"));
        assertThat(ratio).isPositive().isLessThan(tps);
        assertThat(html).contains(m.get("chart.axis.ratio", "TPS"));
        List<RunRecord> absolute = nights(false);
        assertThat(new Templates(m).render("history.ftlh", HistoryViewBuilder.build("POINT_SELECT", absolute,
                HistorySeries.of(absolute, false), m))).doesNotContain(m.get("chart.ratio.title", "TPS"));
    }

    /**
     * The ratio chart draws each night's interval as a whisker, and its y axis spans the ratios rather than
     * starting at zero: on an axis from zero the 3% step would be 3% of the plot's height.
     */
    @Test
    void theRatioChartShowsEachNightsIntervalOnAnAxisFittedToTheRatios() throws Exception {
        List<RunRecord> runs = nights(true);
        HistorySeries s = HistorySeries.of(runs, false).get(0);
        String svg = HistoryViewBuilder.ratioChart(s, Messages.english(), Formats.english());
        var doc = NumbersAndChartsTest.xml(svg);
        List<Double> ticks = new ArrayList<>();
        var texts = doc.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            String t = texts.item(i).getTextContent();
            if (t.matches("\\d\\.\\d{3}")) {
                ticks.add(Double.parseDouble(t));
            }
        }
        assertThat(ticks).hasSizeGreaterThanOrEqualTo(2).allSatisfy(t -> assertThat(t).isBetween(0.9, 1.1));
        assertThat(ticks.get(0)).isLessThanOrEqualTo(0.97 * 0.99 - 0.005);
        // a whisker is three lines in the series' colour (the stem and two caps); the nights' ratios are drawn
        // as dots, so every night has one
        int lines = 0;
        var all = doc.getElementsByTagName("line");
        for (int i = 0; i < all.getLength(); i++) {
            if (Palette.PATCH.equals(((org.w3c.dom.Element) all.item(i)).getAttribute("stroke"))) {
                lines++;
            }
        }
        assertThat(lines).isEqualTo(3 * runs.size());
    }

    /**
     * A slower write path moves CPU per transaction more than TPS: the series is searched on that ratio too, and a
     * rise there is a regression that TPS (noisier here, 1% lower) does not show.
     */
    @Test
    void aRiseInCpuPerTransactionIsARegressionWhereTheTpsRatioShowsNone() {
        SplittableRandom r = new SplittableRandom(35);
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            double tps = (i < 17 ? 1.0 : 0.99) * (1 + 0.03 * r.nextGaussian());
            double cpu = (i < 17 ? 1.0 : 1.04) * (1 + 0.005 * r.nextGaussian());
            runs.add(night(i, 50_000, tps, cpu, true));
        }
        assertThat(ChangePoints.find(runs)).singleElement().satisfies(c -> {
            assertThat(c.metric()).isEqualTo("cpu_per_tx");
            assertThat(c.regression()).isTrue();
            assertThat(c.ratio()).isCloseTo(1.04, within(0.01));
            assertThat(c.afterRunId()).isEqualTo(runs.get(17).runId());
        });
        Messages m = Messages.english();
        String html = new Templates(m).render("history.ftlh",
                HistoryViewBuilder.build("POINT_SELECT", runs, HistorySeries.of(runs, false), m));
        assertThat(html).contains(m.get("chart.cpu_ratio.title"))
                .containsPattern("\\+[34]\\.\\d% " + m.get("change.metric.cpu_per_tx"));
        // an absolute series is searched on its TPS alone
        List<RunRecord> absolute = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            absolute.add(night(i, 50_000, 1.0, i < 17 ? 1.0 : 1.04, false));
        }
        assertThat(ChangePoints.find(absolute)).isEmpty();
    }

    /**
     * A nightly given tonight's sha ({@code -Dpatch=<sha>}, the Jenkinsfile's PATCH) labels each night "v1.0 vs
     * <sha>": the nights are still one series, "against v1.0", and its step is still found. Keyed on the label, they
     * were 30 one-point series and nothing was found (the polled chain of 2026-12-05).
     */
    @Test
    void nightsGivenAsShasAreOneSeriesAgainstTheBaseline() {
        List<RunRecord> runs = nights(true).stream().map(BaselineRatioSeriesTest::patchNamedBySha).toList();
        assertThat(runs.stream().map(r -> r.comparisons().get(0).label()).distinct()).hasSize(runs.size());
        assertThat(HistorySeries.of(runs, false)).singleElement().satisfies(s -> {
            assertThat(s.key().comparison()).isEqualTo("against " + BASELINE);
            assertThat(s.points()).hasSize(runs.size());
        });
        assertThat(ChangePoints.find(runs)).singleElement().satisfies(c -> {
            assertThat(c.afterRunId()).isEqualTo(runs.get(17).runId());
            assertThat(c.comparison()).isEqualTo("against " + BASELINE);
        });
        // without the baseline key, a label naming each sha is a line of its own: nothing joins them
        List<RunRecord> absolute = nights(false).stream().map(BaselineRatioSeriesTest::patchNamedBySha).toList();
        assertThat(HistorySeries.of(absolute, false)).hasSize(absolute.size());
    }

    /** {@code run} as a nightly run with -Dpatch=<sha> records it: its label names the patch's sha. */
    private static RunRecord patchNamedBySha(RunRecord run) {
        ComparisonRecord c = run.comparisons().get(0);
        ComparisonRecord named = new ComparisonRecord(c.name(), BASELINE + " vs " + c.patch().commit().sha()
                .substring(0, 10), c.parent(), c.patch(), c.cells());
        return new RunRecord(run.formatVersion(), run.runId(), run.name(), run.comments(), run.startedAt(),
                run.finishedAt(), run.status(), run.failure(), run.runnerVersion(), run.definition(),
                run.environment(), List.of(named), run.warnings(), run.plannedMde(), run.adaptive(), run.judgement());
    }
}
