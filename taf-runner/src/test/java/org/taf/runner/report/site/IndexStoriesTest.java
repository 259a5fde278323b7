package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/** The index leads with the site's stories: the newest post of each story definition, in post.story's order. */
class IndexStoriesTest {
    @TempDir
    Path dir;

    /** {@code r} renamed and restarted, with {@code post.story} set (or not, with null). */
    private static RunRecord run(RunRecord r, String name, Instant start, String story) {
        List<SettingRecord> settings = new ArrayList<>(r.definition().settings());
        if (story != null) {
            settings.add(new SettingRecord("post.story", story, name + ".properties:3"));
        }
        DefinitionRecord d = r.definition();
        RunRecord copy = ResultsFixtures.copy(
                r,
                start.toString().replaceAll("[^0-9]", "").substring(0, 14) + "-" + name,
                name,
                start,
                start.plusSeconds(600),
                r.status(),
                r.failure(),
                r.comparisons(),
                r.warnings());
        return new RunRecord(copy.formatVersion(), copy.runId(), copy.name(), copy.comments(), copy.startedAt(),
                copy.finishedAt(), copy.status(), copy.failure(), copy.runnerVersion(),
                new DefinitionRecord(d.file(), d.sourceText(), settings, d.command()), copy.environment(),
                copy.comparisons(), copy.warnings(), copy.plannedMde(), copy.adaptive(), copy.judgement());
    }

    @Test
    void theNewestPostOfEachStoryLeadsInItsOrderWithItsAnswers() throws Exception {
        Instant t = Instant.parse("2026-12-01T10:00:00Z");
        RunRecord small = ResultsFixtures.small();
        RunRecord branches = SiteFixtures.goldenBranches();
        List<RunRecord> runs = List.of(
                run(small, "second-story", t, "2"),
                run(branches, "first-story", t.plusSeconds(3600), "1"),
                run(small, "first-story", t.minusSeconds(3600), "1"), // older: not the story's post
                run(small, "ordinary", t.plusSeconds(7200), null));
        Sites.publish(dir.resolve("site"), runs);
        Document index = Sites.html(dir.resolve("site/index.html"));
        List<Element> stories = index.select("section.stories li.story");
        assertThat(stories).hasSize(2);
        assertThat(stories.get(0).selectFirst("h3 a").attr("href"))
                .isEqualTo("posts/" + runs.get(1).runId() + "/index.html");
        assertThat(stories.get(1).selectFirst("h3 a").attr("href"))
                .isEqualTo("posts/" + runs.get(0).runId() + "/index.html");
        // the first story's headlines: one per comparison, each to its clearest cell in the post
        List<Element> answers = stories.get(0).select("p.answer-text");
        assertThat(answers).hasSize(4);
        assertThat(stories.get(0).select("p.answer-name").eachText()).startsWith("11.8");
        assertThat(answers.get(0).text()).contains("times as fast", "(64 threads: 17,185 → 61,456 TPS");
        assertThat(answers.get(0).selectFirst(".badge").text()).isEqualTo("improved 3 of 3");
        String href = answers.get(0).selectFirst("a").attr("href");
        assertThat(href).startsWith("posts/" + runs.get(1).runId() + "/index.html#c-");
        Document post = Sites.html(dir.resolve("site").resolve(href.substring(0, href.indexOf('#'))));
        assertThat(post.getElementById(href.substring(href.indexOf('#') + 1))).isNotNull();
        // the older run of the first story: listed under it as an earlier run, and marked superseded
        List<Element> earlier = stories.get(0).select("details.earlier li");
        assertThat(earlier).hasSize(1);
        assertThat(earlier.get(0).selectFirst("a").attr("href"))
                .isEqualTo("posts/" + runs.get(2).runId() + "/index.html");
        assertThat(stories.get(1).select("details.earlier")).isEmpty();
        Document old = Sites.html(dir.resolve("site/posts/" + runs.get(2).runId() + "/index.html"));
        assertThat(old.selectFirst("p.superseded a").attr("href"))
                .isEqualTo("../../posts/" + runs.get(1).runId() + "/index.html");
        assertThat(index.select("a.badge").eachAttr("href"))
                .containsExactly("posts/" + runs.get(1).runId() + "/index.html");
        // every post is still listed below, newest first
        assertThat(index.select("ol.posts > li.post-entry:not(.story)")).hasSize(4);
        assertThat(index.selectFirst("section.stories").elementSiblingIndex())
                .isLessThan(index.selectFirst("ol.posts:not(section.stories ol)").elementSiblingIndex());
    }

