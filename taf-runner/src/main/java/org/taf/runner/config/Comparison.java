package org.taf.runner.config;

import java.util.Objects;

/**
 * A parent and a patch side measured against each other.
 *
 * @param name   identifier, unique in the definition: {@code default} for the single pair, the
 *               name from {@code comparisons}, or {@code <name>-<value>} for a sweep's steps
 * @param label  how posts title it, e.g. a branch name or {@code HEAD~1 vs HEAD}
 * @param parent the baseline side
 * @param patch  the side under test
 */
public record Comparison(String name, String label, Side parent, Side patch) {
    public Comparison {
        Objects.requireNonNull(parent, "parent");
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(label, "label");
        if (name == null || !name.matches("[A-Za-z0-9_.=-]+")) {
            throw new IllegalArgumentException("bad comparison name: " + name);
        }
    }
}
