package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.report.Svg;

/**
 * The files a post shows from beside its page ({@code posts/<run-id>/figures/}): each cell's flame graphs and
 * per-second charts as SVG files, and the stylesheet that draws them. In the page they would be most of its weight
 * (a post of 39 flame graphs was 1.1 MB), read by every reader, where most open no cell.
 *
 * <p>How a figure is loaded only when shown, with no script: Jenkins' policy refuses scripts, frames and objects,
 * and its {@code sandbox} turns scripting off, which turns {@code loading="lazy"} off too, so every {@code <img>}
 * is fetched at once, closed or not (as Chromium shows). Instead a figure is the background image of a box, set by
 * this stylesheet. A browser fetches a background only for a box it lays out, and it lays out nothing of a closed
 * {@code <details>}, nor a box a phone's media query hides. The box is a link to the file itself, which a browser
 * opens with the flame graph's {@code <title>} tooltips working.
 */
public final class PostFiles {
    /** The figures' directory and their stylesheet, relative to the post. */
    public static final String FIGURES = "figures/";
    public static final String STYLESHEET = FIGURES + "figures.css";

    private PostFiles() {}

    /** The figure {@code id} (a page id: letters, digits, '-', '_', '.') drawn as {@code svg}. */
    static Picture picture(String id, String label, String svg, boolean scales) {
        Svg.Size size = Svg.size(svg);
        return new Picture(FIGURES + id + ".svg", label, svg, size.width(), size.height(), scales);
    }

    /** Every figure of a post's headlines and cells drawn from a file, in page order. */
    static List<Picture> pictures(List<PostView.Headline> headlines, List<PostView.Comparison> comparisons) {
        List<Picture> out = new ArrayList<>();
        headlines.stream().filter(h -> h.flame() != null).forEach(h -> out.add(h.flame().picture()));
        for (PostView.Comparison c : comparisons) {
            for (PostView.Cell cell : c.cells()) {
                cell.flames().forEach(f -> out.add(f.picture()));
                if (cell.tps() != null) {
                    out.add(cell.tps());
                }
                if (cell.cpu() != null) {
                    out.add(cell.cpu());
                }
            }
        }
        return out;
    }

    /**
     * The files beside the post of {@code view}, by path relative to its directory: each figure's SVG and the
     * stylesheet; none without figures.
     */
    public static Map<String, String> of(PostView view) {
        Map<String, String> out = new TreeMap<>();
        StringBuilder css = new StringBuilder("/* The post's figures: each link's box draws its file, fetched when the"
                + " box is shown (PostFiles). */\n");
        for (Picture p : pictures(view.headlines(), view.comparisons())) {
            out.put(p.file(), p.svg());
            String size = p.scales() ? String.format(Locale.ROOT, "max-width: %dpx; aspect-ratio: %d / %d;", p.width(),
                    p.width(), p.height()) : String.format(Locale.ROOT, "width: %dpx; height: %dpx;", p.width(),
                    p.height());
            css.append("a.pic[href=\"").append(p.file()).append("\"] { background-image: url(\"")
                    .append(p.file().substring(FIGURES.length())).append("\"); ").append(size).append(" }\n");
        }
        if (!out.isEmpty()) {
            out.put(STYLESHEET, css.toString());
        }
        return out;
    }
}
