package org.taf.runner.workload;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Shared state of one load: the gate the workers wait at while the load is paused (before its first
 * window and between windows), the stop request of the window being measured, the close flag that
 * ends the workers, and the first fatal error of any worker (which closes the load).
 *
 * <p>Workers pass the gate before every event with two volatile reads; only a paused load makes them
 * take the gate's monitor. A pause returns once every worker still running waits at the gate, so an
 * event never straddles two windows (an event is a whole transaction: a worker at the gate holds no
 * lock in the server).
 */
final class RunControl {
    private final Object gate = new Object();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private volatile boolean paused = true;
    private volatile boolean closing;
    private volatile CountDownLatch windowStop = new CountDownLatch(1);
    /** Workers waiting at the gate; guarded by {@link #gate}. */
    private int parked;
    /** Workers whose thread ended; guarded by {@link #gate}. */
    private int exited;

    // --- the workers' side

    /**
     * Called by a worker before each event: waits while the load is paused.
     *
     * @return false once the load is closing (the worker ends)
     */
    boolean awaitRunning() throws InterruptedException {
        if (!paused) {
            return !closing;
        }
        synchronized (gate) {
            parked++;
            gate.notifyAll();
            try {
                while (paused && !closing) {
                    gate.wait();
                }
            } finally {
                parked--;
            }
        }
        return !closing;
    }

    /** Called by a worker's thread as it ends, whatever the reason. */
    void exited() {
        synchronized (gate) {
            exited++;
            gate.notifyAll();
        }
    }

    /** True once the load is closing: a failed statement may be the connection cut under the worker. */
    boolean closing() {
        return closing;
    }

    // --- the sampling side

    /** Starts a window: the workers are let through the gate. */
    void resume() {
        synchronized (gate) {
            paused = false;
            gate.notifyAll();
        }
    }

    /**
     * Ends a window: closes the gate and waits until each of {@code workers} waits at it or has ended.
     *
     * @return false when some worker was still inside an event after {@code timeoutNanos}
     */
    boolean pause(int workers, long timeoutNanos) throws InterruptedException {
        paused = true;
        if (!closing) {
            windowStop = new CountDownLatch(1); // the next window's
        }
        long deadline = System.nanoTime() + timeoutNanos;
        synchronized (gate) {
            while (parked + exited < workers && !closing) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(gate, left);
            }
        }
        return true;
    }

    /**
     * Ends the sampling of the window in progress (from any thread); the load stays open. A request
     * between windows ends the next window at once, so that a stop is never lost to a race.
     */
    void requestStop() {
        windowStop.countDown();
    }

    /** Waits up to {@code nanos} for the window's stop request; true if the window is to stop. */
    boolean awaitStop(long nanos) throws InterruptedException {
        CountDownLatch stop = windowStop;
        return nanos <= 0 ? stop.getCount() == 0 : stop.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** Ends the load: the window stops, and workers end after their current event. */
    void close() {
        closing = true;
        windowStop.countDown();
        synchronized (gate) {
            gate.notifyAll();
        }
    }

    /** Records the first fatal error and closes the load. */
    void fail(RuntimeException e) {
        failure.compareAndSet(null, e);
        close();
    }

    RuntimeException failure() {
        return failure.get();
    }
}
