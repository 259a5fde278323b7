package org.taf.runner.jfr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * Folded stacks, immutable: each distinct stack (frames root first, joined by {@code ;} as in Brendan Gregg's
 * {@code root;caller;leaf weight} lines, which flamegraph.pl and speedscope read) with its summed weight. Stacks
 * are kept in {@link String} order of the joined frames, so the same stacks always give the same bytes.
 *
 * <p>Weights are in the unit of their {@link FlameKind} (samples, nanoseconds), or per
 * transaction after {@link #scale}. A frame may not be empty or contain {@code ;} or a line break.
 */
public final class CollapsedStacks {
    /** No stacks, total 0. */
    public static final CollapsedStacks EMPTY = new CollapsedStacks(new TreeMap<>());
    private final NavigableMap<String, Double> stacks;

    /**
     * A frame's weight in these stacks.
     *
     * @param frame the frame's name
     * @param self  weight of the stacks where it is the leaf (time spent in it)
     * @param total weight of the stacks it appears in, each counted once even when it recurses
     */
    public record FrameWeight(String frame, double self, double total) {
    }

    private CollapsedStacks(NavigableMap<String, Double> stacks) {
        this.stacks = Collections.unmodifiableNavigableMap(stacks);
    }

    /** Collects stacks; adding the same stack again adds to its weight. */
    public static final class Builder {
        private final TreeMap<String, Double> stacks = new TreeMap<>();

        private Builder() {}

        /** Adds {@code weight} (finite, >= 0; 0 is ignored) to the stack {@code frames}, root first. */
        public Builder add(List<String> frames, double weight) {
            if (frames.isEmpty()) {
                throw new IllegalArgumentException("a stack needs at least one frame");
            }
            frames.forEach(CollapsedStacks::checkFrame);
            return put(String.join(";", frames), weight);
        }

        /** Adds {@code weight} to a stack given as its frames joined by {@code ;}, {@code root;caller;leaf}. */
        public Builder add(String stack, double weight) {
            return add(List.of(stack.split(";", -1)), weight);
        }

        private Builder put(String key, double weight) {
            if (!Double.isFinite(weight) || weight < 0) {
                throw new IllegalArgumentException("weight of " + key + " (" + weight + ") must be finite and >= 0");
            }
            if (weight > 0) {
                stacks.merge(key, weight, Double::sum);
            }
            return this;
        }

        public CollapsedStacks build() {
            return stacks.isEmpty() ? EMPTY : new CollapsedStacks(new TreeMap<>(stacks));
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Stack (frames joined by {@code ;}, root first) to weight, in order; unmodifiable. */
    public NavigableMap<String, Double> stacks() {
        return stacks;
    }

    public int size() {
        return stacks.size();
    }

    public boolean isEmpty() {
        return stacks.isEmpty();
    }

    /** The sum of all weights. */
    public double total() {
        double t = 0;
        for (double w : stacks.values()) {
            t += w;
        }
        return t;
    }

    /** These stacks and {@code other}'s, weights of equal stacks summed (e.g. the iterations of one side). */
    public CollapsedStacks merge(CollapsedStacks other) {
        TreeMap<String, Double> m = new TreeMap<>(stacks);
        other.stacks.forEach((k, w) -> m.merge(k, w, Double::sum));
        return m.isEmpty() ? EMPTY : new CollapsedStacks(m);
    }

    /** Every weight times {@code factor} (finite, > 0), e.g. {@code 1.0 / transactions}. */
    public CollapsedStacks scale(double factor) {
        if (!Double.isFinite(factor) || factor <= 0) {
            throw new IllegalArgumentException("scale factor (" + factor + ") must be finite and > 0");
        }
        TreeMap<String, Double> m = new TreeMap<>();
        stacks.forEach((k, w) -> m.put(k, w * factor));
        return m.isEmpty() ? EMPTY : new CollapsedStacks(m);
    }

    /** The {@code n} frames with the most self weight, heaviest first (ties by name). */
    public List<FrameWeight> topBySelf(int n) {
        return top(n, Comparator.comparingDouble(FrameWeight::self).reversed());
    }

    /** Every frame's self and total weight, by frame name. */
    public Map<String, FrameWeight> frames() {
        Map<String, double[]> acc = new HashMap<>();
        stacks.forEach((stack, w) -> {
            String[] frames = stack.split(";");
            Set<String> seen = new HashSet<>();
            for (String f : frames) {
                if (seen.add(f)) {
                    acc.computeIfAbsent(f, k -> new double[2])[1] += w;
                }
            }
            acc.get(frames[frames.length - 1])[0] += w;
        });
        Map<String, FrameWeight> out = new TreeMap<>();
        acc.forEach((f, a) -> out.put(f, new FrameWeight(f, a[0], a[1])));
        return out;
    }

    private List<FrameWeight> top(int n, Comparator<FrameWeight> order) {
        if (n < 0) {
            throw new IllegalArgumentException("n (" + n + ") must be >= 0");
        }
        List<FrameWeight> all = new ArrayList<>(frames().values()); // by name: the tie-break
        all.sort(order);
        return List.copyOf(all.subList(0, Math.min(n, all.size())));
    }

    /** Shortest decimal that reads back as the same double, never in exponent notation. */
    static String plain(double w) {
        return BigDecimal.valueOf(w).stripTrailingZeros().toPlainString();
    }

    private static void checkFrame(String f) {
        if (f.isEmpty() || f.indexOf(';') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("frame '" + abbreviate(f) + "' must be non-empty, without ';' or a line"
                    + " break");
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CollapsedStacks c && c.stacks.equals(stacks);
    }

    @Override
    public int hashCode() {
        return stacks.hashCode();
    }

    @Override
    public String toString() {
        return "CollapsedStacks[" + stacks.size() + " stacks, total " + plain(total()) + "]";
    }
}
