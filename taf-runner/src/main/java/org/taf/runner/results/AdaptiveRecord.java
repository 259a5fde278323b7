package org.taf.runner.results;

import java.time.Duration;
import java.util.Objects;
import org.taf.runner.stats.AdaptiveProgress;
import org.taf.runner.stats.StopReason;

/**
 * What the adaptive loop did in a run: after the planned A/B pairs, undecided cells got more pairs
 * until decided, {@code stats.budget} was spent or {@code stats.max_pairs} was reached.
 *
 * @param enabled          whether the loop could add pairs ({@code stats.max_pairs} above {@code measure.iterations})
 * @param maxPairs         {@code stats.max_pairs}: pairs per cell at most
 * @param budgetSeconds    {@code stats.budget}, in seconds
 * @param spentSeconds     wall time spent on extra pairs, in seconds
 * @param pairCostSeconds  estimated wall time of one A/B pair (mean of the measured ones), in seconds; null
 *                         before any pair was measured
 * @param extraPairs       A/B pairs measured beyond the planned ones, over all cells
 * @param level            the per-look level the adjusted p-values were compared with (smaller than
 *                         {@code stats.fdr} when the loop is enabled, so repeated looks stay honest)
 * @param stopReason       why the loop stopped (PENDING when interrupted)
 * @param why              one sentence: the loop's last decision, with budget and cell counts
 */
public record AdaptiveRecord(boolean enabled, int maxPairs, long budgetSeconds, double spentSeconds,
                             Double pairCostSeconds, int extraPairs, double level, StopReason stopReason, String why) {
    public AdaptiveRecord {
        Objects.requireNonNull(stopReason, "stopReason");
        Objects.requireNonNull(why, "why");
    }

    /**
     * The progress the final look of a judged run must use: the one the loop ended with, or null when no
     * loop ran (stored results of older runs, or a loop that was disabled). The loop keeps the pair cost in
     * whole milliseconds, so the seconds stored here give it back exactly.
     */
    public AdaptiveProgress progress() {
        if (!enabled || pairCostSeconds == null) {
            return null;
        }
        return new AdaptiveProgress(Duration.ofMillis(Math.round(spentSeconds * 1000)),
                Duration.ofMillis(Math.max(1, Math.round(pairCostSeconds * 1000))));
    }
}
