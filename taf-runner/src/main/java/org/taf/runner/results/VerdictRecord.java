package org.taf.runner.results;

import java.util.List;

/**
 * The statistics of one cell, computed by the stats stage from the iterations (never by the
 * outputs). Nullable numbers are absent when the data cannot give them (e.g. one iteration).
 *
 * @param verdict        the verdict
 * @param classic        TAF's classic verdict on the median ratio: PASS, WARNING, FAIL or GAIN
 * @param parentTps      steady-state TPS of the parent (median of iteration medians)
 * @param patchTps       steady-state TPS of the patch
 * @param ratio          patch / parent
 * @param ciLow          lower end of the ratio's confidence interval
 * @param ciHigh         upper end
 * @param confidence     the interval's confidence, e.g. 0.95
 * @param pValue         the rank test's p-value
 * @param pAdjusted      the p-value adjusted over all cells of the run (Benjamini-Hochberg)
 * @param pairsUsed      A/B iteration pairs that went into the verdict
 * @param stopReason     why measuring stopped ("planned iterations", "decided", "budget spent")
 * @param mdePct         smallest change in percent this cell could detect
 * @param parentCpuPerTx engine CPU milliseconds per transaction, parent
 * @param patchCpuPerTx  engine CPU milliseconds per transaction, patch
 * @param notes          what a reader must know: excluded iterations and why, warnings
 * @param cpu            engine CPU time per transaction compared, or null (no CPU readings, or a file
 *                       written before this field existed)
 */
public record VerdictRecord(Verdict verdict, String classic, Double parentTps, Double patchTps, Double ratio,
                            Double ciLow, Double ciHigh, double confidence, Double pValue, Double pAdjusted,
                            int pairsUsed, String stopReason, Double mdePct, Double parentCpuPerTx,
                            Double patchCpuPerTx, List<String> notes, CpuVerdictRecord cpu) {
    public VerdictRecord {
        notes = List.copyOf(notes);
    }

    /** A verdict without the CPU comparison. */
    public VerdictRecord(Verdict verdict, String classic, Double parentTps, Double patchTps, Double ratio,
                         Double ciLow, Double ciHigh, double confidence, Double pValue, Double pAdjusted,
                         int pairsUsed, String stopReason, Double mdePct, Double parentCpuPerTx,
                         Double patchCpuPerTx, List<String> notes) {
        this(verdict, classic, parentTps, patchTps, ratio, ciLow, ciHigh, confidence, pValue, pAdjusted, pairsUsed,
                stopReason, mdePct, parentCpuPerTx, patchCpuPerTx, notes, null);
    }
}
