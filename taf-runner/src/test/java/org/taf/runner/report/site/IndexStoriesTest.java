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

    @Test
    void withoutStoriesTheIndexIsAsBefore() throws Exception {
        Sites.publish(dir.resolve("site"), List.of(ResultsFixtures.small()));
        Document index = Sites.html(dir.resolve("site/index.html"));
        assertThat(index.select("section.stories")).isEmpty();
        assertThat(index.select("h2").eachText()).doesNotContain("All posts");
    }
}
