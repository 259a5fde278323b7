package org.taf.runner.stats;

import java.util.Arrays;

/**
 * The mean of the middle of a sample: the lowest and the highest {@value #FRACTION} of the values (whole
 * values, rounded down, but at least one at each end from 3 values on) are left out. A short start of 3-9
 * samples thus keeps the median's robustness (of 3 values the middle one is left), where a plain mean let one
 * unsettled start call an unchanged commit REGRESSED. A start's TPS in the paired analysis is the trimmed mean of
 * its samples: it keeps the median's indifference to a stalled or spiking sample (up to 4 of a main-job start's
 * 40) and most of the mean's efficiency on the host's second-to-second noise, and its pairs spread less than the
 * median's (docs/benchmarks/rules-evidence.md). Commons Math has the median and percentiles but no trimmed mean,
 * hence these lines.
 */
public final class TrimmedMean {
    /** Left out at each end. */
    public static final double FRACTION = 0.10;

    private TrimmedMean() {}

    /** The {@value #FRACTION} trimmed mean of {@code values}; NaN when there are none. */
    public static double of(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] x = values.clone();
        Arrays.sort(x);
        int cut = x.length < 3 ? 0 : Math.max(1, (int) Math.floor(x.length * FRACTION));
        double sum = 0;
        for (int i = cut; i < x.length - cut; i++) {
            sum += x[i];
        }
        return sum / (x.length - 2 * cut);
    }
}
