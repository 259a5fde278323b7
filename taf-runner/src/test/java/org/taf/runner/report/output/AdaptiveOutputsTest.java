package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Sites;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/** Pairs used, why measuring stopped, the adaptive loop and the planned MDE reach the JUnit XML and the post. */
class AdaptiveOutputsTest {
    @TempDir
    Path dir;

    @Test
    void junitXmlCarriesTheLoopAndBothMdes() throws Exception {
        String xml = JUnitXmlWriter.render(ResultsFixtures.small());
        JUnitXmlWriterTest.validate(xml);
        assertThat(xml).contains("<property name=\"adaptive\" value=\"Adaptive loop: 0 extra A/B pairs in 0 s of a"
                + " 600 s budget; stopped: decided; each look at level 0.0136.\"/>");
        assertThat(xml).contains("pairs 2, stopped: decided\n");
        assertThat(xml).contains("MDE 4.1% (from this run's spread); before measuring: 10.7% with 2 pairs (4.5% with 20"
                + " pairs if the adaptive loop needs them)\n");
    }

    @Test
    void thePostShowsTheLoopAndThePlannedMde() throws Exception {
        RunRecord run = ResultsFixtures.small();
        SitePublisher.Published site = Sites.publish(dir, List.of(run));
        Document post = Sites.html(Sites.post(site, run));
        assertThat(post.select("ul.highlights li").eachText()).contains("Adaptive loop: 0 extra A/B pairs in 0 s of a"
                + " 600 s budget; stopped: decided; each look at level 0.0136.");
        assertThat(post.select("dt:containsOwn(planned before measuring) + dd").text())
                .isEqualTo("10.7% with 2 pairs (4.5% with 20 pairs if the adaptive loop needs them)");
        assertThat(post.select("dt:containsOwn(A/B pairs used) + dd").text()).isEqualTo("2");
        assertThat(post.text()).contains("these cells could not detect a change as small as the fail threshold");
    }

    @Test
    void olderResultsShowNoLoopAndADash() throws Exception {
        RunRecord run = ResultsFixtures.smallBeforeAdaptive();
        String xml = JUnitXmlWriter.render(run);
        assertThat(xml).doesNotContain("name=\"adaptive\"").contains("before measuring: \u2014");
        SitePublisher.Published site = Sites.publish(dir, List.of(run));
        Document post = Sites.html(Sites.post(site, run));
        assertThat(post.select("ul.highlights li").eachText()).noneMatch(t -> t.startsWith("Adaptive loop"));
    }
}
