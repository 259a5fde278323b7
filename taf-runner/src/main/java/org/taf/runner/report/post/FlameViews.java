package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.jfr.CollapsedStacks;
import org.taf.runner.jfr.FlameKind;
import org.taf.runner.report.flame.FlameCrop;
import org.taf.runner.report.flame.FlameGraphSvg;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.FlameRecord;
import org.taf.runner.stats.Role;

/**
 * A cell's flame graphs for the post, from the JFR stacks folded into its record: per kind, the
 * differential graph (patch against parent, per transaction) first, since it is the one that shows
 * the change, then each side alone. Static inline SVG with tooltips as {@code <title>}: no script, so
 * the page works under Jenkins' default Content-Security-Policy.
 */
final class FlameViews {
    /** Frames drawn per graph: enough for the hot paths, about 200 KB of SVG each. */
    static final int MAX_FRAMES = 700;
    /** The cropped graph: frames under the focus, its width and frames drawn. */
    static final int CROP_DEPTH = 12;
    static final int CROP_WIDTH = 900;
    static final int CROP_FRAMES = 250;

    private FlameViews() {}

    static List<PostView.Flame> of(PostContext x, String anchor, CellRecord cell) {
        List<PostView.Flame> out = new ArrayList<>();
        FlameGraphSvg svg = FlameGraphSvg.defaults().withMaxFrames(MAX_FRAMES);
        String where = x.m().get("cell.title", cell.workload(), cell.threads());
        for (FlameKind kind : FlameKind.values()) {
            FlameRecord parent = find(cell, Role.PARENT, kind);
            FlameRecord patch = find(cell, Role.PATCH, kind);
            String id = anchor + "-flame-" + kind.name().toLowerCase(Locale.ROOT);
            if (parent != null && patch != null && !parent.stacks().isEmpty() && !patch.stacks().isEmpty()) {
                out.add(new PostView.Flame(x.m().get("flames.diff", kind.label(), where),
                        svg.differential(id + "-diff", kind.label() + ", patch against parent per transaction, "
                                + where, stacks(parent), parent.transactions(), stacks(patch), patch.transactions(),
                                kind), note(x, parent) + "; " + note(x, patch)));
            }
            for (FlameRecord r : new FlameRecord[] {parent, patch}) {
                if (r != null && !r.stacks().isEmpty()) {
                    String side = x.m().get("role." + r.side().label());
                    out.add(new PostView.Flame(x.m().get("flames.side", kind.label(), side, where),
                            svg.plain(id + "-" + r.side().label(), kind.label() + ", " + side + ", " + where,
                                    stacks(r), kind), note(x, r)));
                }
            }
        }
        return out;
    }

    /**
     * The differential CPU graph of {@code cell} cropped to where the change is ({@link FlameCrop}), for the
     * post's "why"; null without both sides' recordings.
     */
    static PostView.Flame cropped(PostContext x, String anchor, CellRecord cell) {
        FlameRecord parent = find(cell, Role.PARENT, FlameKind.CPU);
        FlameRecord patch = find(cell, Role.PATCH, FlameKind.CPU);
        if (parent == null || patch == null || parent.stacks().isEmpty() || patch.stacks().isEmpty()
                || parent.transactions() <= 0 || patch.transactions() <= 0) {
            return null;
        }
        FlameCrop crop = FlameCrop.of(stacks(parent), parent.transactions(), stacks(patch), patch.transactions(),
                CROP_DEPTH);
        if (crop.parent().isEmpty() || crop.patch().isEmpty()) {
            return null;
        }
        String where = x.m().get("cell.title", cell.workload(), cell.threads());
        String title = x.m().get("flames.cropped", FlameKind.CPU.label(), crop.focus(), where);
        return new PostView.Flame(title, FlameGraphSvg.defaults().withWidth(CROP_WIDTH).withMaxFrames(CROP_FRAMES)
                .differential(anchor + "-flame-crop", title, crop.parent(), parent.transactions(), crop.patch(),
                        patch.transactions(), FlameKind.CPU),
                x.m().get("flames.cropped_note", tail(crop.path()), CROP_DEPTH));
    }

    /** The last two calls of a path, without their packages: "… SelectPlan.read → BufferPool.get". */
    private static String tail(java.util.List<String> path) {
        if (path.isEmpty()) {
            return "all";
        }
        List<String> last = path.subList(Math.max(0, path.size() - 2), path.size()).stream()
                .map(f -> f.replaceAll("^([a-z0-9_]+\\.)+", "")).toList();
        return (path.size() > 2 ? "\u2026 " : "") + String.join(" \u2192 ", last);
    }

    private static FlameRecord find(CellRecord cell, Role side, FlameKind kind) {
        return cell.flames().stream().filter(f -> f.side() == side && f.kind().equals(kind.name())).findFirst()
                .orElse(null);
    }

    private static CollapsedStacks stacks(FlameRecord r) {
        CollapsedStacks.Builder b = CollapsedStacks.builder();
        r.stacks().forEach(b::add);
        return b.build();
    }

    private static String note(PostContext x, FlameRecord r) {
        return x.m().get("flames.note", x.m().get("role." + r.side().label()), r.recordings(),
                x.f().number((double) r.events(), 0), x.f().number((double) r.transactions(), 0), r.stacksDropped());
    }
}
