package org.taf.runner.workload;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.taf.runner.workload.sample.SampleListener;

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
    /** A run is in progress (guarded by this). */
    private boolean running;
    /** The run's load once connected (guarded by this). */
    private LoadSession current;
    /** A stop came while the run was still connecting (guarded by this). */
    private boolean stopRequested;

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
        checkThreads(threads);
        if (duration == null || duration.compareTo(Duration.ofMillis(1)) < 0) {
            throw new WorkloadException("duration (" + duration + ") must be at least 1ms");
        }
        synchronized (this) {
            if (running) {
                throw new IllegalStateException("a run is already in progress on this LoadGenerator");
            }
            running = true;
        }
        try (LoadSession session = LoadSession.open(workload, threads, options, sessions, live, clock)) {
            synchronized (this) {
                current = session;
                if (stopRequested) {
                    session.stop(); // counted down before the window: its first wait returns at once
                }
            }
            return session.window(duration, listener, true);
        } finally {
            synchronized (this) {
                running = false;
                current = null;
                stopRequested = false;
            }
        }
    }

    /**
     * Opens a load that stays connected across windows ({@link LoadSession}): {@code threads} connections
     * for {@code workload}, waiting until its first window. Close it when done.
     *
     * @throws WorkloadException if a connection cannot be opened or a statement prepared
     */
    public LoadSession open(Workload workload, int threads) {
        if (workload == null) {
            throw new IllegalArgumentException("workload must be given");
        }
        checkThreads(threads);
        return LoadSession.open(workload, threads, options, sessions, live, clock);
    }

    private static void checkThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new WorkloadException("threads (" + threads + ") must be between 1 and " + MAX_THREADS);
        }
    }

    /**
     * Stops the run in progress, if any, from any thread (a shutdown hook, the warm-up stage): workers
     * finish their current event, then every connection is closed and {@link #run} returns. A stop that
     * comes while the run is still connecting ends it as soon as it starts.
     */
    public void stop() {
        synchronized (this) {
            if (current != null) {
                current.stop();
            } else if (running) {
                stopRequested = true;
            }
        }
    }

    /** Waits for the workers; cuts the connections of those still busy after the grace period. */
    static void stopAll(List<Worker> workers, List<Thread> threads) {
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
