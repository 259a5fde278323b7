package org.taf.runner.workload;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Shared state of one run: the start gate, the stop flag the workers check between events, and the first
 * fatal error of any worker (which stops the run).
 */
final class RunControl {
    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private volatile boolean stopping;

    void start() {
        started.countDown();
    }

    void awaitStart() throws InterruptedException {
        started.await();
    }

    void requestStop() {
        stopping = true;
        stopped.countDown();
        started.countDown(); // a worker still at the gate must not wait forever
    }

    boolean stopping() {
        return stopping;
    }

    /** Waits up to {@code nanos} for a stop request; true if the run is stopping. */
    boolean awaitStop(long nanos) throws InterruptedException {
        return nanos <= 0 ? stopping : stopped.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** Records the first fatal error and stops the run. */
    void fail(RuntimeException e) {
        failure.compareAndSet(null, e);
        requestStop();
    }

    RuntimeException failure() {
        return failure.get();
    }
}
