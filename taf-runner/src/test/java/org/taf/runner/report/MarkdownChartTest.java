package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.Golden;

/**
 * Charts written into a page ({@code ```chart} blocks): the figure they render to, sealed by a golden
 * file; a block that cannot be drawn is an error naming its line; page text stays text; and headings
 * of a page get GitHub's anchors. Regenerate the golden file with {@code -Dtaf.golden.update=true}.
 */
class MarkdownChartTest {
    private static final String REGENERATE = "mvn -pl taf-runner -am test -Dtest=MarkdownChartTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";

    private static final String CHART = """
        Before the chart.

        ```chart
        title: Comparisons called REGRESSED, by slowdown <script>
        x: slowdown of TPS (%)
        y: called REGRESSED (%)
        y-max: 100
        series: restart = restart pairs & 10 s windows
        series: alt = alternating "5 × 2 s" windows, JIT warm-up (2026-12-03)
        mark-y: 90 = target: 90%
        caption: From [the pools](#the-pools) and <b>the rates</b>;
        caption: [no](javascript:alert(1)) script.

        slowdown, restart, alt
        -0.85, 0, -
        0.1, -, 0
        2.02, 0.5, -
        2.7, -, 6.5
        4.0, -, 100
        7.87, 100, -
        ```

        After.
        """;

    @Test
    void aChartBlockRendersToTheGoldenFigureWhateverTheLocale() throws Exception {
        Locale locale = Locale.getDefault();
        String html;
        try {
            Locale.setDefault(Locale.GERMANY); // a decimal comma, were anything formatted by the default locale
            html = Markdown.toHtml(CHART, 0);
        } finally {
            Locale.setDefault(locale);
        }
        Golden.assertMatches(Golden.file("report/chart-block.html"), html, REGENERATE);
        assertThat(Markdown.toHtml(CHART, 0)).isEqualTo(html);
    }

    @Test
    void theFigureCarriesAnAccessibleSvgTheDataAsATableAndTheCaption() {
        Document doc = Jsoup.parseBodyFragment(Markdown.toHtml(CHART, 0));
        Element figure = doc.selectFirst("figure.page-chart");
        assertThat(figure).isNotNull();
        assertThat(doc.select("p").first().text()).isEqualTo("Before the chart.");
        assertThat(doc.select("p").last().text()).isEqualTo("After.");
        assertThat(doc.select("pre")).isEmpty();

        Element svg = figure.selectFirst("svg");
        assertThat(svg.attr("role")).isEqualTo("img");
        assertThat(svg.attr("aria-labelledby")).isEqualTo("chart-1-t chart-1-d");
        assertThat(svg.selectFirst("title#chart-1-t").text())
                .isEqualTo("Comparisons called REGRESSED, by slowdown <script>");
        assertThat(svg.selectFirst("desc#chart-1-d").text())
                .contains("restart pairs & 10 s windows: 0 at \u22120.85, 0.5 at 2.02, 100 at 7.87.")
                .contains("6.5 at 2.7, 100 at 4.")
                .contains("A line at 90: target: 90%.");
        // one polyline per series, a marker per point (3 + 3) and 2 in the legend
        assertThat(svg.select("polyline")).hasSize(2);
        assertThat(svg.select("circle, rect[width=8], polygon")).hasSize(3 + 3 + 2);
        assertThat(svg.select("text").eachText()).contains("restart pairs & 10 s windows", "target: 90%",
                "slowdown of TPS (%)", "called REGRESSED (%)", "100", "\u22122");

        assertThat(figure.selectFirst("figcaption").text())
                .isEqualTo("Comparisons called REGRESSED, by slowdown <script>");
        Element note = figure.selectFirst(".note");
        assertThat(note.selectFirst("a").attr("href")).isEqualTo("#the-pools");
        assertThat(note.text()).contains("<b>the rates</b>; no script.");
        assertThat(note.select("a")).hasSize(1);

        Element table = figure.selectFirst("details table");
        assertThat(table.select("thead th").eachText()).containsExactly("slowdown", "restart pairs & 10 s windows",
                "alternating \"5 × 2 s\" windows, JIT warm-up (2026-12-03)");
        assertThat(table.select("tbody tr").first().select("td").eachText()).containsExactly("-0.85", "0", "\u2013");
        assertThat(table.select("tbody tr")).hasSize(6);
    }

