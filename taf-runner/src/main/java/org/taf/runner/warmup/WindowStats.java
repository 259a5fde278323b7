package org.taf.runner.warmup;

import java.time.Duration;
import java.util.List;

/**
 * Steadiness of a window of samples (CPU percent, or TPS), the numbers the settle rule decides on.
 *
 * @param mean     mean CPU percent over the window
 * @param cvPct    coefficient of variation: sample standard deviation / mean x 100; infinite when
 *                 the mean is 0 (an engine doing nothing is not "steady under load")
 * @param slopePct least-squares slope of CPU percent over time, times the window length, as a
 *                 percentage of the mean: how much the load would drift across one window; signed
 */
public record WindowStats(double mean, double cvPct, double slopePct) {

    /**
     * Computes the statistics of {@code window} (at least 2 samples), scaling the slope to
     * {@code windowLength}.
     */
    public static WindowStats of(List<CpuPoint> window, Duration windowLength) {
        double[] t = new double[window.size()];
        double[] v = new double[window.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = seconds(window.get(i).elapsed());
            v[i] = window.get(i).cpuPercent();
        }
        return of(t, v, seconds(windowLength));
    }

    /**
     * The same statistics of any series: values {@code v} at times {@code t} (seconds), the slope
     * scaled to {@code windowSeconds}. The warm-up on TPS uses it on the load's own samples.
     */
    public static WindowStats of(double[] t, double[] v, double windowSeconds) {
        int n = v.length;
        if (n < 2 || t.length != n) {
            throw new IllegalArgumentException("a window needs at least 2 samples with a time each, got " + n);
        }
        double meanX = 0;
        double meanY = 0;
        for (int i = 0; i < n; i++) {
            meanX += t[i];
            meanY += v[i];
        }
        meanX /= n;
        meanY /= n;
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dx = t[i] - meanX;
            double dy = v[i] - meanY;
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
        }
        if (meanY <= 0) {
            return new WindowStats(meanY, Double.POSITIVE_INFINITY, syy == 0 ? 0 : Double.POSITIVE_INFINITY);
        }
        double cv = Math.sqrt(syy / (n - 1)) / meanY * 100;
        double slopePerSecond = sxx == 0 ? 0 : sxy / sxx;
        return new WindowStats(meanY, cv, slopePerSecond * windowSeconds / meanY * 100);
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
