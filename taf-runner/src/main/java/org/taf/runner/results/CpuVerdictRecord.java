package org.taf.runner.results;

import java.util.Objects;

/**
 * The second metric of a cell: the engine's CPU time per transaction, patch against parent,
 * computed by the stats stage from the iterations' {@link EngineCpuRecord}s. Lower is better.
 * Nullable numbers are absent when the data cannot give them (fewer than 3 iterations a side).
 *
 * @param source          where the CPU time was read (of the patch's first iteration with a reading)
 * @param parentUsPerTx   parent's CPU microseconds per transaction (geometric mean of its iterations)
 * @param patchUsPerTx    patch's CPU microseconds per transaction
 * @param ratio           patch / parent; above 1 the patch uses more CPU per transaction
 * @param ciLow           lower end of the ratio's confidence interval (bootstrap over iterations)
 * @param ciHigh          upper end
 * @param pValue          Mann-Whitney U p-value on the iterations' values (not adjusted)
 * @param parentIterations iterations of the parent with a CPU reading
 * @param patchIterations  iterations of the patch with a CPU reading
 * @param change          HIGHER, LOWER, SAME or UNKNOWN (the interval against the warning threshold)
 * @param disagreement    how it disagrees with the TPS verdict, or null when they agree
 */
public record CpuVerdictRecord(String source, double parentUsPerTx, double patchUsPerTx, double ratio, Double ciLow,
                               Double ciHigh, Double pValue, int parentIterations, int patchIterations, String change,
                               String disagreement) {
    public CpuVerdictRecord {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(change, "change");
    }
}