    @Test
    void pageTextInAChartStaysText() {
        String html = Markdown.toHtml(CHART, 0);
        assertThat(html).doesNotContain("<script", "<b>", "javascript").contains("&lt;script&gt;", "&lt;b&gt;");
        Document doc = Jsoup.parseBodyFragment(html);
        assertThat(doc.select("script, b, [onload], [onerror]")).isEmpty();
    }

    @Test
    void theDrawingStaysLegibleOnAPhone() {
        Element svg = Jsoup.parseBodyFragment(Markdown.toHtml(CHART, 0)).selectFirst("svg");
        Matcher box = Pattern.compile("0 0 (\\d+) (\\d+)").matcher(svg.attr("viewBox"));
        assertThat(box.matches()).isTrue();
        double units = Double.parseDouble(box.group(1));
        double font = Double.parseDouble(svg.attr("font-size"));
        // a 390 px wide page shows it in its 350 px column (20 px of margin either side)
        assertThat(font * 350 / units).as("text size in px on a 390 px phone").isGreaterThanOrEqualTo(11);
        assertThat(svg.select("[font-size]").eachAttr("font-size")).containsOnly(svg.attr("font-size"));
        assertThat(svg.attr("class")).contains("chart"); // width: 100% of the column, so no overflow
        assertThat(svg.attr("style")).isEqualTo("max-width: 520px");
    }

    @Test
    void chartsAndHeadingsOfAPageGetDistinctIds() {
        String html = Markdown.toHtml("""
            ## Chart 1

            ```chart
            title: One point
            x: x (s)
            y: y (%)
            series: a = only a

            x, a
            3, 50
            ```

            ## Chart 1
            """, 0);
        Document doc = Jsoup.parseBodyFragment(html);
        assertThat(doc.select("h2").eachAttr("id")).containsExactly("chart-1", "chart-1-2");
        assertThat(doc.selectFirst("svg").id()).isEqualTo("chart-1-1");
        // a lone point is drawn as a marker, without a line
        assertThat(doc.select("svg polyline")).isEmpty();
        assertThat(doc.select("svg circle")).hasSize(2);
    }

    @Test
    void aPageGetsGitHubsHeadingAnchorsAndANarrativeNone() {
        String html = Markdown.toHtml("""
            ## Seventh study (2026-12-03, 14:23-15:44 UTC): 1 s windows, NO_CHANGE by two one-sided tests
            ### Pools measured parent first (`measure.order = interleaved`)
            ### Against issue 18's targets
            ### Against issue 18's targets
            """, 0);
        assertThat(Jsoup.parseBodyFragment(html).select("h2, h3").eachAttr("id")).containsExactly(
                "seventh-study-2026-12-03-1423-1544-utc-1-s-windows-no_change-by-two-one-sided-tests",
                "pools-measured-parent-first-measureorder--interleaved",
                "against-issue-18s-targets", "against-issue-18s-targets-1");
        assertThat(Markdown.toHtml("## Results\n")).isEqualTo("<h4>Results</h4>\n");
    }

    @Test
    void aFencedBlockWithAnotherInfoStringStaysCode() {
        assertThat(Markdown.toHtml("```charts\ntitle: x\n```\n")).isEqualTo(
                "<pre><code class=\"language-charts\">title: x\n</code></pre>\n");
    }

    private static String block(String header, String table) {
        return "Intro.\n\n```chart\n" + header + "\n\n" + table + "\n```\n";
    }

    private static final String HEADER = "title: T\nx: x (s)\ny: y (%)\nseries: a = A\nseries: b = B";

