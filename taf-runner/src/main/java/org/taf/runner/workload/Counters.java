package org.taf.runner.workload;

import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import org.taf.runner.workload.sample.Counts;

/**
 * The live counters of one worker thread. Only that thread writes (plain read + release store, no atomic
 * read-modify-write, no sharing between workers); the reporter reads snapshots. Event latencies go to an
 * HdrHistogram recorder in nanoseconds, swapped out once per interval without stopping the writer.
 */
final class Counters {
    private static final int EVENTS = 0;
    private static final int READS = 1;
    private static final int WRITES = 2;
    private static final int OTHER = 3;
    private static final int ERRORS = 4;
    private static final int RECONNECTS = 5;
    private static final int NEW_ORDERS = 6;
    /** Three significant digits: 0.1% resolution on latencies, as is usual for HdrHistogram. */
    private static final int DIGITS = 3;

    private final AtomicLongArray values = new AtomicLongArray(7);
    private final SingleWriterRecorder latency = new SingleWriterRecorder(DIGITS);
    private Histogram recycled;

    private void increment(int index) {
        values.setRelease(index, values.getPlain(index) + 1);
    }

    void read() {
        increment(READS);
    }

    void write() {
        increment(WRITES);
    }

    void other() {
        increment(OTHER);
    }

    void error() {
        increment(ERRORS);
    }

    void reconnect() {
        increment(RECONNECTS);
    }

    /** A TPROC-C new order committed (counted before its event ends). */
    void newOrder() {
        increment(NEW_ORDERS);
    }

    /** One completed event that took {@code nanos}. */
    void event(long nanos) {
        latency.recordValue(Math.max(0, nanos));
        increment(EVENTS);
    }

    /** The counts so far (each value exact; the set read one after another). */
    Counts snapshot() {
        return new Counts(values.getAcquire(EVENTS), values.getAcquire(READS), values.getAcquire(WRITES),
                values.getAcquire(OTHER), values.getAcquire(ERRORS), values.getAcquire(RECONNECTS),
                values.getAcquire(NEW_ORDERS));
    }

    /** Latencies recorded since the previous call; called by the reporter thread only. */
    Histogram takeLatencies() {
        Histogram h = latency.getIntervalHistogram(recycled);
        recycled = null; // the caller adds it elsewhere and hands it back with recycle()
        return h;
    }

    /** Gives a histogram back for reuse by the next {@link #takeLatencies()}. */
    void recycle(Histogram h) {
        recycled = h;
    }
}
