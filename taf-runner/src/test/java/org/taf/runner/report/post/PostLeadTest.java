package org.taf.runner.report.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.report.VerdictTexts;
import org.taf.runner.report.Warnings;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;

/**
 * A post leads with the answer: one sentence per comparison under the title, then the results,
 * then the warnings about this run; facts of the host sit in the environment section; the ratio
 * chart's rows keep their cell when a label is cut.
 */
class PostLeadTest {
    @TempDir
    Path dir;

    private Document post(RunRecord run) throws Exception {
        SitePublisher.Published site = Sites.publish(dir.resolve(run.runId()), List.of(run));
        return Sites.html(Sites.post(site, run));
    }

    /** The run with its environment's CPU frequency state replaced. */
    private static RunRecord withCpufreq(RunRecord r, boolean pinned, String note) {
        EnvironmentRecord e = r.environment();
        EnvironmentRecord changed = new EnvironmentRecord(e.host(), e.cpuModel(), e.sockets(), e.cores(), e.threads(),
                e.memoryBytes(), e.os(), e.kernel(), e.jvm(), e.engineJvm(), e.runtime(), e.engineCpuset(),
                e.clientCpuset(), new EnvironmentRecord.CpuFreqRecord(pinned, note, List.of()), e.cpuIdle());
        return new RunRecord(r.formatVersion(), r.runId(), r.name(), r.comments(), r.startedAt(), r.finishedAt(),
                r.status(), r.failure(), r.runnerVersion(), r.definition(), changed, r.comparisons(), r.warnings(),
                r.plannedMde(), r.adaptive(), r.judgement());
    }

    @Test
    void theAnswerComesFirstThenTheWhyTheStoryTheResultsAndTheWarnings() throws Exception {
        Document post = post(SiteFixtures.goldenBranches());
        List<Element> answers = post.select("header.post-head section.headline p.answer-text");
        assertThat(answers).hasSize(4); // one per comparison
        // the headline answers the whole comparison, not its worst cell: 12.3 improved at 8 and 64 threads
        assertThat(answers.get(1).selectFirst(".badge").text()).isEqualTo("improved 2 of 3");
        assertThat(answers.get(1).selectFirst(".badge").hasClass("v-improved")).isTrue();
        // each comparison's name stands above its answer, not beside the badge
        assertThat(post.select("section.headline p.answer-name").eachText()).containsExactly("11.8", "12.3", "13.1",
                "13.1 wip");
        assertThat(answers.get(1).text())
                .contains(
                        "2.41–3.63 times as fast as 5981efcecd8 at 8 and 64 threads",
                        "(64 threads: 17,530 → 63,562 TPS, ×3.63 [3.55, 3.70])",
                        "; 9.7% slower at 1 thread");
        assertThat(answers.get(2).text()).contains("; undecided at 8 threads");
        assertThat(post.select("section.headline p.mechanism").get(0).text())
                .isEqualTo("Why: CPU per transaction 210 → 58.7 µs (-72.0%); voluntary context switches 36.0 → 2.45"
                        + " per transaction (-93.2%).");
        // each answer links to its clearest cell's details
        for (Element a : post.select("section.headline a.details")) {
            assertThat(post.getElementById(a.attr("href").substring(1))).as(a.attr("href")).isNotNull();
        }
        // order in the page: the answers, why, the story, the results, the warnings, then the rest
        List<String> order = post.select("section.headline, section#why, section#narrative, section#results,"
                + " section#warnings, nav.toc, section#overview, section#environment").stream()
                .map(e -> e.id().isEmpty() ? e.className() : e.id()).toList();
        assertThat(order).containsExactly("headline", "why", "narrative", "results", "warnings", "toc", "overview",
                "environment");
        assertThat(post.selectFirst("meta[name=description]").attr("content"))
                .startsWith("11.8: improved 3 of 3: db94f391be4e is 1.35–3.58 times as fast");
        // the gate's summary still follows the worst cell (exit code 3 here), a post's headline does not
        assertThat(VerdictTexts.sentences(SiteFixtures.goldenBranches(), Messages.english(), Formats.english()).get(1))
                .startsWith("REGRESSED (12.3)");
    }

