package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * The committed power study ({@code docs/benchmarks/power-study.md}, published as a page of the
 * site) answers its title question on its first screen: a short answer, the targets against the
 * latest results, and the power curve, all before the first dated study; every link inside the page
 * reaches a heading of it.
 */
class PowerStudyPageTest {
    private static final Path STUDY = Path.of("../docs/benchmarks/power-study.md");

    private static SitePages.Page page() throws Exception {
        return SitePages.parse("power-study", Files.readString(STUDY, StandardCharsets.UTF_8), STUDY.toString());
    }

    private static Document rendered() throws Exception {
        return Jsoup.parseBodyFragment(Markdown.toHtml(page().body(), 0, STUDY.toString(), 1));
    }

    @Test
    void theTargetsTableIsInTheMarkdownsFirst40Lines() throws Exception {
        List<String> first = Files.readAllLines(STUDY, StandardCharsets.UTF_8).subList(0, 40);
        int header = first.indexOf(first.stream().filter(l -> l.startsWith("| Target")).findFirst().orElse(""));
        assertThat(header).as("the targets table's header row within the first 40 lines").isBetween(1, 30);
        assertThat(first.get(header + 1)).startsWith("|---");
        long rows = first.stream().skip(header + 2).takeWhile(l -> l.startsWith("|")).count();
        assertThat(rows).as("rows of the targets table").isBetween(6L, 12L);
        assertThat(first.subList(0, header)).anyMatch(l -> l.startsWith("**In short:**"));
    }

    @Test
    void theAnswerTheTargetsAndTheChartComeBeforeTheFirstDatedStudy() throws Exception {
        Document doc = rendered();
        Element body = doc.body();
        List<Element> top = body.children().stream().takeWhile(e -> !e.tagName().equals("h2")).toList();
        assertThat(top).extracting(Element::tagName).startsWith("p", "div", "figure");
        assertThat(top.get(0).text()).startsWith("In short:");

        Element targets = top.get(1).selectFirst("table");
        assertThat(targets.select("thead th").eachText()).containsExactly("Target (issue)", "Latest result",
                "Measured (study)", "Met?");
        assertThat(targets.select("tbody tr")).hasSizeGreaterThanOrEqualTo(8);
        for (Element row : targets.select("tbody tr")) {
            assertThat(row.select("td")).hasSize(4);
            assertThat(row.select("td").get(2).text()).as(row.text()).matches("2026-\\d\\d-\\d\\d.*");
            assertThat(row.select("td").get(3).text()).as(row.text()).isNotBlank();
        }
        assertThat(targets.text()).contains("false regressions", "NO_CHANGE", "5% slowdown", "2% slowdown",
                "OLTP_RW", "Warm-up", "A/B pair");

        Element chart = top.get(2);
        assertThat(chart.hasClass("page-chart")).isTrue();
        assertThat(chart.select("svg title").text()).contains("REGRESSED");
        assertThat(chart.select("details thead th").eachText()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(chart.select("svg polyline")).hasSizeGreaterThanOrEqualTo(2);

        List<Element> h2 = body.select("h2");
        assertThat(h2.get(1).text()).as("the first dated study, the newest").startsWith("Tenth study (2026-12-04");
        assertThat(h2.get(h2.size() - 1).text()).startsWith("First study (2026-11-30)");
    }

    @Test
    void everyLinkWithinThePageReachesOneOfItsHeadings() throws Exception {
        Document doc = rendered();
        Set<String> ids = doc.select("[id]").eachAttr("id").stream().collect(Collectors.toSet());
        List<String> links = doc.select("a[href^=#]").eachAttr("href");
        assertThat(links).hasSizeGreaterThanOrEqualTo(10);
        assertThat(links.stream().map(h -> h.substring(1))).allMatch(ids::contains, "an id of the page");
        // the studies list links each dated study, newest first
        assertThat(doc.select("h2:contains(newest first) + ul > li > a").eachText()).hasSize(10)
                .first().asString().startsWith("Tenth");
    }
}
