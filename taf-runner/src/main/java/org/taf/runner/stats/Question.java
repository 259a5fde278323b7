package org.taf.runner.stats;

import java.util.Locale;

/**
 * What a cell's pairs are asked to show before the cell counts as answered ({@code verdict.question}). Both
 * questions call a decided change (REGRESSED, IMPROVED) the same way; they differ in what passes a cell
 * whose change is small.
 */
public enum Question {
    /**
     * "Is the change within +-{@code verdict.warning_pct}?": two one-sided tests (NO_CHANGE). The stronger claim,
     * and the costlier: on a noisy cell it needs many pairs (the gate's OLTP_RW cell here: 73-132).
     */
    EQUIVALENCE,
    /**
     * "Is the patch not worse by {@code verdict.fail_pct} or more?": one one-sided test (NOT_WORSE). It leaves
     * changes smaller than the fail threshold unresolved, which is what a per-commit gate on a noisy host can
     * afford to answer; the nightly's ratio series against a pinned baseline looks for those.
     */
    NON_INFERIORITY;

    /** The name as written in properties: {@code equivalence}, {@code non_inferiority}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