    /** {@code r} measured on a host whose CPU is {@code cpu}. */
    private static RunRecord onCpu(RunRecord r, String cpu) {
        EnvironmentRecord e = r.environment();
        return new RunRecord(r.formatVersion(), r.runId(), r.name(), r.comments(), r.startedAt(), r.finishedAt(),
                r.status(), r.failure(), r.runnerVersion(), r.definition(), new EnvironmentRecord(e.host(), cpu,
                e.sockets(), e.cores(), e.threads(), e.memoryBytes(), e.os(), e.kernel(), e.jvm(), e.engineJvm(),
                e.runtime(), e.engineCpuset(), e.clientCpuset(), e.cpufreq(), e.cpuIdle()), r.comparisons(),
                r.warnings(), r.plannedMde(), r.adaptive(), r.judgement());
    }

    /**
     * Every older run of a story, a run from before its definition was a story among them, is marked superseded and
     * links to the newest, on the index and in its post; the newest post lists them, newest first, each with what it
     * did otherwise in plain words, a change of host first.
     */
    @Test
    void everyEarlierRunIsMarkedSupersededAndSaysWhatItDidOtherwise() throws Exception {
        Instant t = Instant.parse("2026-12-04T15:00:00Z");
        RunRecord small = ResultsFixtures.small();
        RunRecord newest = onCpu(run(small, "make-young", t, "1"), "Intel(R) Xeon(R) Processor");
        RunRecord earlier = onCpu(run(small, "make-young", t.minusSeconds(86_400), "1"), "AMD EPYC");
        RunRecord beforeStory = onCpu(run(small, "make-young", t.minusSeconds(2 * 86_400), null), "AMD EPYC");
        Sites.publish(dir.resolve("site"), List.of(beforeStory, newest, earlier));
        Document index = Sites.html(dir.resolve("site/index.html"));

        List<Element> lines = index.select("section.stories details.earlier li");
        assertThat(lines).extracting(l -> l.selectFirst("a").attr("href")).containsExactly(
                "posts/" + earlier.runId() + "/index.html", "posts/" + beforeStory.runId() + "/index.html");
        assertThat(lines).allSatisfy(l -> assertThat(l.text())
                .contains("Against the newest: on AMD EPYC instead of Intel Xeon").doesNotContain(" = "));
        for (RunRecord old : List.of(earlier, beforeStory)) {
            Element entry = index.select("ol.posts > li.post-entry:not(.story)").stream()
                    .filter(e -> e.selectFirst("code").text().equals(old.runId())).findFirst().orElseThrow();
            Element badge = entry.selectFirst("a.badge");
            assertThat(badge.text()).as(old.runId()).isEqualTo("superseded by the run of 2026-12-04 15:00 UTC");
            assertThat(badge.attr("href")).isEqualTo("posts/" + newest.runId() + "/index.html");
            Document post = Sites.html(dir.resolve("site/posts/" + old.runId() + "/index.html"));
            assertThat(post.selectFirst("p.superseded a").attr("href"))
                    .isEqualTo("../../posts/" + newest.runId() + "/index.html");
        }

        Document post = Sites.html(dir.resolve("site/posts/" + newest.runId() + "/index.html"));
        assertThat(post.select("p.superseded")).isEmpty();
        List<Element> listed = post.select("section#earlier li");
        assertThat(listed).extracting(l -> l.selectFirst("a").attr("href")).containsExactly(
                "../../posts/" + earlier.runId() + "/index.html", "../../posts/" + beforeStory.runId() + "/index.html");
        assertThat(listed.get(0).text()).contains("Against this run: on AMD EPYC instead of Intel Xeon.");
        assertThat(post.select("nav.toc a[href=#earlier]")).hasSize(1);
        // the earlier post lists the one before it, said against itself: the same host
        Document middle = Sites.html(dir.resolve("site/posts/" + earlier.runId() + "/index.html"));
        assertThat(middle.select("section#earlier li")).singleElement()
                .satisfies(l -> assertThat(l.text()).contains("Against this run: the same setup."));
        assertThat(Sites.html(dir.resolve("site/posts/" + beforeStory.runId() + "/index.html"))
                .select("section#earlier")).isEmpty();
    }

    @Test
    void withoutStoriesTheIndexIsAsBefore() throws Exception {
        Sites.publish(dir.resolve("site"), List.of(ResultsFixtures.small()));
        Document index = Sites.html(dir.resolve("site/index.html"));
        assertThat(index.select("section.stories")).isEmpty();
        assertThat(index.select("h2").eachText()).doesNotContain("All posts");
    }
}
