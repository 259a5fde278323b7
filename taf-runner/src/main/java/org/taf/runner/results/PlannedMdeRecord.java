package org.taf.runner.results;

import java.util.Objects;

/**
 * The minimal detectable effect of one workload x threads, computed before measuring from the noise
 * stored by {@code taf calibrate} for this host.
 *
 * @param workload  TAF's test name
 * @param threads   client threads
 * @param mdePct    smallest drop in percent the planned pairs detect at {@code stats.power}; null when
 *                  they cannot reach the significance level at all, or no noise is stored
 * @param pairs     the planned pairs ({@code measure.iterations})
 * @param maxPairs  pairs the adaptive loop may reach ({@code stats.max_pairs}, or the planned pairs)
 * @param maxPairsMdePct the MDE at {@code maxPairs}, or null
 * @param basis     where the noise came from (host fingerprint, date, A/A iterations), or why there is none
 * @param warning   null, or why the planned run cannot see a change of the fail threshold's size, or call an
 *                  unchanged commit NO_CHANGE (both joined by "; ")
 */
public record PlannedMdeRecord(String workload, int threads, Double mdePct, int pairs, int maxPairs,
                               Double maxPairsMdePct, String basis, String warning) {
    public PlannedMdeRecord {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(basis, "basis");
    }
}
