package org.taf.runner.stats;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * TAF's classic verdict (taf.pl): the median TPS of each side, their ratio, and fixed thresholds.
 * Kept beside the statistical verdict so that posts can show both; it says nothing about noise. Its numbers
 * are NaN where a stored verdict did not record them (the outcome alone).
 *
 * @param parentMedianTps median of the parent's iteration medians, TPS
 * @param patchMedianTps  median of the patch's iteration medians, TPS
 * @param ratio           patch / parent
 * @param changePct       (ratio - 1) * 100, percent; negative is a drop
 * @param outcome         FAIL when the drop is at least failPct, WARNING at least warningPct, GAIN when
 *                        the rise is at least gainPct, else PASS
 */
public record ClassicVerdict(double parentMedianTps, double patchMedianTps, double ratio, double changePct,
        ClassicOutcome outcome) {

    /** The classic verdict of the included iterations of both sides (each non-empty, medians > 0). */
    public static ClassicVerdict of(List<IterationSummary> parent, List<IterationSummary> patch, StatsOptions o) {
        double a = medianOfMedians(parent);
        double b = medianOfMedians(patch);
        double ratio = b / a;
        double change = (ratio - 1) * 100;
        ClassicOutcome outcome;
        if (-change >= o.failPct()) {
            outcome = ClassicOutcome.FAIL;
        } else if (-change >= o.warningPct()) {
            outcome = ClassicOutcome.WARNING;
        } else if (change >= o.gainPct()) {
            outcome = ClassicOutcome.GAIN;
        } else {
            outcome = ClassicOutcome.PASS;
        }
        return new ClassicVerdict(a, b, ratio, change, outcome);
    }

    private static double medianOfMedians(List<IterationSummary> side) {
        return new Median().evaluate(side.stream().mapToDouble(IterationSummary::medianTps).toArray());
    }
}
