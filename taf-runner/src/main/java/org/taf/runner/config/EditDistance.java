package org.taf.runner.config;

import java.util.Collection;
import java.util.Optional;

/** Did-you-mean for keys and names: how close counts as a typo of a configuration word. */
final class EditDistance {
    private EditDistance() {}

    /** See {@link org.taf.runner.EditDistance#between}. */
    static int between(String a, String b) {
        return org.taf.runner.EditDistance.between(a, b);
    }

    /** Most edits that still count as a typo of a word this long. */
    static int tolerance(String word) {
        return Math.max(2, word.length() / 5);
    }

    /** The closest candidate within {@link #tolerance}, earliest on ties. */
    static Optional<String> closest(String word, Collection<String> candidates) {
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
