package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.Sites;

/**
 * The published site as committed, read as a reader would: every story on the index leads with its
 * headline and tells its story (no "was not found"), no number on any page is a percentage a reader
 * cannot use (+353891.0% was a counter that went from 0.005 to 17 a transaction), and every link of a kept
 * page (the power study) resolves, its chart included.
 */
class CommittedSiteTest {
    static final Path SITE = Path.of("../site");
    /** A signed or unsigned percentage as the site writes it: 12.5%, +1,234.5%, -3%, −7%. */
    private static final Pattern PERCENT = Pattern.compile("[+\\-\u2212]?\\d[\\d,]*(?:\\.\\d+)?%");
    /** Beyond this a percentage says less than a factor (×N) would. */
    private static final double MAX_PERCENT = 9_999;

    private static List<Path> pages() throws IOException {
        try (Stream<Path> s = Files.walk(SITE)) {
            return s.filter(p -> p.toString().endsWith(".html") || p.toString().endsWith(".xml")).sorted().toList();
        }
    }

    @Test
    void everyLinkOfAKeptPageResolves() throws IOException {
        assertThat(Sites.brokenLinks(SITE.toAbsolutePath().normalize())).filteredOn(l -> l.startsWith("pages/"))
                .isEmpty();
    }

    @Test
    void noPageSaysItsNarrativeWasNotFound() throws IOException {
        for (Path p : pages()) {
            assertThat(Files.readString(p)).as(p.toString()).doesNotContain("was not found when this post was made");
        }
    }

    @Test
    void noPercentageOnTheSiteIsBeyondTenThousand() throws IOException {
        List<String> wide = new ArrayList<>();
        for (Path p : pages()) {
            String text = Jsoup.parse(Files.readString(p)).text();
            Matcher m = PERCENT.matcher(text);
            while (m.find()) {
                double v = Double.parseDouble(m.group().replaceAll("[+\\-\u2212,%]", ""));
                if (v > MAX_PERCENT) {
                    wide.add(SITE.relativize(p) + ": " + m.group());
                }
            }
        }
        assertThat(wide).isEmpty();
    }

    /** A factor beyond a thousand ("×479,000") says only that one side was near zero: "new in patch" says it. */
    @Test
    void noFactorOnTheSiteIsBeyondAThousand() throws IOException {
        Pattern factor = Pattern.compile("[\u00d7\u00f7](\\d[\\d,]*(?:\\.\\d+)?)");
        List<String> wide = new ArrayList<>();
        for (Path p : pages()) {
            Matcher m = factor.matcher(Jsoup.parse(Files.readString(p)).text());
            while (m.find()) {
                if (Double.parseDouble(m.group(1).replace(",", "")) > 1_000) {
                    wide.add(SITE.relativize(p) + ": " + m.group());
                }
            }
        }
        assertThat(wide).isEmpty();
    }

    @Test
    void everyStoryLeadsWithItsHeadlineAndTellsItsStory() throws IOException {
        Document index = Jsoup.parse(SITE.resolve("index.html").toFile());
        List<String> posts = index.select("section.stories li.story h3 > a").eachAttr("href");
        assertThat(posts).as("the four stories").hasSize(4);
        for (String href : posts) {
            Document post = Jsoup.parse(SITE.resolve(href).toFile());
            Element headline = post.selectFirst("header.post-head section.headline");
            assertThat(headline).as(href).isNotNull();
            assertThat(headline.select("p.answer-text")).as(href).isNotEmpty();
            assertThat(post.selectFirst("section#narrative h2")).as(href + ": its narrative").isNotNull();
            assertThat(post.select("section#narrative p")).as(href).isNotEmpty();
        }
    }
}