    @Test
    void aCpuFrequencyTafDidNotTryToPinIsAnEnvironmentFactNotAWarning() throws Exception {
        RunRecord vm = withCpufreq(ResultsFixtures.small(), false, "not pinned: no cpufreq");
        Document post = post(vm);
        assertThat(post.select("section#warnings li").eachText()).noneMatch(w -> w.contains("CPU frequency"));
        assertThat(post.select("section#environment dd").eachText()).contains("not pinned: no cpufreq");
        // the text summary and JUnit still list it: they have no environment section
        assertThat(Warnings.of(vm, Messages.english())).contains("CPU frequency: not pinned: no cpufreq.");

        RunRecord failed = withCpufreq(ResultsFixtures.small(), false,
                "failed: /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor: cannot set performance");
        assertThat(post(failed).select("section#warnings li").eachText())
                .anyMatch(w -> w.startsWith("CPU frequency: failed: /sys/devices/system/cpu/cpu0"));
    }

    @Test
    void machineReadableTimesAreToTheSecond() throws Exception {
        RunRecord r = ResultsFixtures.small();
        RunRecord run = ResultsFixtures.copy(r, r.runId(), r.name(), Instant.parse("2026-11-30T01:42:14.557921929Z"),
                r.finishedAt(), r.status(), r.failure(), r.comparisons(), r.warnings());
        assertThat(post(run).selectFirst("p.meta time").attr("datetime")).isEqualTo("2026-11-30T01:42:14Z");
    }

    /**
     * Several comparisons are told apart by short labels, never cut where they differ: the comparison's
     * own label when it is short ("11.8"), else its name; a long label stays in the row's title.
     */
    @Test
    void theRatioChartNamesComparisonsByShortLabelsNeverCut() throws Exception {
        RunRecord r = SiteFixtures.goldenBranches();
        List<ComparisonRecord> cs = new ArrayList<>(r.comparisons());
        ComparisonRecord c = cs.get(0);
        String longLabel = "5e8996f182 vs 2443614d40 with innodb_buffer_pool_instances=8 and a long note";
        cs.set(0, new ComparisonRecord(c.name(), longLabel, c.parent(), c.patch(), c.cells()));
        RunRecord run = ResultsFixtures.copy(r, r.runId(), r.name(), r.startedAt(), r.finishedAt(), r.status(),
                r.failure(), cs, r.warnings());
        List<Element> labels = post(run).select("svg#glance-ratios text[text-anchor=end]");
        assertThat(labels.get(0).ownText()).isEqualTo("c11_8 POINTS-COVERED-PK@1");
        assertThat(labels.get(3).ownText()).isEqualTo("12.3 POINTS-COVERED-PK@1");
        assertThat(labels.stream().map(Element::ownText)).noneMatch(t -> t.contains("\u2026"));

        // one comparison: the table above names it, the rows are their cells
        Document single = post(ResultsFixtures.small());
        assertThat(single.select("svg#glance-ratios text[text-anchor=end]").eachText())
                .containsExactly("POINT_SELECT@2");
    }

    /** {@code -Dpatch.engine.X=N} alone: one setting only the patch names. The headline names it; it once threw. */
    @Test
    void aSettingOnlyThePatchNamesIsNamedInTheHeadline() throws Exception {
        RunRecord small = ResultsFixtures.small();
        ComparisonRecord c = small.comparisons().get(0);
        SideRecord p = c.parent();
        SideRecord parent = new SideRecord(p.role(), p.revision(), p.commit(), p.treeId(), null, Map.of(), p.build());
        SideRecord planted = new SideRecord(c.patch().role(), p.revision(), p.commit(), p.treeId(), null,
                Map.of("taf_statement_cpu_work", "280"), p.build());
        RunRecord run = ResultsFixtures.copy(small, small.runId(), small.name(), small.startedAt(), small.finishedAt(),
                small.status(), null, List.of(new ComparisonRecord(c.name(), c.label(), parent, planted, c.cells())),
                small.warnings());
        Document post = post(run);
        String answer = post.selectFirst("section.headline p.answer-text").text();
        assertThat(answer).contains("taf_statement_cpu_work=280").doesNotContain("null");
    }
}
