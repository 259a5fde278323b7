package org.taf.engine.buffer;

import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An instance's buf_pool.mutex, counting acquisitions and the acquisitions that had to wait
 * (found it held), so that SHOW STATUS shows where the make-young path contends.
 */
final class PoolMutex {
    private final ReentrantLock lock = new ReentrantLock();
    final LongAdder acquisitions = new LongAdder();
    final LongAdder waits = new LongAdder();

    void lock() {
        acquisitions.increment();
        if (!lock.tryLock()) {
            waits.increment();
            lock.lock();
        }
    }

    void unlock() {
        lock.unlock();
    }

    boolean isHeldByCurrentThread() {
        return lock.isHeldByCurrentThread();
    }
}
