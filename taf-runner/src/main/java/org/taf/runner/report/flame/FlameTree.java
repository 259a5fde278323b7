package org.taf.runner.report.flame;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.taf.runner.jfr.CollapsedStacks;

/**
 * The call tree of one or two sets of folded stacks: a node per frame in its calling context, with
 * its inclusive weight on each side ({@code a} = parent, {@code b} = patch; a plain graph uses
 * {@code a} only). Children are ordered by name, as flamegraph.pl sorts them.
 */
final class FlameTree {
    final String name;
    final int depth;
    double a;
    double b;
    final TreeMap<String, FlameTree> children = new TreeMap<>();

    private FlameTree(String name, int depth) {
        this.name = name;
        this.depth = depth;
    }

    /** A frame drawn at {@code x} (px), {@code w} px wide. */
    record Box(FlameTree node, double x, double w) {
    }

    /** The tree of {@code a} times {@code fa} and {@code b} times {@code fb} under a root named "all". */
    static FlameTree of(CollapsedStacks a, double fa, CollapsedStacks b, double fb) {
        FlameTree root = new FlameTree("all", 0);
        add(root, a, fa, true);
        add(root, b, fb, false);
        return root;
    }

    private static void add(FlameTree root, CollapsedStacks stacks, double factor, boolean sideA) {
        stacks.stacks().forEach((stack, weight) -> {
            double w = weight * factor;
            FlameTree node = root;
            node.addWeight(w, sideA);
            for (String frame : stack.split(";")) {
                FlameTree parent = node;
                node = parent.children.computeIfAbsent(frame, f -> new FlameTree(f, parent.depth + 1));
                node.addWeight(w, sideA);
            }
        });
    }

    private void addWeight(double w, boolean sideA) {
        if (sideA) {
            a += w;
        } else {
            b += w;
        }
    }

    /**
     * The frames at least {@code minWidth} px wide when the root spans {@code width} px from
     * {@code left}, widths by {@code weight}; root first, then depth first in name order. A frame too
     * narrow is left out with everything above it (narrower still); its weight stays in its caller's
     * width, as the gap right of the caller's drawn children.
     */
    List<Box> layout(ToDoubleFunction<FlameTree> weight, double left, double width, double minWidth) {
        List<Box> out = new ArrayList<>();
        double total = weight.applyAsDouble(this);
        if (total > 0) {
            place(this, weight, left, width / total, minWidth, out);
        }
        return out;
    }

    private static void place(FlameTree node, ToDoubleFunction<FlameTree> weight, double x, double pxPerUnit,
            double minWidth, List<Box> out) {
        double w = weight.applyAsDouble(node) * pxPerUnit;
        if (w < minWidth) {
            return;
        }
        out.add(new Box(node, x, w));
        double used = 0; // in weight units, so that rounding does not drift along a row
        for (FlameTree child : node.children.values()) {
            place(child, weight, x + used * pxPerUnit, pxPerUnit, minWidth, out);
            used += weight.applyAsDouble(child);
        }
    }
}
