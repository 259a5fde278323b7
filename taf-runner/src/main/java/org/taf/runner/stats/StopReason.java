package org.taf.runner.stats;

/** Why the adaptive loop stopped adding A/B pairs to a cell (or to the run). */
public enum StopReason {
    /** The verdict is final (improved, regressed, same, not comparable, failed). */
    DECIDED,
    /**
     * The interval lies wholly between the warning and the fail (or gain) threshold: the change is
     * real-looking but below the thresholds, and more pairs would only narrow it there.
     */
    BETWEEN_THRESHOLDS,
    /** The time budget ({@code stats.budget}) cannot pay for another pair. */
    BUDGET_SPENT,
    /** The cell reached the maximum number of pairs. */
    MAX_PAIRS,
    /**
     * The host is too noisy now: at the spread its pairs show, even the most pairs the budget reaches could not answer
     * the cell's question ({@link Futility}), so the loop stops in minutes instead of spending the whole budget.
     */
    TOO_NOISY,
    /** No adaptive loop ran: only the planned pairs were measured (e.g. {@code compare} on stored results). */
    PLANNED_ONLY,
    /** Not stopped: the cell gets (or waits for) another pair. Only in interim results. */
    PENDING
}