    @Test
    void aValueThatIsNotANumberIsRefusedWithItsLine() {
        // the fence is line 3, the header lines 4-8, a blank line 9, the table from line 10
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1, 2, 3\n2, 1,5 %, 4"), 0))
                .isInstanceOf(ReportException.class)
                .hasMessage("line 12: chart block (opened at line 3): the row has 4 cells, the table's first row 3"
                        + " (x, a, b)");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1, 2, 3\n2, 1.5%, 4"), 0))
                .isInstanceOf(ReportException.class)
                .hasMessage("line 12: chart block (opened at line 3): a: '1.5%' is not a number (plain decimals such"
                        + " as -12.5; '-' for no point)");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1,5, 2, 3"), 0))
                .hasMessageContaining("line 11: ").hasMessageContaining("the row has 4 cells");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1e3, 2, 3"), 0))
                .hasMessageContaining("line 11: ").hasMessageContaining("x: '1e3' is not a number");
    }

    @Test
    void aRaggedRowIsRefusedWithItsLine() {
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1, 2, 3\n2, 4\n3, 5, 6"), 0))
                .isInstanceOf(ReportException.class)
                .hasMessage("line 12: chart block (opened at line 3): the row has 2 cells, the table's first row 3"
                        + " (x, a, b)");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x\ta\tb\n1\t2\t3\t\n"), 0))
                .hasMessageContaining("line 11: ").hasMessageContaining("the row has 4 cells");
    }

    @Test
    void anUnknownOrMissingSeriesIsRefused() {
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, c\n1, 2, 3"), 0))
                .isInstanceOf(ReportException.class)
                .hasMessage("line 10: chart block (opened at line 3): unknown series 'c' in the table's first row"
                        + " (declared: a, b)");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a\n1, 2"), 0))
                .hasMessageContaining("line 10: ").hasMessageContaining("series 'b' is declared but has no column");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1, 2, -\n2, 3, -"), 0))
                .hasMessageContaining("series 'b' has no point");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER + "\nseries: a = again", "x, a, b\n1, 2, 3"), 0))
                .hasMessageContaining("line 9: ").hasMessageContaining("series 'a' is declared twice");
    }

    @Test
    void aBadHeaderIsRefusedWithItsLine() {
        assertThatThrownBy(() ->
                        Markdown.toHtml(block("title: T\nx: x\ncolour: red\ny: y\nseries: a = A", "x, a\n1, 2"), 0))
                .hasMessage("line 6: chart block (opened at line 3): unknown key 'colour' (a chart block knows title,"
                        + " x, y, series, caption, x-min, x-max, y-min, y-max, mark-y)");
        assertThatThrownBy(() -> Markdown.toHtml(block("x: x\ny: y\nseries: a = A", "x, a\n1, 2"), 0))
                .hasMessageContaining("line 4: ").hasMessageContaining("'title:' is missing");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER + "\ny-max: 100", "x, a, b\n1, 2, 300"), 0))
                .hasMessageContaining("line 12: ").hasMessageContaining("b 300 lies outside y-min/y-max");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1, 2, 3\n1.0, 3, 4"), 0))
                .hasMessageContaining("line 12: ").hasMessageContaining("x 1.0 has a row already");
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER + "\ncaption: # A heading", "x, a, b\n1, 2, 3"), 0))
                .hasMessageContaining("its caption must be text");
        assertThatThrownBy(() -> Markdown.toHtml("```chart\n```\n", 0)).hasMessageContaining("'title:' is missing");
    }

    @Test
    void readFromAFileTheErrorNamesTheFileAndItsLine() {
        // a page's body starts after its title line: line 1 of the body is line 2 of the file
        assertThatThrownBy(() -> Markdown.toHtml(block(HEADER, "x, a, b\n1, 2, x"), 0, "docs/benchmarks/study.md", 1))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith(
                        "docs/benchmarks/study.md:12: chart block (opened at line 4): b: 'x' is not a number");
    }
}
