package org.taf.runner.results;

import java.util.Map;
import java.util.TreeMap;

/**
 * What the engine did during one iteration's measured windows, counted: its {@code SHOW GLOBAL STATUS}
 * counters and its process tree's context switches and minor faults, as differences between a reading
 * at the end of each window's first measured sample and one at its last (so the first sample's
 * transactions are not in {@code transactions}). Divided by {@code transactions}, they are the
 * per-transaction counts a cell's counters are compared on. Optional: absent when not read.
 *
 * @param seconds      wall-clock seconds the differences cover (all windows)
 * @param transactions transactions the load counted in those seconds
 * @param engine       growth of each engine counter, by its SHOW STATUS name
 * @param process      growth of {@code voluntary_ctxt_switches}, {@code nonvoluntary_ctxt_switches} and
 *                     {@code minor_faults}, summed over the engine's threads and processes
 * @param threads      engine threads whose switches were read at the end of the last window
 * @param threadsLost  threads that exited between the readings of a window (their switches are lost)
 * @param readMillis   wall time the readings themselves took, all windows (their own cost, on the runner's
 *                     sampling thread: the load's threads never wait for them)
 */
public record CountersRecord(double seconds, long transactions, Map<String, Long> engine, Map<String, Long> process,
                             int threads, int threadsLost, double readMillis) {
    public static final String VOLUNTARY = "voluntary_ctxt_switches";
    public static final String INVOLUNTARY = "nonvoluntary_ctxt_switches";
    public static final String MINOR_FAULTS = "minor_faults";

    public CountersRecord {
        engine = engine == null ? Map.of() : new TreeMap<>(engine);
        process = process == null ? Map.of() : new TreeMap<>(process);
        if (!(seconds >= 0) || transactions < 0) {
            throw new IllegalArgumentException("counters cover " + seconds + " s and " + transactions
                    + " transactions; both must be >= 0");
        }
    }

    /** Context switches of both kinds, or null when the process counters were not read. */
    public Long contextSwitches() {
        Long v = process.get(VOLUNTARY);
        Long i = process.get(INVOLUNTARY);
        return v == null || i == null ? null : v + i;
    }

    /** The counts of two windows of one engine start together (a counter missing from one goes). */
    public CountersRecord plus(CountersRecord o) {
        return new CountersRecord(seconds + o.seconds, transactions + o.transactions, sum(engine, o.engine),
                sum(process, o.process), o.threads, threadsLost + o.threadsLost,
                Math.round((readMillis + o.readMillis) * 1000) / 1000.0);
    }

    private static Map<String, Long> sum(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> out = new TreeMap<>();
        a.forEach((k, v) -> {
            Long w = b.get(k);
            if (w != null) {
                out.put(k, v + w);
            }
        });
        return out;
    }
}
