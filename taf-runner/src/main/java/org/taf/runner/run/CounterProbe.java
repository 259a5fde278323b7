package org.taf.runner.run;

import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.TafException;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.sys.ProcessCounters;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.EngineStatus;

/**
 * Counts what the engine does in one measured window: a reading of its status counters and of its
 * process tree's switches and faults when the window's first sample ends, another when its last
 * ends, and the transactions and seconds of the samples in between. A reading that fails (the engine
 * went away) leaves the window without counters and says why; it never fails the measurement.
 */
final class CounterProbe implements AutoCloseable {
    private final long pid;
    private final EngineStatus status;
    private Map<String, Long> engineBefore;
    private ProcessCounters processBefore;
    private long transactions;
    private double seconds;
    private CountersRecord result;
    private long readNanos;
    private String problem;

    private CounterProbe(long pid, EngineStatus status, String problem) {
        this.pid = pid;
        this.status = status;
        this.problem = problem;
    }

    /**
     * A probe of the engine with host pid {@code pid} answering at {@code c}: opens its status connection and
     * reads everything once, before the window's load runs. The first SHOW GLOBAL STATUS of an engine's life
     * loads and interprets code no warm-up ran; read inside the window, it slowed the engine's first alternating
     * window (docs/benchmarks/rules-evidence.md).
     */
    static CounterProbe open(long pid, ConnectionSettings c) {
        EngineStatus status;
        try {
            status = EngineStatus.open(c);
        } catch (TafException e) {
            return new CounterProbe(pid, null, e.getMessage());
        }
        try {
            status.read();
            ProcessCounters.of(pid);
            return new CounterProbe(pid, status, null);
        } catch (TafException e) {
            status.close();
            return new CounterProbe(pid, null, e.getMessage());
        }
    }

    /** The first measured sample ended: the readings the window's counts start from. */
    void start() {
        if (status == null) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            processBefore = ProcessCounters.of(pid);
            engineBefore = status.read();
            readNanos += System.nanoTime() - t0;
        } catch (TafException e) {
            problem = e.getMessage();
        }
    }

    /** One more measured sample after the first. */
    void count(long events, double intervalSeconds) {
        transactions += events;
        seconds += intervalSeconds;
    }

    /** The last measured sample ended. */
    void end() {
        if (engineBefore == null || problem != null) {
            return;
        }
        long t0 = System.nanoTime();
        try {
            ProcessCounters.Delta d = ProcessCounters.of(pid).delta(processBefore);
            Map<String, Long> engine = EngineStatus.delta(engineBefore, status.read());
            readNanos += System.nanoTime() - t0;
            Map<String, Long> process = new TreeMap<>();
            process.put(CountersRecord.VOLUNTARY, d.voluntarySwitches());
            process.put(CountersRecord.INVOLUNTARY, d.involuntarySwitches());
            process.put(CountersRecord.MINOR_FAULTS, d.minorFaults());
            result = new CountersRecord(Math.round(seconds * 1000) / 1000.0, transactions, engine, process,
                    d.threads(), d.threadsLost(), Math.round(readNanos / 1e3) / 1e3);
        } catch (TafException e) {
            problem = e.getMessage();
        }
    }

    /** The window's counts; null when a reading failed or the window had fewer than two samples. */
    CountersRecord result() {
        return result;
    }

    @Override
    public void close() {
        if (status != null) {
            status.close();
        }
    }
}
