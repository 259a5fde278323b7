package org.taf.runner.report.flame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.Golden;
import org.taf.runner.jfr.CollapsedStacks;
import org.taf.runner.jfr.FlameKind;
import org.taf.runner.jfr.FoldedText;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Flame graph SVG: goldens of a plain and a differential graph, colour rules, and what may not be in it. */
class FlameGraphSvgTest {
    private static final String REGENERATE = JfrFolderTest.REGENERATE;
    private static final FlameGraphSvg SVG = FlameGraphSvg.defaults();

    static String plainSample() {
        return SVG.plain("flame-cpu-patch", "CPU, patch: POINT_SELECT at 2 threads", FlameSamples.patch(),
                FlameKind.CPU);
    }

    static String diffSample() {
        return SVG.differential("flame-cpu-diff", "CPU per transaction, patch against parent", FlameSamples.parent(),
                FlameSamples.PARENT_TX, FlameSamples.patch(), FlameSamples.PATCH_TX, FlameKind.CPU);
    }

    private static String withForeignLocale(Supplier<String> render) {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            return render.get();
        } finally {
            Locale.setDefault(saved);
        }
    }

    /** Frame name (first line of its title) to its {@code <g>} element. */
    static Map<String, Element> frames(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        Map<String, Element> out = new LinkedHashMap<>();
        NodeList gs = doc.getElementsByTagName("g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            Element title = (Element) g.getElementsByTagName("title").item(0);
            assertThat(g.getFirstChild()).as("the title comes first").isEqualTo(title);
            out.put(title.getTextContent().lines().findFirst().orElseThrow(), g);
        }
        return out;
    }

    private static String title(Map<String, Element> frames, String name) {
        return frames.get(name).getElementsByTagName("title").item(0).getTextContent();
    }

    private static String fill(Map<String, Element> frames, String name) {
        return ((Element) frames.get(name).getElementsByTagName("rect").item(0)).getAttribute("fill");
    }

    @Test
    void thePlainAndTheDifferentialGraphMatchTheirGoldensUnderAForeignLocale() throws Exception {
        String plain = withForeignLocale(FlameGraphSvgTest::plainSample);
        String diff = withForeignLocale(FlameGraphSvgTest::diffSample);
        Golden.assertMatches(Path.of("src/test/resources/flame/plain.svg"), plain, REGENERATE);
        Golden.assertMatches(Path.of("src/test/resources/flame/diff.svg"), diff, REGENERATE);
        assertThat(plainSample()).isEqualTo(plain);
        assertThat(plain).contains("1,722 samples").doesNotContain("1.722");
    }

    @Test
    void aDifferentialGraphIsRedWhereAFrameGrewPerTransactionBlueWhereItShrankGreyWhereUnchanged() throws Exception {
        Map<String, Element> f = frames(diffSample());
        String red = FlameColors.hex(FlameColors.GREW);
        String blue = FlameColors.hex(FlameColors.SHRANK);
        String grey = FlameColors.hex(FlameColors.NEUTRAL);
        assertThat(fill(f, "org.taf.engine.btree.BTree.search")).as("doubled").isEqualTo(red);
        assertThat(fill(f, "org.taf.engine.buffer.PoolMutex.lock")).as("halved").isEqualTo(blue);
        assertThat(fill(f, "org.taf.engine.sql.exec.Planner.plan")).as("unchanged").isEqualTo(grey);
        assertThat(fill(f, "org.taf.engine.server.Protocol.readPacket")).as("+5%").isEqualTo(grey);
        assertThat(fill(f, "org.taf.engine.sql.exec.Session.audit")).as("new").isEqualTo(red);
        assertThat(f).as("gone frames have no width on the patch's side")
                .doesNotContainKey("org.taf.engine.sql.exec.RowsPlan.legacyCopy");
        assertThat(title(f, "org.taf.engine.btree.BTree.search"))
                .endsWith("\nparent: 0.3 samples/tx\npatch: 0.6 samples/tx\n+100.0%");
        assertThat(title(f, "org.taf.engine.server.Protocol.readPacket")).endsWith("\n+5.0% (within ±10%)");

        Map<String, Element> byParent = frames(SVG.withWidths(FlameGraphSvg.Widths.PARENT).differential("d",
                "t", FlameSamples.parent(), FlameSamples.PARENT_TX, FlameSamples.patch(), FlameSamples.PATCH_TX,
                FlameKind.CPU));
        assertThat(fill(byParent, "org.taf.engine.sql.exec.RowsPlan.legacyCopy")).as("gone").isEqualTo(blue);
        assertThat(title(byParent, "org.taf.engine.sql.exec.RowsPlan.legacyCopy")).endsWith("\ngone in patch");
        assertThat(byParent).doesNotContainKey("org.taf.engine.sql.exec.Session.audit");
    }

    @Test
    void diffColoursGrowWithTheRatioAndStayNeutralWithinTheTolerance() {
        assertThat(FlameColors.diff(1, 2, 0.1)).isEqualTo(FlameColors.hex(FlameColors.GREW));
        assertThat(FlameColors.diff(1, 8, 0.1)).isEqualTo(FlameColors.hex(FlameColors.GREW));
        assertThat(FlameColors.diff(2, 1, 0.1)).isEqualTo(FlameColors.hex(FlameColors.SHRANK));
        assertThat(FlameColors.diff(1, 1, 0.1)).isEqualTo(FlameColors.hex(FlameColors.NEUTRAL));
        assertThat(FlameColors.diff(1, 1.1, 0.1)).isEqualTo(FlameColors.hex(FlameColors.NEUTRAL));
        assertThat(FlameColors.diff(1.1, 1, 0.1)).isEqualTo(FlameColors.hex(FlameColors.NEUTRAL));
        assertThat(FlameColors.diff(0, 0, 0.1)).isEqualTo(FlameColors.hex(FlameColors.NEUTRAL));
        assertThat(FlameColors.diff(0, 1, 0.1)).isEqualTo(FlameColors.hex(FlameColors.GREW));
        assertThat(FlameColors.diff(1, 0, 0.1)).isEqualTo(FlameColors.hex(FlameColors.SHRANK));
        int[] up20 = FlameColors.diffRgb(1, 1.2, 0.1);
        int[] up50 = FlameColors.diffRgb(1, 1.5, 0.1);
        int[] down20 = FlameColors.diffRgb(1.2, 1, 0.1);
        assertThat(up20[0]).isGreaterThan(up20[2]);
        assertThat(up50[2]).as("more change, deeper red").isLessThan(up20[2]);
        assertThat(down20[2]).isGreaterThan(down20[0]);
        assertThat(FlameColors.diffRgb(1, 1.2, 0.25)).isEqualTo(FlameColors.NEUTRAL);
    }

    @Test
    void everyFillKeepsDarkLabelsReadable() {
        List<String> fills = new java.util.ArrayList<>(List.of(FlameColors.hex(FlameColors.GREW),
                FlameColors.hex(FlameColors.SHRANK), FlameColors.hex(FlameColors.NEUTRAL)));
        for (int i = 0; i < 2000; i++) {
            fills.add(FlameColors.warm("frame" + i));
        }
        for (String fill : fills) {
            assertThat(FlameColors.contrast(FlameColors.TEXT, fill)).as(fill).isGreaterThanOrEqualTo(4.5);
        }
        assertThat(FlameColors.warm("a.B.c"))
                .isEqualTo(FlameColors.warm("a.B.c"))
                .isNotEqualTo(FlameColors.warm("a.B.d"));
    }

    @Test
    void theSvgHasNoScriptNoHandlerNoStyleNoExternalReferenceAndEscapesNames() throws Exception {
        for (String svg : List.of(plainSample(), diffSample())) {
            assertThat(svg).doesNotContainIgnoringCase("<script").doesNotContainPattern("(?i)\\son[a-z]+=")
                    .doesNotContainIgnoringCase("style").doesNotContain("href").doesNotContain("url(")
                    .doesNotContain("<lambda>").contains("Functions.&lt;lambda&gt;&amp;&quot;quoted&quot;");
            Map<String, Element> f = frames(svg); // well-formed XML
            assertThat(f).containsKey("org.taf.engine.sql.exec.Functions.<lambda>&\"quoted\"");
        }
    }

    @Test
    void narrowFramesAreLeftOutAndLabelsAreShortenedToFit() throws Exception {
        Map<String, Element> f = frames(plainSample());
        // PageCleaner.run: 2 of 1,722 samples, 1.1 px of 980: below the 2 px minimum
        assertThat(f).doesNotContainKey("org.taf.engine.buffer.PageCleaner.run").containsKey("all");
        assertThat(frames(SVG.withMinFrameWidth(0.5).plain("p", "t", FlameSamples.patch(), FlameKind.CPU)))
                .containsKey("org.taf.engine.buffer.PageCleaner.run");
        for (Element g : f.values()) {
            Element rect = (Element) g.getElementsByTagName("rect").item(0);
            NodeList text = g.getElementsByTagName("text");
            if (text.getLength() > 0) {
                double room = Double.parseDouble(rect.getAttribute("width")) - 6;
                assertThat(Labels.monoPx(text.item(0).getTextContent())).isLessThanOrEqualTo(room);
            }
        }
        assertThat(Labels.fitMono("org.taf.engine.btree.BTree.search", 1000))
                .isEqualTo("org.taf.engine.btree.BTree.search");
        assertThat(Labels.fitMono("org.taf.engine.btree.BTree.search", 100)).isEqualTo("BTree.search");
        assertThat(Labels.fitMono("org.taf.engine.btree.BTree.search", 60)).isEqualTo("BTree.s\u2026");
        assertThat(Labels.fitMono("org.taf.engine.btree.BTree.search", 20)).isNull();
        assertThat(Labels.shortName("[park java.util.concurrent.locks.ReentrantLock$NonfairSync]"))
                .isEqualTo("[park ReentrantLock$NonfairSync]");
    }

    @Test
    void atMostMaxFramesAreDrawnTheWidestWithTheirCallers() throws Exception {
        CollapsedStacks.Builder b = CollapsedStacks.builder();
        for (int i = 0; i < 40; i++) {
            b.add(List.of("root", "mid" + (i % 4), "leaf" + i), 100 + i);
        }
        String svg = SVG.withMaxFrames(12).plain("m", "t", b.build(), FlameKind.CPU);
        Map<String, Element> f = frames(svg);
        assertThat(f).hasSize(12).containsKeys("all", "root", "mid0", "mid1", "mid2", "mid3", "leaf39", "leaf38");
        assertThat(svg).contains("; the 34 narrowest frames left out");
        assertThat(frames(SVG.plain("m", "t", b.build(), FlameKind.CPU))).hasSize(46);
    }

    @Test
    void theIcicleHasItsRootOnTopAndTheFlameAtTheBottom() throws Exception {
        double icicleRoot = y(frames(plainSample()), "all");
        double icicleLeaf = y(frames(plainSample()), "org.taf.engine.btree.BTree.search");
        String flame =
                SVG.withLayout(FlameGraphSvg.Layout.FLAME).plain("f", "t", FlameSamples.patch(), FlameKind.CPU);
        assertThat(icicleRoot).isLessThan(icicleLeaf);
        assertThat(y(frames(flame), "all")).isGreaterThan(y(frames(flame), "org.taf.engine.btree.BTree.search"));
    }

    private static double y(Map<String, Element> frames, String name) {
        return Double.parseDouble(((Element) frames.get(name).getElementsByTagName("rect").item(0)).getAttribute("y"));
    }

    @Test
    void anEmptyGraphSaysSoAndBadOptionsAreRefused() {
        assertThat(SVG.plain("e", "Nothing", CollapsedStacks.EMPTY, FlameKind.LOCKS)).contains(">no samples<")
                .doesNotContain("<g>");
        assertThatThrownBy(() -> SVG.withWidth(100)).hasMessage("flame graph width (100 px) must be from 400 to 4000");
        assertThatThrownBy(() -> SVG.withTolerance(1)).hasMessageContaining("tolerance (1.0)");
        assertThatThrownBy(() -> SVG.plain("1x", "t", CollapsedStacks.EMPTY, FlameKind.CPU))
                .hasMessageContaining("flame graph id (1x)");
        assertThatThrownBy(() -> SVG.differential("d", "t", CollapsedStacks.EMPTY, 0, CollapsedStacks.EMPTY, 1,
                FlameKind.CPU)).hasMessageContaining("must be > 0");
    }

    @Test
    void lockWeightsAreShownAsDurations() {
        CollapsedStacks s = FoldedText.parse("a.B.run;[park x.Lock] 1500000\na.B.run;[monitor y.M] 2500\n");
        assertThat(SVG.withMinFrameWidth(0.5).plain("l", "Locks", s, FlameKind.LOCKS))
                .contains("1.5 ms, 99.8% of all")
                .contains("2.5 \u00b5s, 0.2% of all");
        assertThat(FlameKind.LOCKS.formatPerTx(1234.5)).isEqualTo("1.23 \u00b5s/tx");
        assertThat(FlameKind.CPU.formatPerTx(0.012345)).isEqualTo("0.0123 samples/tx");
        assertThat(FlameKind.CPU.format(1)).isEqualTo("1 sample");
    }
}
