package org.taf.runner.report.flame;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.taf.runner.jfr.CollapsedStacks;

/**
 * The part of a differential flame graph where the change is: from the root, follow the call that
 * holds most of the change per transaction for as long as one call holds most of it, then keep only
 * the stacks through that call, a few frames deep. A whole graph of a thousand frames shows where the
 * time goes; the cropped one shows what the patch changed, at a size a post can show beside its
 * counters.
 *
 * @param path   the calls from the root to the focus (empty: the whole graph)
 * @param parent the parent's stacks through the focus, rooted at it (same weights as given)
 * @param patch  the patch's, likewise
 */
public record FlameCrop(List<String> path, CollapsedStacks parent, CollapsedStacks patch) {
    /** How much of its caller's change a call must hold to be followed. */
    static final double FOLLOW = 0.6;

    public FlameCrop {
        path = List.copyOf(path);
    }

    /**
     * Crops two sides' stacks to where they differ most per transaction.
     *
     * @param depth frames kept under the focus (deeper frames fold into their caller)
     */
    public static FlameCrop of(CollapsedStacks parent, long parentTx, CollapsedStacks patch, long patchTx, int depth) {
        if (parentTx <= 0 || patchTx <= 0 || depth < 1) {
            throw new IllegalArgumentException("transactions (" + parentTx + ", " + patchTx + ") and depth ("
                    + depth + ") must be > 0");
        }
        FlameTree node = FlameTree.of(parent, 1.0 / parentTx, patch, 1.0 / patchTx);
        List<String> path = new ArrayList<>();
        while (true) {
            double change = Math.abs(node.b - node.a);
            FlameTree next = null;
            for (FlameTree child : node.children.values()) {
                if (next == null || Math.abs(child.b - child.a) > Math.abs(next.b - next.a)) {
                    next = child;
                }
            }
            if (next == null || change == 0 || Math.abs(next.b - next.a) < FOLLOW * change) {
                break;
            }
            path.add(next.name);
            node = next;
        }
        // A call only one side makes (the parent's make-young) holds all of a change but draws nothing to
        // compare: its caller is where both sides meet.
        while (!path.isEmpty() && (through(parent, path, depth).isEmpty() || through(patch, path, depth).isEmpty())) {
            path.remove(path.size() - 1);
        }
        return new FlameCrop(path, through(parent, path, depth), through(patch, path, depth));
    }

    /** The focus frame's name, or "all" for the whole graph. */
    public String focus() {
        return path.isEmpty() ? "all" : path.get(path.size() - 1);
    }

    /** The stacks whose first frames are {@code path}, from its last frame, at most {@code depth} + 1 frames. */
    private static CollapsedStacks through(CollapsedStacks stacks, List<String> path, int depth) {
        CollapsedStacks.Builder b = CollapsedStacks.builder();
        int keep = Math.max(0, path.size() - 1); // the focus itself stays as the new root
        stacks.stacks().forEach((stack, weight) -> {
            List<String> frames = Arrays.asList(stack.split(";"));
            if (frames.size() >= path.size() && frames.subList(0, path.size()).equals(path)) {
                List<String> rest = frames.subList(keep, frames.size());
                b.add(rest.subList(0, Math.min(rest.size(), depth + 1)), weight);
            }
        });
        return b.build();
    }
}
