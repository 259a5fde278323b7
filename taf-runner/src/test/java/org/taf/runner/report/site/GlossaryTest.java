package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Messages;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Sites;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.stats.Verdict;

/**
 * Every site has a glossary, rendered like its other pages from the runner's own Markdown
 * ({@code templates/glossary.md}), and every page links it: a reader who meets "decided", "A/A" or
 * "NOISY_SPELL" in a post is one click from what it means. Every verdict and every flag a post can show has its
 * entry, so a new one cannot ship without its words.
 */
class GlossaryTest {
    @TempDir
    Path dir;

    private static List<Path> pages(Path site) throws Exception {
        try (Stream<Path> s = Files.walk(site)) {
            return s.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }

    @Test
    void everyPageOfTheSiteLinksTheGlossaryAndItsLinksResolve() throws Exception {
        Path site = dir.resolve("site");
        Sites.publish(site, SiteFixtures.history());
        assertThat(site.resolve(SitePaths.GLOSSARY)).isRegularFile();
        List<Path> pages = pages(site);
        assertThat(pages).as("posts, the index, histories, the Regressions page").hasSizeGreaterThan(5);
        for (Path page : pages) {
            Document doc = Sites.html(page);
            String href = doc.select("header.site nav a").stream().filter(a -> a.text().equals("Glossary"))
                    .map(a -> a.attr("href")).findFirst().orElse(null);
            assertThat(href).as(site.relativize(page) + " links the glossary").isNotNull();
            assertThat(page.getParent().resolve(href).normalize()).isEqualTo(site.resolve(SitePaths.GLOSSARY));
        }
        // the posts' own links into it (how TAF decides, from the results table) land on a heading
        assertThat(Sites.brokenLinks(site.toAbsolutePath().normalize())).isEmpty();
        assertThat(Sites.html(pages.stream().filter(p -> p.toString().contains("/posts/")).findFirst().orElseThrow())
                .select("a[href$=glossary.html#how-taf-decides]")).isNotEmpty();
    }

    @Test
    void itExplainsEveryWordAPostUsesPlainWordsFirst() throws Exception {
        Path site = dir.resolve("site");
        Sites.publish(site, List.of(SiteFixtures.goldenBranches()));
        Document glossary = Sites.html(site.resolve(SitePaths.GLOSSARY));
        assertThat(glossary.selectFirst("h1").text()).isEqualTo("Glossary: the words of a post");
        List<String> terms = glossary.select("h3").eachText();
        assertThat(terms).contains("decided", "inconclusive", "no change", "not worse", "regressed", "A/A", "pair",
                "gate", "main job", "MDE", "interval", "new in patch, gone in patch", "moved against the verdict");
        Messages m = Messages.english();
        for (Verdict v : Verdict.values()) {
            String word = m.get("verdict." + v);
            assertThat(terms).as(word).anyMatch(t -> List.of(t.split(", ")).contains(word));
        }
        for (IterationFlag f : IterationFlag.values()) {
            assertThat(terms).as("flag " + f).contains(f.name());
        }
        // the one level every post states, and why each look's own is wider
        assertThat(glossary.getElementById("how-taf-decides")).isNotNull();
        assertThat(glossary.text()).contains("Every interval on this site is a 95% interval",
                "All the looks together then hold at 95%");
    }

    @Test
    void aKeptPageCannotTakeTheGlossarysName() throws Exception {
        Path source = dir.resolve("glossary.md");
        Files.writeString(source, "# My glossary\n\ntext\n");
        assertThatThrownBy(() -> Sites.publisher(dir.resolve("site")).keepPage(source))
                .isInstanceOf(ReportException.class).hasMessageContaining("'glossary' is the site's own page");
    }
}
