package org.taf.runner.sys;

import java.util.Collection;
import java.util.Optional;

/**
 * The edit distance behind every "did you mean" (keys, names, revisions): optimal string alignment
 * (Levenshtein plus swaps of adjacent characters), and how close counts as a typo.
 */
public final class EditDistance {
    private EditDistance() {}

    /** Edits (insert, delete, substitute, swap two neighbours) that turn {@code a} into {@code b}. */
    public static int between(String a, String b) {
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

    /** Most edits that still count as a typo of a word this long. */
    public static int tolerance(String word) {
        return Math.max(2, word.length() / 5);
    }

    /** The closest candidate within {@link #tolerance}, earliest on ties. */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = tolerance(word) + 1;
        for (String c : candidates) {
            int d = between(word, c);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }
}
