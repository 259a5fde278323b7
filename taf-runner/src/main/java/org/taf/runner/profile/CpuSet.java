package org.taf.runner.profile;

import java.util.List;
import java.util.Objects;

/**
 * A set of CPU numbers as Linux writes it ({@code 0-3,8}): what a profile pins the engine or the
 * load generator to. {@link #spec()} is the canonical form (sorted, ranges merged) that
 * {@code docker --cpuset-cpus} and {@code taskset -c} accept.
 *
 * @param cpus the CPU numbers, ascending, without repeats, not empty
 */
public record CpuSet(List<Integer> cpus) {
    /** Upper bound on a CPU number; far above any real machine, it catches typos like {@code 0-1000000}. */
    public static final int MAX_CPU = 4095;

    public CpuSet {
        cpus = List.copyOf(cpus);
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("a cpuset needs at least one CPU");
        }
        for (int i = 0; i < cpus.size(); i++) {
            int c = Objects.requireNonNull(cpus.get(i));
            if (c < 0 || c > MAX_CPU || (i > 0 && c <= cpus.get(i - 1))) {
                throw new IllegalArgumentException("cpus must be ascending numbers in [0, " + MAX_CPU + "]: " + cpus);
            }
        }
    }

    /** The canonical Linux form, e.g. {@code 0-3,8}. */
    public String spec() {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(cpus.get(i));
            if (j > i) {
                sb.append('-').append(cpus.get(j));
            }
            i = j + 1;
        }
        return sb.toString();
    }

    /** Whether this set and {@code other} share a CPU. */
    public boolean overlaps(CpuSet other) {
        return cpus.stream().anyMatch(other.cpus::contains);
    }

    @Override
    public String toString() {
        return spec();
    }
}
