package org.taf.runner.workload;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.SampleListener;

/**
 * A load kept open across windows: N threads, one connection each, connected and prepared once, running a
 * {@link Workload}'s events only while a window is measured and waiting, connected, in between. Alternating
 * A B A B between two engines this way switches the load without reconnecting: a window starts on warm
 * connections and server threads, so less of it is lost to the switch.
 *
 * <p>{@link #run} measures one window (the load's report intervals, as {@link LoadGenerator#run}); windows
 * are sequential. {@link #close} ends the workers and closes every connection.
 */
public final class LoadSession implements AutoCloseable {
    /** How long a window's end waits for the events in flight before it fails the load. */
    static final long PAUSE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Workload workload;
    private final Duration reportInterval;
    private final PrintStream live;
    private final LongSupplier clock;
    private final RunControl control = new RunControl();
    private final List<Worker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private boolean inWindow;
    private boolean closed;

    private LoadSession(Workload workload, Duration reportInterval, PrintStream live, LongSupplier clock) {
        this.workload = workload;
        this.reportInterval = reportInterval;
        this.live = live;
        this.clock = clock;
    }

    /**
     * Connects and prepares {@code threads} workers and starts their threads, waiting at the gate.
     *
     * @throws WorkloadException if a connection cannot be opened or a statement prepared; the connections
     *     already opened are closed
     */
    static LoadSession open(Workload workload, int threads, WorkloadOptions options, SessionFactory sessions,
                            PrintStream live, LongSupplier clock) {
        LoadSession s = new LoadSession(workload, options.reportInterval(), live, clock);
        try {
            for (int i = 0; i < threads; i++) {
                Worker w = new Worker(i, threads, workload, options, sessions, s.control, clock);
                s.workers.add(w);
                w.open();
            }
            for (Worker w : s.workers) {
                Thread t = new Thread(w, "taf-load-" + workload + "-" + s.threads.size());
                t.setDaemon(true); // never keep the JVM alive for a stuck server
                s.threads.add(t);
                t.start();
            }
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /**
     * Measures one window: lets the workers run until {@code duration} has passed, the listener returns
     * STOP, {@link #stop()} is called, or the calling thread is interrupted; then pauses them, connected.
     *
     * @throws WorkloadException if a worker failed (the load is then closed; the message names the statement
     *     and quotes the server), or an event in flight did not end within 30 s of the window's end
     */
    public WorkloadResult run(Duration duration, SampleListener listener) {
        return window(duration, listener, false);
    }

    /** The window; with {@code thenClose} the load closes at its end instead of pausing. */
    WorkloadResult window(Duration duration, SampleListener listener, boolean thenClose) {
        if (listener == null) {
            throw new IllegalArgumentException("listener must be given");
        }
        if (duration == null || duration.compareTo(Duration.ofMillis(1)) < 0) {
            throw new WorkloadException("duration (" + duration + ") must be at least 1ms");
        }
        synchronized (this) {
            if (closed || inWindow) {
                throw new IllegalStateException(closed ? "the load is closed" : "a window is already being measured");
            }
            inWindow = true;
        }
        try {
            return measure(duration, listener, thenClose);
        } finally {
            synchronized (this) {
                inWindow = false;
            }
        }
    }

    private WorkloadResult measure(Duration duration, SampleListener listener, boolean thenClose) {
        List<Counters> counters = workers.stream().map(Worker::counters).toList();
        long start = clock.getAsLong();
        IntervalAggregator aggregator = new IntervalAggregator(counters, start, workload.countsNewOrders());
        control.resume();
        long end = start + duration.toNanos();
        long interval = reportInterval.toNanos();
        long next = start + interval;
        List<IntervalSample> samples = new ArrayList<>();
        WorkloadResult.End reason = null;
        boolean interrupted = false;
        while (reason == null) {
            try {
                if (control.awaitStop(Math.min(next, end) - clock.getAsLong())) {
                    reason = WorkloadResult.End.STOPPED;
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
                reason = WorkloadResult.End.INTERRUPTED;
                break;
            }
            long now = clock.getAsLong();
            if (now >= next) {
                IntervalSample sample = aggregator.sample(now);
                samples.add(sample);
                if (live != null) {
                    live.println(LiveLine.format(sample));
                }
                if (listener.onSample(sample) == SampleListener.Action.STOP) {
                    reason = WorkloadResult.End.LISTENER;
                }
                while (next <= now) {
                    next += interval; // after a stall, skip the boundaries already passed
                }
            }
            if (reason == null && now >= end) {
                reason = WorkloadResult.End.DURATION;
            }
        }
        if (thenClose || interrupted) {
            close();
        } else {
            pause();
        }
        long finish = clock.getAsLong();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (control.failure() != null) {
            close();
            throw control.failure();
        }
        return new WorkloadResult(workload, workers.size(), Math.max(finish - start, 1) / 1e9, aggregator.totals(),
                aggregator.wholeRun(), samples, reason);
    }

    /** Waits for the events in flight; a worker still busy after the grace fails the load. */
    private void pause() {
        boolean done;
        try {
            done = control.pause(workers.size(), PAUSE_GRACE_NANOS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            return;
        }
        if (!done) {
            close();
            throw new WorkloadException(workload + ": a worker was still inside an event "
                    + TimeUnit.NANOSECONDS.toSeconds(PAUSE_GRACE_NANOS)
                    + "s after the window ended; the load is closed");
        }
    }

    /**
     * Ends the sampling of the window in progress from any thread; the load stays open. Between windows it
     * ends the next window at once.
     */
    public void stop() {
        control.requestStop();
    }

    /**
     * Ends the workers after their current event and closes every connection; connections still busy after
     * the grace period are cut. Idempotent.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        control.close();
        LoadGenerator.stopAll(workers, threads);
        for (int i = threads.size(); i < workers.size(); i++) {
            workers.get(i).close(); // opened but never started: its thread cannot close it
        }
    }
}
