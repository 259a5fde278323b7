package org.taf.runner.workload;

import java.util.Locale;
import org.taf.runner.workload.sample.IntervalSample;

/** Formats an {@link IntervalSample} exactly as sysbench 1.0.20 prints an intermediate report. */
public final class LiveLine {
    private LiveLine() {}

    /**
     * For example {@code [ 10s ] thds: 8 tps: 1234.56 qps: 24691.20 (r/w/o: 17283.84/4938.24/2469.12)
     * lat (ms,95%): 8.13 err/s: 0.00 reconn/s: 0.00}; numbers with two decimals and a '.' whatever the locale.
     * TPROC-C's line ends with HammerDB's two rates: {@code nopm: 33360 tpm: 74100}.
     */
    public static String format(IntervalSample s) {
        String line = sysbench(s);
        return s.countsNewOrders() ? line + String.format(Locale.ROOT, " nopm: %.0f tpm: %.0f", s.nopm(), s.tps() * 60)
                : line;
    }

    private static String sysbench(IntervalSample s) {
        return String.format(Locale.ROOT,
                "[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,95%%): %.2f "
                        + "err/s: %.2f reconn/s: %.2f",
                s.second(), s.threads(), s.tps(), s.qps(), s.readsPerSecond(), s.writesPerSecond(),
                s.otherPerSecond(), s.latency().p95Ms(), s.errorsPerSecond(), s.reconnectsPerSecond());
    }
}
