package org.taf.runner.workload;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One load thread: its own connection, statements and random stream. Runs events back to back while the
 * load runs (waiting at its gate while it is paused) until the load closes; restarts an event after a deadlock, lock
 * wait timeout or record-changed error (counted as
 * errors), reconnects after a dropped connection (counted as reconnects), and stops the whole run on any
 * other error with a message naming the statement and quoting the server.
 */
final class Worker implements Runnable {
    /** How long a worker keeps trying to reconnect before it gives up and fails the run. */
    static final long RECONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long RECONNECT_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final int index;
    private final int threads;
    private final Workload workload;
    private final WorkloadOptions options;
    private final SessionFactory sessions;
    private final RunControl control;
    private final LongSupplier clock;
    private final RandomSource random;
    private final Counters counters = new Counters();
    private volatile SqlSession session;
    private Event event;

    Worker(int index, int threads, Workload workload, WorkloadOptions options, SessionFactory sessions,
            RunControl control, LongSupplier clock) {
        this.index = index;
        this.threads = threads;
        this.workload = workload;
        this.options = options;
        this.sessions = sessions;
        this.control = control;
        this.clock = clock;
        this.random = RandomSource.of(options.seed(), index, options.randType());
    }

    Counters counters() {
        return counters;
    }

    /** Connects and prepares; a failure is a WorkloadException naming the server or the statement. */
    void open() {
        try {
            session = sessions.open(counters);
        } catch (SQLException e) {
            throw new WorkloadException("cannot connect to " + where() + ": " + Jdbc.describe(e), e);
        }
        try {
            event = workload.events().create(new EventContext(session, random, options, index, threads, counters));
        } catch (SQLException e) {
            String sql = session.lastSql();
            close();
            throw new WorkloadException("cannot prepare `" + sql + "` for " + workload + " on " + where() + ": "
                    + Jdbc.describe(e), e);
        }
    }

    private String where() {
        ConnectionSettings c = options.connection();
        return c.address() + " (user " + c.user() + ", database " + c.database() + ")";
    }

    @Override
    public void run() {
        try {
            while (control.awaitRunning()) {
                long begin = clock.getAsLong();
                if (!runEvent()) {
                    break;
                }
                counters.event(clock.getAsLong() - begin);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            control.fail(e);
        } finally {
            close();
            control.exited();
        }
    }

    /** One event with its restarts; false if the run stopped before it completed. */
    private boolean runEvent() {
        while (true) {
            try {
                event.execute();
                return true;
            } catch (SQLException e) {
                if (control.closing()) {
                    return false; // closing may have aborted the connection under us
                }
                if (SqlErrors.isRetryable(e)) {
                    counters.error();
                } else if (SqlErrors.isConnectionLost(e)) {
                    counters.reconnect();
                    if (!reconnect(e)) {
                        return false;
                    }
                } else {
                    throw new WorkloadException(workload + " thread " + index + ": statement `" + session.lastSql()
                            + "` failed on " + options.connection().address() + ": " + Jdbc.describe(e), e);
                }
            }
        }
    }

    /** Re-opens the connection and re-prepares (as sysbench's before_restart_event hook); false if stopped. */
    private boolean reconnect(SQLException cause) {
        String lost = session.lastSql();
        close();
        long deadline = clock.getAsLong() + RECONNECT_TIMEOUT_NANOS;
        SQLException last = cause;
        while (clock.getAsLong() < deadline) {
            try {
                session = sessions.open(counters);
                event = workload.events().create(new EventContext(session, random, options, index, threads,
                        counters));
                return true;
            } catch (SQLException e) {
                last = e;
                close();
            }
            try {
                Thread.sleep(RECONNECT_PAUSE_NANOS / 1_000_000);
                // A window that ends meanwhile does not wait for the reconnect: it goes on in the next one.
                if (!control.awaitRunning()) {
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        throw new WorkloadException(workload + " thread " + index + ": lost the connection to " + where()
                + " during `" + lost + "` (" + Jdbc.describe(cause) + ") and could not reconnect within "
                + TimeUnit.NANOSECONDS.toSeconds(RECONNECT_TIMEOUT_NANOS) + "s: " + Jdbc.describe(last), last);
    }

    /** Breaks the connection from another thread, so that a statement blocked in the server returns. */
    void abort() {
        SqlSession s = session;
        if (s != null) {
            s.abort();
        }
    }

    /** Closes this worker's connection (the worker thread does it itself when it ends). */
    void close() {
        SqlSession s = session;
        if (s != null) {
            s.close();
        }
    }
}
