package org.taf.runner.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;
import org.commonmark.renderer.html.UrlSanitizer;
import org.taf.runner.report.chart.ChartBlock;
import org.taf.runner.report.chart.PageChart;

/**
 * A post's narrative and the site's pages, CommonMark with GitHub's pipe tables
 * (commonmark-java), rendered with every character of the source escaped: raw HTML in the source
 * is shown as text, never passed through, and link and image URLs other than http(s) and relative
 * ones (such as {@code javascript:} or {@code data:}) are dropped. Headings are shifted under the
 * page's own; a table sits in the stylesheet's scrolling wrapper, with right-aligned columns marked
 * as numbers. A fenced code block with the info string {@code chart} is drawn as a chart from the
 * numbers it holds ({@link ChartBlock} gives its syntax); one that cannot be drawn is an error
 * naming its line, never dropped. A page of the site (heading shift 0) also gives its headings
 * GitHub's anchors, so that a link to {@code #a-section} works on the site as on GitHub.
 */
final class Markdown {
    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS)
            .includeSourceSpans(IncludeSourceSpans.BLOCKS).build();
    /** Characters GitHub drops from a heading's anchor: all but letters, marks, digits, '_', '-' and spaces. */
    private static final Pattern NOT_IN_ANCHOR = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

    private Markdown() {}

    static String toHtml(String source) {
        return toHtml(source, 2);
    }

    /**
     * As {@link #toHtml(String)}, with a heading of n {@code #} rendered as h(n + shift), h6 at
     * most: a post's narrative sits under the post's own headings (shift 2); a page of the site is
     * its own document (shift 0: {@code ##} is h2, under the page's title).
     *
     * @throws ReportException for a chart block that cannot be drawn, naming its line in {@code source}
     */
    static String toHtml(String source, int headingShift) {
        return toHtml(source, headingShift, null, 0);
    }

    /**
     * As {@link #toHtml(String, int)}, for text read from a file: a chart block's error names
     * {@code origin} and the line in it, the source's first line being line {@code firstLine + 1}
     * (the lines before it, such as a page's title, are not part of {@code source}).
     */
    static String toHtml(String source, int headingShift, String origin, int firstLine) {
        Node document = PARSER.parse(source);
        List<FencedCodeBlock> charts = new ArrayList<>();
        Map<Node, String> ids = new IdentityHashMap<>();
        Set<String> taken = new HashSet<>();
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                heading.setLevel(Math.min(heading.getLevel() + headingShift, 6));
                if (headingShift == 0) {
                    ids.put(heading, unique(anchor(heading), taken));
                }
                visitChildren(heading);
            }

            @Override
            public void visit(FencedCodeBlock block) {
                if (isChart(block)) {
                    charts.add(block);
                    ids.put(block, unique("chart-" + charts.size(), taken));
                }
            }
        });
        unlinkUnsafe(document);
        for (FencedCodeBlock block : charts) {
            ChartNode chart = new ChartNode(drawChart(block, ids.get(block), origin, firstLine));
            block.insertBefore(chart);
            block.unlink();
        }
        return renderer(ids).render(document);
    }

    private static boolean isChart(FencedCodeBlock block) {
        String info = block.getInfo() == null ? "" : block.getInfo().strip();
        return info.split("\\s+", 2)[0].equals(ChartBlock.INFO);
    }

    /** The chart's figure, or a ReportException naming the line that is wrong. */
    private static String drawChart(FencedCodeBlock block, String id, String origin, int firstLine) {
        // The opening fence's line, 1-based in the file; the block's text starts on the next.
        int fence = firstLine
                + 1
                + (block.getSourceSpans().isEmpty()
                        ? 0
                        : block.getSourceSpans().get(0).getLineIndex());
        ChartBlock chart;
        try {
            chart = ChartBlock.parse(block.getLiteral() == null ? "" : block.getLiteral());
        } catch (ChartBlock.Malformed e) {
            int line = fence + 1 + e.line();
            throw new ReportException((origin == null ? "line " + line : origin + ":" + line)
                    + ": chart block (opened at line " + fence + "): " + e.getMessage());
        }
        List<String> colors = new ArrayList<>();
        for (int i = 0; i < chart.series().size(); i++) {
            colors.add(Palette.cycle(i));
        }
        String caption = "";
        if (!chart.caption().isEmpty()) {
            Node text = PARSER.parse(chart.caption());
            if (!(text.getFirstChild() instanceof Paragraph) || text.getFirstChild() != text.getLastChild()) {
                throw new ReportException((origin == null ? "line " + fence : origin + ":" + fence)
                        + ": chart block: its caption must be text (a paragraph of inline Markdown), not a heading,"
                        + " list or other block");
            }
            unlinkUnsafe(text);
            caption = renderer(Map.of()).render(text);
        }
        return PageChart.figure(chart, id, colors, caption);
    }

    /** A heading's anchor as GitHub makes it: its text in lower case, punctuation dropped, spaces as '-'. */
    private static String anchor(Heading heading) {
        StringBuilder text = new StringBuilder();
        heading.accept(new AbstractVisitor() {
            @Override
            public void visit(Text t) {
                text.append(t.getLiteral());
            }

            @Override
            public void visit(Code code) {
                text.append(code.getLiteral());
            }
        });
        String slug = NOT_IN_ANCHOR.matcher(text.toString().strip().toLowerCase(Locale.ROOT)).replaceAll("")
                .replace(' ', '-');
        return slug.isEmpty() ? "section" : slug;
    }

    /** {@code base}, or GitHub's {@code base-1}, {@code base-2} ... when the page has it already. */
    private static String unique(String base, Set<String> taken) {
        String id = base;
        for (int n = 1; !taken.add(id); n++) {
            id = base + "-" + n;
        }
        return id;
    }

    private static HtmlRenderer renderer(Map<Node, String> ids) {
        return HtmlRenderer.builder()
                // Added before the extensions: the first factory for a node type wins.
                .nodeRendererFactory(WrappedTable::new)
                .nodeRendererFactory(ChartRenderer::new)
                .extensions(EXTENSIONS)
                .escapeHtml(true)
                .sanitizeUrls(true)
                .urlSanitizer(new SafeUrls())
                .attributeProviderFactory(context -> (node, tagName, attributes) -> {
                    attributes(node, tagName, attributes);
                    if (node instanceof Heading && ids.containsKey(node)) {
                        attributes.put("id", ids.get(node));
                    }
                })
                .build();
    }

    /** Unlinks every link and image to an unsafe URL (see {@link #unlink}). */
    private static void unlinkUnsafe(Node document) {
        List<Node> unsafe = new ArrayList<>();
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                if (!SafeUrls.isSafe(link.getDestination())) {
                    unsafe.add(link);
                }
                visitChildren(link);
            }

            @Override
            public void visit(Image image) {
                if (!SafeUrls.isSafe(image.getDestination())) {
                    unsafe.add(image);
                }
                visitChildren(image);
            }
        });
        unsafe.forEach(Markdown::unlink);
    }

    /**
     * A link or image to an unsafe URL is shown as its text (an image as its description), not as a link to nowhere.
     */
    private static void unlink(Node node) {
        Node child = node.getFirstChild();
        while (child != null) {
            Node next = child.getNext();
            node.insertBefore(child);
            child = next;
        }
        node.unlink();
    }

    /**
     * Right-aligned cells are numbers (the stylesheet's "num"); header cells head a column. The
     * sanitiser's {@code rel="nofollow"} stays on links that leave the site, not on the site's own.
     */
    private static void attributes(Node node, String tagName, Map<String, String> attributes) {
        if (node instanceof Link link && !link.getDestination().matches("(?i)^https?:.*")) {
            attributes.remove("rel");
        }
        if (node instanceof TableCell cell) {
            attributes.remove("align");
            if (cell.isHeader()) {
                attributes.put("scope", "col");
            }
            if (cell.getAlignment() == TableCell.Alignment.RIGHT) {
                attributes.put("class", "num");
            }
        }
    }

    /** A table inside the stylesheet's horizontally scrolling wrapper, so that phones don't scroll the page. */
    private static final class WrappedTable implements NodeRenderer {
        private final HtmlNodeRendererContext context;
        private final HtmlWriter html;

        WrappedTable(HtmlNodeRendererContext context) {
            this.context = context;
            this.html = context.getWriter();
        }

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(TableBlock.class);
        }

        @Override
        public void render(Node node) {
            html.line();
            html.tag("div", Map.of("class", "table-wrap"));
            html.tag("table", context.extendAttributes(node, "table", Map.of()));
            for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
                context.render(child);
            }
            html.tag("/table");
            html.tag("/div");
            html.line();
        }
    }

    /** A chart block, replaced by its drawing before rendering. */
    private static final class ChartNode extends CustomBlock {
        private final String html;

        ChartNode(String html) {
            this.html = html;
        }
    }

    /** Writes a chart's figure, built and escaped by {@link PageChart}, as it is. */
    private static final class ChartRenderer implements NodeRenderer {
        private final HtmlWriter html;

        ChartRenderer(HtmlNodeRendererContext context) {
            this.html = context.getWriter();
        }

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(ChartNode.class);
        }

        @Override
        public void render(Node node) {
            html.line();
            html.raw(((ChartNode) node).html);
            html.line();
        }
    }

    /**
     * Links and images to http(s) or relative URLs only. Unsafe ones are unlinked before rendering;
     * this is the renderer's second line, which would make such a URL empty.
     */
    private static final class SafeUrls implements UrlSanitizer {
        private static final Pattern SAFE = Pattern.compile("(?i)^(https?://[^\\s\"'<>]+|[^:\\s\"'<>]*)$");

        static boolean isSafe(String url) {
            return SAFE.matcher(url).matches();
        }

        @Override
        public String sanitizeLinkUrl(String url) {
            return isSafe(url) ? url : "";
        }

        @Override
        public String sanitizeImageUrl(String url) {
            return sanitizeLinkUrl(url);
        }
    }
}
