package org.taf.runner.stats;

import java.util.Objects;

/**
 * One engine counter of a cell compared per transaction over its A/B pairs, like a metric
 * ({@link PairedTest}: geometric mean of the pair ratios, t interval, paired t-test), but never deciding
 * the verdict: counters answer "what else changed" beside it. Their p-values are adjusted together,
 * over every counter of every cell (Benjamini-Hochberg), apart from the metrics', so that fifty
 * counters do not dilute the verdict's own family.
 *
 * @param name      the counter, e.g. {@code Innodb_buffer_pool_mutex_waits} or {@code voluntary_ctxt_switches}
 * @param parent    the parent's level per transaction: geometric mean over its starts (with the continuity
 *                  half-count of {@link CounterSample})
 * @param patch     the patch's level per transaction
 * @param ratio     patch / parent: geometric mean of the per-pair ratios
 * @param ciLow     lower end of the ratio's interval at the look's confidence; null without spread
 * @param ciHigh    upper end
 * @param pValue    paired t-test (sign-flip test without spread)
 * @param pAdjusted Benjamini-Hochberg over the counters of the comparison
 * @param pairs     A/B pairs it comes from
 * @param moved     adjusted p below the level, interval excluding 1, and the ratio beyond the margin
 *                  ({@code verdict.counter_margin_pct}) from 1
 */
public record CounterChange(String name, double parent, double patch, double ratio, Double ciLow, Double ciHigh,
                            Double pValue, Double pAdjusted, int pairs, boolean moved) {
    public CounterChange {
        Objects.requireNonNull(name, "name");
    }

    CounterChange judged(Double adjusted, boolean nowMoved) {
        return new CounterChange(name, parent, patch, ratio, ciLow, ciHigh, pValue, adjusted, pairs, nowMoved);
    }
}
