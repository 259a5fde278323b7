package org.taf.runner.stats;

import java.util.Objects;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.util.FastMath;

/**
 * The two variance components of one side's nested measurements, after Kalibera &amp; Jones, "Rigorous
 * Benchmarking in Reasonable Time" (ISMM 2013): values (windows, or seconds) nested in engine starts.
 * All variances are of natural-log values (ln TPS), so sqrt(variance) is about a CV.
 *
 * <p>Model: {@code y_ij = mu + b_i + w_ij} for start i = 1..a and value j = 1..n_i, with
 * b_i ~ (0, sigma_b^2) between starts and w_ij ~ (0, sigma_w^2) within. The one-way random-effects
 * ANOVA, by the method of moments (Searle, Casella &amp; McCulloch, <i>Variance Components</i>, 1992,
 * section 3.5), with N = sum n_i:
 * <pre>
 *   MSW = sum_ij (y_ij - ybar_i)^2 / (N - a)                  E[MSW] = sigma_w^2
 *   MSB = sum_i n_i (ybar_i - ybar)^2 / (a - 1)               E[MSB] = sigma_w^2 + n0 sigma_b^2
 *   n0  = (N - sum_i n_i^2 / N) / (a - 1)                     (= n when every start has n values)
 *   sigma_w^2 = MSW,   sigma_b^2 = (MSB - MSW) / n0
 * </pre>
 * Both are unbiased, balanced or not. In the balanced case sigma_b^2 is Kalibera &amp; Jones' T_2 =
 * S_2^2 - S_1^2 / n (variance of the start means less the part the within noise explains). The
 * between estimate is negative when the start means agree better than the within noise predicts; it is
 * then reported as 0 with {@link #betweenTruncated()}, and the raw value is kept, because averages and
 * pools of raw values stay unbiased and truncated ones do not.
 *
 * <p>The model takes the values of one start as independent. Per-second TPS is autocorrelated (lag 1
 * about 0.5 on this host); the excess variance of a start's mean then lands in sigma_b^2 and sigma_w^2
 * is that of single seconds. Windows of 10 s or more are nearly independent and are the unit to feed
 * here when the components choose the windows per start ({@link Allocation}).
 *
 * @param withinVariance     sigma_w^2, the pooled within-start variance (MSW), &gt;= 0
 * @param betweenVarianceRaw (MSB - MSW) / n0 before truncation; may be negative; NaN when it was negative and
 *                           only its truncation was recorded
 * @param starts             engine starts the estimate comes from
 * @param values             values over all starts
 * @param withinDf           degrees of freedom of MSW: values - starts
 * @param betweenDf          degrees of freedom of MSB: starts - 1 (a sum of them when combined)
 */
public record VarianceComponents(double withinVariance, double betweenVarianceRaw, int starts, int values,
        int withinDf, int betweenDf) {

    public VarianceComponents {
        if (!(withinVariance >= 0) || Double.isInfinite(withinVariance)) {
            throw new IllegalArgumentException("withinVariance (" + withinVariance + ") must be finite and >= 0");
        }
        if (Double.isInfinite(betweenVarianceRaw)) {
            throw new IllegalArgumentException("betweenVarianceRaw (" + betweenVarianceRaw + ") must be finite or NaN");
        }
        if (starts < 2) {
            throw new IllegalArgumentException("starts (" + starts + ") must be >= 2");
        }
        if (withinDf < 1) {
            throw new IllegalArgumentException("withinDf (" + withinDf + ") must be >= 1: no start has two values");
        }
        if (betweenDf < 1 || betweenDf >= starts) {
            throw new IllegalArgumentException("betweenDf (" + betweenDf + ") must be in [1, starts (" + starts + "))");
        }
        if (values != starts + withinDf) {
            throw new IllegalArgumentException("values (" + values + ") must be starts (" + starts + ") + withinDf ("
                    + withinDf + ")");
        }
    }

    /** sigma_b^2, truncated at 0. */
    public double betweenVariance() {
        return betweenTruncated() ? 0 : betweenVarianceRaw;
    }

    /** True when the raw between-start estimate was negative and {@link #betweenVariance()} reports 0. */
    public boolean betweenTruncated() {
        return !(betweenVarianceRaw >= 0);
    }

    /** sigma_w: the SD of one value within a start (about a CV). */
    public double withinSd() {
        return FastMath.sqrt(withinVariance);
    }

    /** sigma_b: the SD between starts beyond what the values explain; 0 when truncated. */
    public double betweenSd() {
        return FastMath.sqrt(betweenVariance());
    }

    /**
     * Estimates the components of one side.
     *
     * @param logValues one row per engine start, each the natural logs of that start's window (or
     *                  per-second) values; rows may differ in length; at least 2 rows, each non-empty,
     *                  at least one with 2 or more values, all finite
     */
    public static VarianceComponents of(double[][] logValues) {
        Objects.requireNonNull(logValues, "logValues");
        int a = logValues.length;
        if (a < 2) {
            throw new IllegalArgumentException("starts (" + a + ") must be >= 2 to separate between from within");
        }
        double[] means = new double[a];
        long total = 0;
        double sumSquaresOfSizes = 0;
        double withinSs = 0;
        double weighted = 0;
        for (int i = 0; i < a; i++) {
            double[] row = logValues[i];
            if (row == null || row.length == 0) {
                throw new IllegalArgumentException("logValues[" + i + "] (" + (row == null ? "null" : "empty")
                        + ") must hold at least 1 value");
            }
            for (int j = 0; j < row.length; j++) {
                if (!Double.isFinite(row[j])) {
                    throw new IllegalArgumentException("logValues[" + i + "][" + j + "] (" + row[j]
                            + ") must be finite");
                }
            }
            means[i] = StatUtils.mean(row);
            for (double v : row) {
                withinSs += (v - means[i]) * (v - means[i]);
            }
            total += row.length;
            sumSquaresOfSizes += (double) row.length * row.length;
            weighted += row.length * means[i];
        }
        long withinDf = total - a;
        if (withinDf < 1) {
            throw new IllegalArgumentException("values (" + total + ") minus starts (" + a + ") must be >= 1: no start"
                    + " has two values to measure the within-start variance");
        }
        double grand = weighted / total;
        double betweenSs = 0;
        for (int i = 0; i < a; i++) {
            betweenSs += logValues[i].length * (means[i] - grand) * (means[i] - grand);
        }
        double msw = withinSs / withinDf;
        double msb = betweenSs / (a - 1);
        double n0 = (total - sumSquaresOfSizes / total) / (a - 1);
        return new VarianceComponents(msw, (msb - msw) / n0, a, Math.toIntExact(total), Math.toIntExact(withinDf),
                a - 1);
    }

    /**
     * Pools the components of two sides (parent and patch, assumed to share them): each component is
     * the degrees-of-freedom-weighted mean of the two, as in a pooled variance; the raw between
     * estimates are pooled before truncation, so the pool stays unbiased.
     */
    public static VarianceComponents combine(VarianceComponents first, VarianceComponents second) {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        int withinDf = first.withinDf + second.withinDf;
        int betweenDf = first.betweenDf + second.betweenDf;
        double within = (first.withinDf * first.withinVariance + second.withinDf * second.withinVariance) / withinDf;
        double between = (first.betweenDf * first.betweenVarianceRaw + second.betweenDf * second.betweenVarianceRaw)
                / betweenDf;
        return new VarianceComponents(within, between, first.starts + second.starts, first.values + second.values,
                withinDf, betweenDf);
    }
}
