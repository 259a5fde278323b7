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
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;
import org.commonmark.renderer.html.UrlSanitizer;

/**
 * A post's narrative and the site's pages, CommonMark with GitHub's pipe tables
 * (commonmark-java), rendered with every character of the source escaped: raw HTML in the source
 * is shown as text, never passed through, and link and image URLs other than http(s) and relative
 * ones (such as {@code javascript:} or {@code data:}) are dropped. Headings are shifted under the
 * page's own; a table sits in the stylesheet's scrolling wrapper, with right-aligned columns marked
 * as numbers. A page of the site (heading shift 0) also gives its headings GitHub's anchors, so
 * that a link to {@code #a-section} works on the site as on GitHub.
 */
public final class Markdown {
    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    /** Characters GitHub drops from a heading's anchor: all but letters, marks, digits, '_', '-' and spaces. */
    private static final Pattern NOT_IN_ANCHOR = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

    private Markdown() {}

    public static String toHtml(String source) {
        return toHtml(source, 2);
    }

    /**
     * As {@link #toHtml(String)}, with a heading of n {@code #} rendered as h(n + shift), h6 at
     * most: a post's narrative sits under the post's own headings (shift 2); a page of the site is
     * its own document (shift 0: {@code ##} is h2, under the page's title).
     */
    public static String toHtml(String source, int headingShift) {
        Node document = PARSER.parse(source);
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
        });
        unlinkUnsafe(document);
        return renderer(ids).render(document);
    }

    /** Where the images of {@code source} point, in order ({@code ![text](destination)}). */
    public static List<String> images(String source) {
        List<String> images = new ArrayList<>();
        PARSER.parse(source).accept(new AbstractVisitor() {
            @Override
            public void visit(Image image) {
                images.add(image.getDestination());
            }
        });
        return images;
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
