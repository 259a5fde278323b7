package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.Golden;
import org.taf.runner.report.Markdown;
import org.taf.runner.report.Palette;
import org.taf.runner.report.Svg;
import org.taf.runner.report.chart.LineChart;
import org.taf.runner.report.chart.Series;

/**
 * The committed power study ({@code docs/benchmarks/power-study.md}, published as a page of the
 * site) answers its title question on its first screen: a short answer, the targets against the
 * latest results, and the power curve, all before the first dated study; every link inside the page
 * reaches a heading of it. The power curve is an image beside the page, drawn by the site's line chart
 * from the study's numbers ({@code power-study-detection.csv}); regenerate it with
 * {@code -Dtaf.golden.update=true} when they change.
 */
class PowerStudyPageTest {
    private static final Path STUDY = Path.of("../docs/benchmarks/power-study.md");
    private static final Path CURVE_DATA = Path.of("../docs/benchmarks/power-study-detection.csv");
    private static final Path CURVE = Path.of("../docs/benchmarks/power-study-detection.svg");
    private static final String REGENERATE = "mvn -pl taf-runner -am test -Dtest=PowerStudyPageTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";
    private static final String TITLE = "Called REGRESSED in a 10-minute budget, by slowdown";
    /** The CSV's columns after the slowdown, as the legend names them. */
    private static final List<String> SERIES = List.of("restart pairs, 10 s windows (2026-11-30)",
            "alternating 5 \u00d7 2 s windows, JIT warm-up (2026-12-03)");

    private static SitePages.Page page() throws Exception {
        return SitePages.parse("power-study", Files.readString(STUDY, StandardCharsets.UTF_8), STUDY.toString());
    }

    private static Document rendered() throws Exception {
        return Jsoup.parseBodyFragment(Markdown.toHtml(page().body(), 0));
    }

    /** Each series' points, from the CSV: x is the slowdown, an empty cell no point. */
    private static List<List<Series.Point>> points() throws Exception {
        List<String> rows = Files.readAllLines(CURVE_DATA, StandardCharsets.UTF_8);
        List<List<Series.Point>> points = List.of(new ArrayList<>(), new ArrayList<>());
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",", -1);
            for (int s = 0; s < SERIES.size(); s++) {
                if (!cells[s + 1].isEmpty()) {
                    points.get(s).add(new Series.Point(Double.parseDouble(cells[0]), Double.parseDouble(cells[s + 1])));
                }
            }
        }
        return points;
    }

    @Test
    void thePowerCurveIsDrawnFromTheStudysNumbers() throws Exception {
        List<List<Series.Point>> points = points();
        StringBuilder desc = new StringBuilder("x: slowdown of TPS in the pool's own pairs (%);"
                + " y: called REGRESSED (%).");
        for (int s = 0; s < SERIES.size(); s++) {
            desc.append(' ').append(SERIES.get(s)).append(": ").append(String.join(", ", points.get(s).stream()
                    .map(p -> Svg.num(p.y()) + " at " + Svg.num(p.x())).toList())).append('.');
        }
        DoubleFunction<String> signed = v -> Svg.num(v).replace('-', '\u2212');
        String svg = LineChart.of("power-curve", TITLE, desc.append(" A line at 90: the target.").toString())
                .size(420, 320)
                .xAxis("slowdown of TPS in the pool's own pairs (%)", LineChart.XScale.LINEAR, signed)
                .xDomain(-2, 10)
                .xTicks(List.of(-2.0, 0.0, 2.0, 4.0, 6.0, 8.0, 10.0))
                .yAxis("called REGRESSED (%)", Svg::num)
                .add(Series.line(SERIES.get(0), Palette.cycle(0), points.get(0)).withShape(Series.Shape.DOT))
                .add(Series.line(SERIES.get(1), Palette.cycle(1), points.get(1)).asDashed()
                        .withShape(Series.Shape.SQUARE))
                .add(Series.line("target: 90%", Palette.MARK, List.of(new Series.Point(-2, 90),
                        new Series.Point(10, 90))).asDashed())
                .svg();
        Golden.assertMatches(CURVE, svg + "\n", REGENERATE);
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
        assertThat(top).extracting(Element::tagName).startsWith("p", "div", "p", "p");
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

        Element chart = top.get(2).selectFirst("img");
        assertThat(chart.attr("src")).isEqualTo(CURVE.getFileName().toString());
        for (List<Series.Point> series : points()) { // the text alternative holds every point
            series.forEach(p -> assertThat(chart.attr("alt")).contains(Svg.num(p.y()) + " at " + Svg.num(p.x())));
        }

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
