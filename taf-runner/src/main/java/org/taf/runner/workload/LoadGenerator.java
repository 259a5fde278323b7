package org.taf.runner.workload;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * sysbench's {@code run} command in Java: N threads, one connection each, running a {@link Workload}'s
 * events back to back for a duration or until a {@link SampleListener} says stop. Every report interval it
 * measures an {@link IntervalSample}, prints sysbench's live line and hands the sample to the listener.
 *
 * <p>Setting up a run is cheap (connect and prepare per thread), so a thread-count sweep is one
 * {@link #run} per count on the same generator. Runs are sequential: one generator runs one at a time.
 */
public final class LoadGenerator {
    /** How long workers get to finish their current event after a stop before their connections are cut. */
    static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Upper bound of threads per run. */
    public static final int MAX_THREADS = 4096;

    private final WorkloadOptions options;
    private final PrintStream live;
    private final SessionFactory sessions;
    private final LongSupplier clock;
    private volatile RunControl current;

    /**
     * @param options workload options and the server to load
     * @param live where the live line goes after each interval (for example System.out); null for none
     */
    public LoadGenerator(WorkloadOptions options, PrintStream live) {
        this(options, live, Jdbc.sessions(options.connection()), System::nanoTime);
    }

    LoadGenerator(WorkloadOptions options, PrintStream live, SessionFactory sessions, LongSupplier clock) {
        if (options == null) {
            throw new IllegalArgumentException("options must be given");
        }
        this.options = options;
        this.live = live;
        this.sessions = sessions;
        this.clock = clock;
    }

    public WorkloadOptions options() {
        return options;
    }

    /**
     * Runs {@code workload} with {@code threads} connections until {@code duration} has passed, the listener
     * returns STOP, {@link #stop()} is called, or the calling thread is interrupted. Every connection is
     * closed when this returns or throws.
     *
     * @param threads worker threads, 1..{@value #MAX_THREADS}
     * @param duration upper bound of the run, at least 1 ms
     * @param listener receives each interval sample; {@link SampleListener#NONE} for none
     * @throws WorkloadException if a connection cannot be opened or a statement fails with a non-retryable
     *     error (the message names the statement and quotes the server)
     */
    public WorkloadResult run(Workload workload, int threads, Duration duration, SampleListener listener) {
        if (workload == null || listener == null) {
            throw new IllegalArgumentException("workload and listener must be given");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new WorkloadException("threads (" + threads + ") must be between 1 and " + MAX_THREADS);
        }
        if (duration == null || duration.compareTo(Duration.ofMillis(1)) < 0) {
            throw new WorkloadException("duration (" + duration + ") must be at least 1ms");
        }
        RunControl control = new RunControl();
        synchronized (this) {
            if (current != null) {
                throw new IllegalStateException("a run is already in progress on this LoadGenerator");
            }
            current = control;
        }
        List<Worker> workers = new ArrayList<>();
        List<Thread> running = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                Worker w = new Worker(i, threads, workload, options, sessions, control, clock);
                workers.add(w);
                w.open();
            }
            for (Worker w : workers) {
                Thread t = new Thread(w, "taf-load-" + workload + "-" + running.size());
                t.setDaemon(true); // never keep the JVM alive for a stuck server
                running.add(t);
                t.start();
            }
            return measure(workload, workers, running, control, duration, listener);
        } finally {
            control.requestStop();
            stopAll(workers, running);
            for (int i = running.size(); i < workers.size(); i++) {
                workers.get(i).close(); // opened but never started: its thread cannot close it
            }
            synchronized (this) {
                current = null;
            }
        }
    }

    private WorkloadResult measure(Workload workload, List<Worker> workers, List<Thread> threads,
            RunControl control, Duration duration, SampleListener listener) {
        List<Counters> counters = workers.stream().map(Worker::counters).toList();
        long start = clock.getAsLong();
        control.start();
        IntervalAggregator aggregator = new IntervalAggregator(counters, start);
        long end = start + duration.toNanos();
        long interval = options.reportInterval().toNanos();
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
        control.requestStop();
        stopAll(workers, threads);
        long finish = clock.getAsLong();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (control.failure() != null) {
            throw control.failure();
        }
        return new WorkloadResult(workload, workers.size(), Math.max(finish - start, 1) / 1e9,
                aggregator.totals(), aggregator.wholeRun(), samples, reason);
    }

    /**
     * Stops the run in progress, if any, from any thread (a shutdown hook, the warm-up stage): workers
     * finish their current event, then every connection is closed and {@link #run} returns.
     */
    public void stop() {
        RunControl c = current;
        if (c != null) {
            c.requestStop();
        }
    }

    /** Waits for the workers; cuts the connections of those still busy after the grace period. */
    private static void stopAll(List<Worker> workers, List<Thread> threads) {
        boolean interrupted = Thread.interrupted();
        try {
            long deadline = System.nanoTime() + STOP_GRACE_NANOS;
            for (Thread t : threads) {
                joinUntil(t, deadline);
            }
            for (int i = 0; i < threads.size(); i++) {
                if (threads.get(i).isAlive()) {
                    workers.get(i).abort();
                }
            }
            long hard = System.nanoTime() + STOP_GRACE_NANOS;
            for (Thread t : threads) {
                joinUntil(t, hard);
            }
            for (Thread t : threads) {
                if (t.isAlive()) {
                    throw new IllegalStateException(t.getName() + " did not stop after its connection was cut");
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void joinUntil(Thread t, long deadline) {
        long left;
        while (t.isAlive() && (left = deadline - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.timedJoin(t, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
