package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.jfr.CollapsedStacks;
import org.taf.runner.jfr.FlameKind;
import org.taf.runner.report.flame.FlameCrop;
import org.taf.runner.report.flame.FlameGraphSvg;
import org.taf.runner.report.flame.FrameChange;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.FlameRecord;
import org.taf.runner.stats.Role;

/**
 * A cell's flame graphs for the post, from the JFR stacks folded into its record: per kind, the
 * differential graph (patch against parent, per transaction) first, since it is the one that shows
 * the change, then each side alone. Each is a static SVG file beside the post ({@link PostFiles}) with
 * tooltips as {@code <title>}, with the few frames a phone shows instead of it: no script, so the page
 * works under Jenkins' default Content-Security-Policy.
 */
final class FlameViews {
    /** Frames drawn per graph: enough for the hot paths, about 200 KB of SVG each. */
    static final int MAX_FRAMES = 700;
    /** The cropped graph: frames under the focus, its width and frames drawn. */
    static final int CROP_DEPTH = 12;
    static final int CROP_WIDTH = 900;
    static final int CROP_FRAMES = 250;
    /** Frames a phone lists instead of a graph. */
    static final int TOP_FRAMES = 10;

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
                CollapsedStacks a = stacks(parent);
                CollapsedStacks b = stacks(patch);
                out.add(flame(id + "-diff", x.m().get("flames.diff", kind.label(), where),
                        svg.differential(id + "-diff", kind.label() + ", patch against parent per transaction, "
                                + where, a, parent.transactions(), b, patch.transactions(), kind),
                        note(x, parent) + "; " + note(x, patch),
                        changed(x, a, parent.transactions(), b, patch.transactions(), kind), false));
            }
            for (FlameRecord r : new FlameRecord[] {parent, patch}) {
                if (r != null && !r.stacks().isEmpty()) {
                    String side = x.m().get("role." + r.side().label());
                    String sideId = id + "-" + r.side().label();
                    CollapsedStacks s = stacks(r);
                    out.add(flame(sideId, x.m().get("flames.side", kind.label(), side, where),
                            svg.plain(sideId, kind.label() + ", " + side + ", " + where, s, kind),
                            note(x, r), hottest(x, s, kind), false));
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
        String id = anchor + "-flame-crop";
        return flame(id, title, FlameGraphSvg.defaults().withWidth(CROP_WIDTH).withMaxFrames(CROP_FRAMES)
                        .differential(id, title, crop.parent(), parent.transactions(), crop.patch(),
                                patch.transactions(), FlameKind.CPU),
                x.m().get("flames.cropped_note", tail(crop.path()), CROP_DEPTH),
                changed(x, crop.parent(), parent.transactions(), crop.patch(), patch.transactions(), FlameKind.CPU),
                true);
    }

    /** A graph drawn from its file; the headline's cropped one ({@code inline}) in the page too. */
    private static PostView.Flame flame(String id, String title, String svg, String note, Table table,
                                        boolean inline) {
        return new PostView.Flame(title, inline ? svg : "", note, PostFiles.picture(id, title, svg, false),
                table.caption(), table.changed(), table.rows());
    }

    /** What a phone shows instead of a graph. */
    private record Table(String caption, boolean changed, List<PostView.TopFrame> rows) {
    }

    /** The frames whose own time per transaction changed most: parent, patch and the change. */
    private static Table changed(PostContext x, CollapsedStacks parent, long parentTx, CollapsedStacks patch,
                                 long patchTx, FlameKind kind) {
        return new Table(x.m().get("flames.top_changed", unit(x, kind, true)), true,
                FrameChange.most(parent, parentTx, patch, patchTx, TOP_FRAMES).stream()
                        .map(c -> top(c.frame(), weight(x, kind, c.parent(), true), weight(x, kind, c.patch(), true),
                                c.parent() == 0 ? x.m().get("counter.new") : c.patch() == 0 ? x.m().get("counter.gone")
                                        : x.f().change(c.patch() / c.parent())))
                        .toList());
    }

    /** The frames with the most time of their own, and their share of all. */
    private static Table hottest(PostContext x, CollapsedStacks stacks, FlameKind kind) {
        double total = stacks.total();
        return new Table(x.m().get("flames.top_hottest", unit(x, kind, false)), false,
                stacks.topBySelf(TOP_FRAMES).stream().filter(f -> f.self() > 0)
                        .map(f -> top(f.frame(), weight(x, kind, f.self(), false),
                                x.f().percent(100 * f.self() / total, 1)))
                        .toList());
    }

    /** The unit a table's caption names, so that its cells are short enough for a phone. */
    private static String unit(PostContext x, FlameKind kind, boolean perTx) {
        if (kind == FlameKind.CPU) {
            return perTx ? x.m().get("flames.unit_cpu_per_tx") : x.m().get("flames.unit_cpu");
        }
        return perTx ? x.m().get("flames.unit_locks_per_tx") : x.m().get("flames.unit_locks");
    }

    /**
     * A weight in the unit its table's caption names, short enough for a phone's column: CPU samples as a number (per
     * million transactions: a frame's share of one is a few hundred-thousandths), lock waits as a time.
     */
    private static String weight(PostContext x, FlameKind kind, double w, boolean perTx) {
        if (kind == FlameKind.CPU) {
            return perTx ? FlameKind.significant(w * 1e6) : x.f().number(w, 0);
        }
        return perTx ? kind.formatPerTx(w).replace("/tx", "") : kind.format(w);
    }

    private static PostView.TopFrame top(String frame, String... values) {
        return new PostView.TopFrame(FrameChange.shortName(frame), frame, List.of(values));
    }

    /** The last two calls of a path, without their packages: "… SelectPlan.read → BufferPool.get". */
    private static String tail(List<String> path) {
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
