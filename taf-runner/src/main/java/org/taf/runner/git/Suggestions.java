package org.taf.runner.git;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" for mistyped branch and tag names: the closest candidate by edit distance. */
final class Suggestions {
    private Suggestions() {}

    /**
     * The candidate nearest to {@code wanted}, if it is near enough: at most one edit for names up to four
     * characters, two beyond (a swap of neighbours counts as one edit). Ties go to the alphabetically first.
     */
    static Optional<String> closest(String wanted, Collection<String> candidates) {
        int limit = wanted.length() <= 4 ? 1 : 2;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(wanted.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d <= limit && (d < bestDistance || d == bestDistance && candidate.compareTo(best) < 0)) {
                best = candidate;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    static int distance(String a, String b) {
        return org.taf.runner.sys.EditDistance.between(a, b);
    }
}
