package org.taf.runner.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * Maps data values onto pixels along one axis, linearly or on a base-2 logarithm (thread counts
 * 1, 2, 4 ... 64 fall evenly), and proposes "nice" tick values (1, 2 or 5 times a power of ten).
 */
final class Scale {
    private final double lo;
    private final double hi;
    private final double from;
    private final double to;
    private final boolean log2;

    private Scale(double lo, double hi, double from, double to, boolean log2) {
        this.lo = lo;
        this.hi = hi;
        this.from = from;
        this.to = to;
        this.log2 = log2;
    }

    /** A linear scale over [lo, hi]; an empty domain is widened so that a lone value sits in the middle. */
    static Scale linear(double lo, double hi, double from, double to) {
        if (hi <= lo) {
            double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
            lo -= pad;
            hi += pad;
        }
        return new Scale(lo, hi, from, to, false);
    }

    /** A base-2 logarithmic scale over [lo, hi], both positive. */
    static Scale log2(double lo, double hi, double from, double to) {
        if (lo <= 0) {
            throw new IllegalArgumentException("log scale needs positive values, got " + lo);
        }
        double l = Math.log(lo) / Math.log(2);
        double h = Math.log(hi) / Math.log(2);
        if (h <= l) {
            l -= 0.5;
            h += 0.5;
        }
        return new Scale(l, h, from, to, true);
    }

    double map(double v) {
        double d = log2 ? Math.log(v) / Math.log(2) : v;
        return from + (d - lo) / (hi - lo) * (to - from);
    }

    /** The domain's upper end in data units. */
    double max() {
        return log2 ? Math.pow(2, hi) : hi;
    }

    /** The domain's lower end in data units. */
    double min() {
        return log2 ? Math.pow(2, lo) : lo;
    }

    /** A nice step so that [lo, hi] holds about {@code count} ticks. */
    static double niceStep(double lo, double hi, int count) {
        double raw = (hi - lo) / Math.max(1, count);
        if (raw <= 0) {
            return 1;
        }
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / mag;
        double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return nice * mag;
    }

    /** Upper bound rounded up to a nice step, so the top tick is at or above the data. */
    static double niceCeil(double hi, int count) {
        if (hi <= 0) {
            return 1;
        }
        double step = niceStep(0, hi, count);
        return Math.ceil(hi / step - 1e-9) * step;
    }

    /** Ticks of a linear domain at multiples of a nice step. */
    List<Double> linearTicks(int count) {
        double step = niceStep(lo, hi, count);
        List<Double> ticks = new ArrayList<>();
        for (double t = Math.ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step) {
            ticks.add(Math.abs(t) < step * 1e-9 ? 0.0 : t);
        }
        return ticks;
    }
}
