package org.taf.runner.report;

import org.taf.runner.results.CountersRecord;
import org.taf.runner.stats.CounterChange;

/** The engine's counters as the outputs print them; the comparison comes from the stats stage. */
final class CounterTexts {
    private CounterTexts() {}

    /** What a counter is, in a reader's words, for the process ones; the engine's go by their SHOW STATUS names. */
    static String label(String name) {
        return switch (name) {
            case CountersRecord.VOLUNTARY -> "voluntary context switches";
            case CountersRecord.INVOLUNTARY -> "involuntary context switches";
            case CountersRecord.MINOR_FAULTS -> "minor page faults";
            default -> name;
        };
    }

    /** {@code Innodb_buffer_pool_mutex_waits 0.210 -> 2.05 per tx, ratio 9.762 [9.500, 10.010]}. */
    static String line(Formats f, CounterChange c) {
        return label(c.name()) + " " + f.perTx(c.parent()) + " -> " + f.perTx(c.patch()) + " per tx, ratio "
                + f.ratio(c.ratio()) + " " + f.interval(c.ciLow(), c.ciHigh()) + " (" + f.change(c.ratio()) + ")";
    }
}
