package org.taf.runner.stats;

import java.util.List;
import java.util.TreeSet;

/**
 * Which flagged iterations are left out of the verdict. Flagged iterations are always kept in the
 * data and shown; the rule only decides whether they count. They are left out of a side only when
 * at least {@code minRemaining} iterations of that side carry none of the flags, otherwise all are
 * kept and a warning says so (dropping most of a side would hide a problem rather than avoid it).
 *
 * @param flags        flags that exclude an iteration (default ERRORS, NOISY_SPELL, NOT_SETTLED)
 * @param minRemaining unflagged iterations a side needs for the exclusion to apply (default 3, the
 *                     fewest an interval and a p-value need: excluding must not leave too few)
 */
public record ExclusionRule(List<String> flags, int minRemaining) {
    /**
     * Default rule: exclude iterations with errors, an unsettled warm-up, or measured in a noisy spell of the host
     * (the host probe read it noisy before or after the pair: both sides carry the flag, so the pair goes), when 3
     * clean ones remain. Leaving a pair out for the host's state is blind to its ratio, so it cannot bias the
     * verdict; it only keeps a spell's wide pairs from widening the interval.
     */
    public static final ExclusionRule DEFAULT = new ExclusionRule(List.of("NOT_SETTLED", "ERRORS", "NOISY_SPELL"),
            StatsOptions.MIN_ITERATIONS);

    public ExclusionRule {
        for (String f : flags) {
            if (f.isBlank()) {
                throw new IllegalArgumentException("exclusion flags must not be blank: " + flags);
            }
        }
        flags = List.copyOf(new TreeSet<>(flags)); // sorted and distinct: stable in outputs
        if (minRemaining < 1) {
            throw new IllegalArgumentException("exclusion minRemaining (" + minRemaining + ") must be >= 1");
        }
    }

    /**
     * The rule for alternating pairs: {@code NOT_SETTLED} no longer excludes. A warm-up that did not
     * settle is a level still moving; when both engines are alive and the load alternates between them,
     * that movement falls on both sides' windows alike, and on this VM it was the host's drift, not a
     * JIT climb: the pairs with an unsettled side spread no more than the clean ones, and the rule had dropped half
     * the pairs (docs/benchmarks/rules-evidence.md).
     */
    public ExclusionRule forAlternating() {
        return new ExclusionRule(flags.stream().filter(f -> !f.equals("NOT_SETTLED")).toList(), minRemaining);
    }

    /** True when the iteration carries a flag of this rule. */
    public boolean matches(IterationSample s) {
        return s.flags().stream().anyMatch(flags::contains);
    }

    /** The rule in one sentence, for the outputs. */
    public String describe() {
        if (flags.isEmpty()) {
            return "no iteration is excluded";
        }
        return "iterations flagged " + String.join(" or ", flags) + " are left out of the verdict when at least "
                + minRemaining + " unflagged iterations remain on that side";
    }
}
