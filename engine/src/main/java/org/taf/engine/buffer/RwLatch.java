package org.taf.engine.buffer;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A reader-writer latch as InnoDB's rw_lock_t: the lock itself and the two events its waiters
 * sleep on ({@code event}, {@code wait_ex_event}), linked into its {@link LatchRegistry} while it
 * lives. Made only by {@link LatchRegistry#create}.
 */
final class RwLatch {
    /** An OS event (os_event_t): a mutex and a condition. */
    static final class Event {
        final ReentrantLock mutex = new ReentrantLock();
        final Condition cond = mutex.newCondition();
    }

    final String name;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    final Event event = new Event();
    final Event waitExEvent = new Event();
    RwLatch prev;
    RwLatch next;

    RwLatch(String name) {
        this.name = name;
    }

    void lockShared() {
        lock.readLock().lock();
    }

    void unlockShared() {
        lock.readLock().unlock();
    }

    void lockExclusive() {
        lock.writeLock().lock();
    }

    void unlockExclusive() {
        lock.writeLock().unlock();
    }
}
