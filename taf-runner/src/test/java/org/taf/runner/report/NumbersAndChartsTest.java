package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.chart.ForestChart;
import org.taf.runner.report.chart.LineChart;
import org.taf.runner.report.chart.Series;
import org.taf.runner.results.EnvironmentRecord;
import org.xml.sax.InputSource;

/** Display numbers (medians, used cores, formats) and the SVG charts as XML. */
public class NumbersAndChartsTest {
    public static org.w3c.dom.Document xml(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
    }

    @Test
    void mediansCpusetsAndUsedCores() {
        assertThat(IterationNumbers.median(List.of(3.0, 1.0, 2.0)).getAsDouble()).isEqualTo(2.0);
        assertThat(IterationNumbers.median(List.of(4.0, 1.0, 2.0, 3.0)).getAsDouble()).isEqualTo(2.5);
        assertThat(IterationNumbers.median(List.of())).isEmpty();
        assertThat(IterationNumbers.cpusetSize("0-3,8")).isEqualTo(5);
        assertThat(IterationNumbers.cpusetSize("")).isZero();
        assertThat(IterationNumbers.cpusetSize("3-1")).isZero();
        assertThat(IterationNumbers.cpusetSize("x")).isZero();
        EnvironmentRecord pinned = new EnvironmentRecord("h", "c", 1, 8, 16, 1, "os", "k", "j", null, "process", "2-5",
                "", null, null);
        assertThat(IterationNumbers.usedCores(64, pinned)).isEqualTo(4);
        assertThat(IterationNumbers.usedCores(2, pinned)).isEqualTo(2);
        assertThat(IterationNumbers.usedCores(64, SiteFixtures.branches().environment())).isEqualTo(64);
    }

    @Test
    void formatsFollowTheEditionsLocaleNotTheMachines() {
        Formats en = Formats.english();
        assertThat(en.tps(17_925.4)).isEqualTo("17,925");
        assertThat(en.tps(42.25)).isEqualTo("42.3");
        assertThat(en.tps(null)).isEqualTo("\u2014");
        assertThat(en.change(1.0523)).isEqualTo("+5.2%");
        assertThat(en.change(0.9)).isEqualTo("-10.0%");
        assertThat(en.change(1.00001)).isEqualTo("0.0%");
        assertThat(en.compact(2500)).isEqualTo("2.5k");
        assertThat(en.gib(134_196_805_222L)).isEqualTo("124.98 GiB");
        assertThat(en.pValue(0.0001)).isEqualTo("< 0.001");
        Formats ru = new Formats(Locale.forLanguageTag("ru"));
        assertThat(ru.tps(17_925.0)).isEqualTo("17\u00a0925");
        assertThat(ru.ratio(3.5)).isEqualTo("3,500");
    }

    @Test
    void lineChartsAreWellFormedAccessibleSvgWithEscapedText() throws Exception {
        String svg = LineChart.of("c1", "TPS <b>&", "desc \"quoted\"")
                .xAxis("threads", LineChart.XScale.LOG2, v -> String.valueOf((int) v))
                .yAxis("transactions per second", Formats.english()::compact)
                .add(Series.line("parent <script>", "#000", List.of(new Series.Point(1, 10), new Series.Point(64, 90)))
                        .asDashed().withShape(Series.Shape.RING))
                .add(Series.line("empty", "#111", List.of()))
                .marker(new LineChart.Marker(8, "cut", "#222"))
                .svg();
        var doc = xml(svg);
        var root = doc.getDocumentElement();
        assertThat(root.getAttribute("xmlns")).isEqualTo("http://www.w3.org/2000/svg");
        assertThat(root.getAttribute("aria-labelledby")).isEqualTo("c1-t c1-d");
        assertThat(doc.getElementsByTagName("title").item(0).getTextContent()).isEqualTo("TPS <b>&");
        assertThat(svg).contains("parent &lt;script&gt;").doesNotContain("<script").doesNotContain(">empty<");
        List<String> texts = new java.util.ArrayList<>();
        var nodes = doc.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        assertThat(texts).contains("1", "8", "64", "threads", "transactions per second", "cut", "0", "100");
        assertThat(svg).doesNotContain("NaN").doesNotContain("Infinity");
    }

    @Test
    void downsamplingKeepsLongSeriesSmallAndForestChartsHandleMissingValues() throws Exception {
        List<Series.Point> many = new java.util.ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            many.add(new Series.Point(i, 100 + (i % 2)));
        }
        String svg = LineChart.of("big", "t", "d").add(Series.line("s", "#000", many)).svg();
        assertThat(svg.length()).isLessThan(20_000);
        String forest = ForestChart.svg("f", "ratios", "d", List.of(
                new ForestChart.Row("", "a", 1.2, 1.1, 1.3, "#0a0", "1.200 [1.100, 1.300]"),
                new ForestChart.Row("", "b", null, null, null, "#999", "not comparable")), 0.03, "ratio", "\u00b13%",
                v -> String.valueOf(v));
        assertThat(xml(forest).getElementsByTagName("text").getLength()).isGreaterThan(5);
        assertThat(forest).contains(">not comparable<").doesNotContain("NaN");
    }
}
