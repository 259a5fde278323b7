package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Markdown;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.Sites;
import org.taf.runner.results.ResultsFixtures;

/**
 * Markdown pages kept in the site: rendered in the site's frame, linked from the index, their own images kept and
 * published beside them, refused when bad.
 */
class SitePagesTest {
    @TempDir
    Path dir;

    @Test
    void aKeptPageIsRenderedUnderItsTitleAndListedOnTheIndex() throws Exception {
        Path site = dir.resolve("site");
        Path source = dir.resolve("power-study.md");
        Files.writeString(source, """

                # Power study: <false> alarms

                ## Results
                | budget | FP |
                |---|---:|
                | 10m | 0/400 |
                """);
        SitePublisher publisher = Sites.publisher(site);
        assertThat(publisher.keepPage(source)).isEqualTo("pages/power-study.html");
        publisher.publish(List.of(ResultsFixtures.small()));

        Document page = Sites.html(site.resolve("pages/power-study.html"));
        assertThat(page.title()).startsWith("Power study: <false> alarms");
        assertThat(page.select("article.page h1").text()).isEqualTo("Power study: <false> alarms");
        assertThat(page.select("article.page h2").text()).isEqualTo("Results");
        assertThat(page.select("td.num").text()).isEqualTo("0/400");
        assertThat(page.select("link[rel=stylesheet]").attr("href")).isEqualTo("../assets/taf.css");
        Document index = Sites.html(site.resolve("index.html"));
        assertThat(index.select("#pages-h + ul a").attr("href")).isEqualTo("pages/power-study.html");
        assertThat(index.select("#pages-h + ul a").text()).isEqualTo("Power study: <false> alarms");
    }

    @Test
    void anImageBesideThePageIsKeptAndPublishedBesideIt() throws Exception {
        Path site = dir.resolve("site");
        Path source = dir.resolve("study.md");
        Files.writeString(source, "# A study\n\n![the curve](curve.svg) ![a logo](https://example.org/logo.png)\n");
        Files.writeString(dir.resolve("curve.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
        SitePublisher publisher = Sites.publisher(site);
        publisher.keepPage(source);
        assertThat(site.resolve("data/pages/curve.svg")).hasSameTextualContentAs(dir.resolve("curve.svg"));
        Files.delete(dir.resolve("curve.svg")); // the site keeps its own copy
        publisher.publish(List.of(ResultsFixtures.small()));

        Document page = Sites.html(site.resolve("pages/study.html"));
        assertThat(page.select("article.page img").eachAttr("src")).containsExactly("curve.svg",
                "https://example.org/logo.png");
        assertThat(site.resolve("pages/curve.svg")).hasContent("<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        assertThat(Sites.brokenLinks(site)).isEmpty();
    }

    @Test
    void withoutPagesTheIndexHasNoPagesSection() throws Exception {
        Path site = dir.resolve("site");
        Sites.publish(site, List.of(ResultsFixtures.small()));
        assertThat(Sites.html(site.resolve("index.html")).select("#pages-h")).isEmpty();
        try (var pages = Files.list(site.resolve("pages"))) { // the glossary only: every site has it
            assertThat(pages.map(p -> p.getFileName().toString()).toList()).containsExactly("glossary.html");
        }
    }

    @Test
    void badPagesAreRefusedWithTheirFileAndNothingIsKept() throws Exception {
        Path site = dir.resolve("site");
        SitePublisher publisher = Sites.publisher(site);
        Path noTitle = dir.resolve("a.md");
        Files.writeString(noTitle, "text first\n# title later\n");
        assertThatThrownBy(() -> publisher.keepPage(noTitle)).isInstanceOf(ReportException.class)
                .hasMessage(noTitle + ": a page must start with a '# title' line");
        Path notMarkdown = dir.resolve("a.txt");
        Files.writeString(notMarkdown, "# t\n");
        assertThatThrownBy(() -> publisher.keepPage(notMarkdown)).hasMessageContaining("a.txt: a page is a Markdown"
                + " file ending in .md");
        Path badName = dir.resolve("bad name.md");
        Files.writeString(badName, "# t\n");
        assertThatThrownBy(() -> publisher.keepPage(badName)).hasMessageContaining("'bad name' cannot name a page");
        Path latin1 = dir.resolve("latin1.md");
        Files.write(latin1, new byte[] {'#', ' ', 'c', 'a', 'f', (byte) 0xE9, '\n'});
        assertThatThrownBy(() -> publisher.keepPage(latin1)).hasMessage(latin1 + ": not UTF-8 text");
        // an image that would not resolve on the site: missing, or not beside the page
        Path missing = dir.resolve("missing.md");
        Files.writeString(missing, "# A study\n\n![the curve](curve.svg)\n");
        assertThatThrownBy(() -> publisher.keepPage(missing)).isInstanceOf(ReportException.class)
                .hasMessage(dir.resolve("curve.svg") + ": no such file");
        Path elsewhere = dir.resolve("elsewhere.md");
        Files.writeString(elsewhere, "# A study\n\n![the curve](../curve.svg)\n");
        assertThatThrownBy(() -> publisher.keepPage(elsewhere)).hasMessage(elsewhere + ": image '../curve.svg': a"
                + " page's own image is a .svg, .png or .jpg file beside it");
        assertThat(site.resolve("data/pages")).doesNotExist();
    }
}
