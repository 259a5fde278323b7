package org.taf.runner.stats;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * The steady state of one iteration: the median of its per-second TPS (robust to the stalls and
 * spikes of single seconds), with a robust spread (MAD, IQR) and the plain mean and CV beside it.
 *
 * @param index     iteration index (the A/B pair it belongs to)
 * @param seconds   number of per-second samples
 * @param medianTps median of the samples, TPS: the iteration's steady-state throughput
 * @param madTps    median absolute deviation from the median, TPS (unscaled)
 * @param iqrTps    interquartile range (R-7 quantiles, as R and NumPy default), TPS
 * @param meanTps   mean of the samples, TPS
 * @param cv        coefficient of variation of the samples (sample SD / mean), a fraction; 0 for one sample
 * @param flags     the iteration's quality flags
 */
public record IterationSummary(int index, int seconds, double medianTps, double madTps, double iqrTps,
        double meanTps, double cv, List<String> flags) {
    public IterationSummary {
        flags = List.copyOf(flags);
    }

    /** Summarizes one iteration. */
    public static IterationSummary of(IterationSample sample) {
        double[] x = sample.samples();
        Median median = new Median();
        double m = median.evaluate(x);
        double[] dev = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            dev[i] = Math.abs(x[i] - m);
        }
        Percentile q = new Percentile().withEstimationType(EstimationType.R_7);
        q.setData(x);
        double iqr = q.evaluate(75) - q.evaluate(25);
        double mean = new Mean().evaluate(x);
        double sd = x.length > 1 ? new StandardDeviation(true).evaluate(x, mean) : 0;
        double cv = mean > 0 ? sd / mean : 0;
        return new IterationSummary(sample.index(), x.length, m, median.evaluate(dev), iqr, mean, cv,
                sample.flags());
    }
}
