package org.taf.runner.report.flame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.taf.runner.jfr.CollapsedStacks;

/**
 * One frame's own (self) weight on each side of a differential graph, per transaction. Self, not inclusive:
 * inclusive weight piles up at the root, so a list by inclusive change would show the same few callers for every
 * graph. The graph's description names the frames that grew and shrank most; a phone shows the frames that
 * changed most as a table, since the graph's labels would be drawn too small to read there.
 *
 * @param frame  the frame's full name
 * @param parent the parent's self weight per transaction
 * @param patch  the patch's
 */
public record FrameChange(String frame, double parent, double patch) {
    /** The patch's weight less the parent's. */
    public double delta() {
        return patch - parent;
    }

    /** Every frame of either side, by name, from stacks already divided by their side's transactions. */
    static List<FrameChange> all(CollapsedStacks parentPerTx, CollapsedStacks patchPerTx) {
        Map<String, CollapsedStacks.FrameWeight> a = parentPerTx.frames();
        Map<String, CollapsedStacks.FrameWeight> b = patchPerTx.frames();
        TreeSet<String> names = new TreeSet<>(a.keySet());
        names.addAll(b.keySet());
        List<FrameChange> out = new ArrayList<>();
        for (String f : names) { // in name order: the tie-break of the stable sorts of the callers
            out.add(new FrameChange(f, a.containsKey(f) ? a.get(f).self() : 0, b.containsKey(f) ? b.get(f).self() : 0));
        }
        return out;
    }

    /**
     * The {@code n} frames whose self weight per transaction changed most, either way, largest change first (ties
     * by name); frames that did not change are left out.
     */
    public static List<FrameChange> most(CollapsedStacks parent, long parentTx, CollapsedStacks patch, long patchTx,
                                         int n) {
        return all(parent.scale(1.0 / parentTx), patch.scale(1.0 / patchTx)).stream().filter(c -> c.delta() != 0)
                .sorted(Comparator.comparingDouble((FrameChange c) -> -Math.abs(c.delta()))).limit(n).toList();
    }

    /** {@code frame} without its package, {@code Class.method}, as the graph labels it when room is short. */
    public static String shortName(String frame) {
        return Labels.shortName(frame);
    }
}
