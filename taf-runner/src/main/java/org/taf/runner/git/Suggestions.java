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
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
