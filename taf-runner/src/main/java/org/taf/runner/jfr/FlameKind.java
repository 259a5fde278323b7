package org.taf.runner.jfr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

/**
 * What a flame graph measures, the JFR events it is folded from, and the unit of its weights.
 *
 * <ul>
 * <li>{@link #CPU}: {@code jdk.ExecutionSample}, weight 1 per sample (a sample stands for one
 * sampling period of a thread running Java code).
 * <li>{@link #LOCKS}: {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark}, weight = the wait's
 * duration in nanoseconds (exact integers, so folding loses nothing; shown as µs, ms, s).
 * </ul>
 */
public enum FlameKind {
    CPU("CPU samples", List.of("jdk.ExecutionSample")),
    LOCKS("lock contention", List.of("jdk.JavaMonitorEnter", "jdk.ThreadPark"));

    private final String label;
    private final List<String> events;

    FlameKind(String label, List<String> events) {
        this.label = label;
        this.events = events;
    }

    /** For people: {@code CPU samples}, {@code lock contention}. */
    public String label() {
        return label;
    }

    /** The JFR event type names folded into this kind. */
    public List<String> events() {
        return events;
    }

    /** A weight for people: {@code 1,234 samples}, {@code 12.3 ms}. Locale independent. */
    public String format(double weight) {
        return this == CPU ? samples(weight) + (weight == 1 ? " sample" : " samples") : nanos(weight);
    }

    /** A weight per transaction: {@code 0.0123 samples/tx}, {@code 4.56 µs/tx}. */
    public String formatPerTx(double weight) {
        return (this == CPU ? significant(weight) + " samples" : nanos(weight)) + "/tx";
    }

    private static String samples(double w) {
        return w == Math.rint(w) && Math.abs(w) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) w) : significant(w);
    }

    private static String nanos(double ns) {
        double a = Math.abs(ns);
        return a < 1e3 ? significant(ns) + " ns" : a < 1e6 ? significant(ns / 1e3) + " \u00b5s"
                : a < 1e9 ? significant(ns / 1e6) + " ms" : significant(ns / 1e9) + " s";
    }

    /** Three significant digits, plain notation: {@code 0.0123}, {@code 12.3}, {@code 1230}. */
    public static String significant(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v == 0 ? "0" : String.valueOf(v);
        }
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
