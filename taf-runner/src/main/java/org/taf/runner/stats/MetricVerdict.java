package org.taf.runner.stats;

import java.util.Objects;

/**
 * One metric of a cell compared over its A/B pairs ({@link PairedTest}): the geometric mean of the
 * per-pair ratios, a t interval at the look's level, a paired t-test adjusted with the other
 * metrics and cells (Benjamini-Hochberg), and how it moved.
 *
 * @param metric     what was compared
 * @param parent     the parent's level: geometric mean of its included starts (TPS, or CPU us per transaction)
 * @param patch      the patch's level
 * @param ratio      patch / parent: the geometric mean of the per-pair ratios
 * @param ciLow      lower end of the ratio's interval; null with fewer than 3 pairs or no spread
 * @param ciHigh     upper end
 * @param confidence confidence of the interval (1 - the look's level)
 * @param pValue     two-sided paired t-test p-value; null without an interval
 * @param pAdjusted  Benjamini-Hochberg adjusted p over every tested metric of every cell of the comparison
 * @param pairs      A/B pairs it comes from
 * @param sdLog      SD of the per-pair log-ratios (about the CV of one pair's ratio); NaN below 2 pairs
 * @param change     BETTER, WORSE, SAME or UNKNOWN
 * @param gates      whether this metric may decide the cell's verdict ({@code verdict.metrics})
 * @param equivalence the interval that decides SAME, at {@link StatsOptions#equivalenceLevel} (two one-sided
 *                   tests); null without an interval
 * @param question   what this metric asks in its cell ({@code verdict.question} and its keys, {@link Questions}):
 *                   EQUIVALENCE is answered by SAME, NON_INFERIORITY by SAME or NOT_WORSE; it decides nothing when
 *                   the metric does not gate
 */
public record MetricVerdict(Metric metric, double parent, double patch, double ratio, Double ciLow, Double ciHigh,
                            double confidence, Double pValue, Double pAdjusted, int pairs, double sdLog,
                            Change change, boolean gates, PairedTest.Interval equivalence, Question question) {
    public MetricVerdict {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(question, "question");
        if ((ciLow == null) != (ciHigh == null)) {
            throw new IllegalArgumentException("an interval needs both ends: [" + ciLow + ", " + ciHigh + "]");
        }
    }

    /** A metric that asks equivalence, as every metric did before {@code verdict.question}. */
    public MetricVerdict(Metric metric, double parent, double patch, double ratio, Double ciLow, Double ciHigh,
                         double confidence, Double pValue, Double pAdjusted, int pairs, double sdLog, Change change,
                         boolean gates, PairedTest.Interval equivalence) {
        this(metric, parent, patch, ratio, ciLow, ciHigh, confidence, pValue, pAdjusted, pairs, sdLog, change, gates,
                equivalence, Question.EQUIVALENCE);
    }

    /** True when this metric's change answers its question: SAME, or NOT_WORSE where it asks non-inferiority. */
    public boolean answered() {
        return change == Change.SAME || change == Change.NOT_WORSE && question == Question.NON_INFERIORITY;
    }

    /** The change in percent, signed as the ratio: (ratio - 1) * 100. */
    public double changePct() {
        return (ratio - 1) * 100;
    }

    /** This verdict with its adjusted p-value and change. */
    MetricVerdict judged(Double adjusted, Change newChange) {
        return new MetricVerdict(metric, parent, patch, ratio, ciLow, ciHigh, confidence, pValue, adjusted, pairs,
                sdLog, newChange, gates, equivalence, question);
    }
}
