package org.taf.engine.log;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * {@code log_sys.lsn_lock}: the lock around the tiny critical section that hands out LSNs and
 * copies a mini-transaction's records into the log buffer. As in MariaDB 10.11.8 (MDEV-33515) it
 * is one lock word with two ways of waiting, chosen at runtime by {@code innodb_log_spin_wait_delay}:
 * 0 (the default) is a blocking mutex (a waiter parks until the holder wakes it); N &gt; 0 is a pure
 * spin lock that retries after N pause instructions ({@link Thread#onSpinWait()}) each round.
 *
 * <p>Both modes acquire the same word, so the delay may change while threads wait: a spinning
 * thread keeps spinning until it gets the word, a parked one is woken by the next release. The
 * counters are updated by the holder only, inside the critical section, so counting costs no
 * atomic operation; they are read without the lock (a value may lag by a few acquisitions).
 */
public final class LsnLock {
    /** MariaDB's range of innodb_log_spin_wait_delay. */
    public static final int MAX_SPIN_WAIT_DELAY = 6000;

    private static final VarHandle ACQUISITIONS;
    private static final VarHandle WAITS;
    private static final VarHandle SPIN_ROUNDS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ACQUISITIONS = l.findVarHandle(LsnLock.class, "acquisitions", long.class);
            WAITS = l.findVarHandle(LsnLock.class, "waits", long.class);
            SPIN_ROUNDS = l.findVarHandle(LsnLock.class, "spinRounds", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The lock word: 0 free, 1 held. Parked waiters queue in the synchronizer. */
    private static final class Word extends AbstractQueuedSynchronizer {
        private static final long serialVersionUID = 1L;

        boolean tryTake() {
            return getState() == 0 && compareAndSetState(0, 1);
        }

        @Override
        protected boolean tryAcquire(int ignored) {
            return tryTake();
        }

        @Override
        protected boolean tryRelease(int ignored) {
            setState(0);
            return true;
        }

        boolean held() {
            return getState() != 0;
        }
    }

    private final Word word = new Word();
    private volatile int spinWaitDelay;
    @SuppressWarnings("unused") // through ACQUISITIONS
    private long acquisitions;
    @SuppressWarnings("unused") // through WAITS
    private long waits;
    @SuppressWarnings("unused") // through SPIN_ROUNDS
    private long spinRounds;

    /** @param spinWaitDelay innodb_log_spin_wait_delay: 0 = mutex, else pause instructions per spin round */
    public LsnLock(int spinWaitDelay) {
        setSpinWaitDelay(spinWaitDelay);
    }

    /** Switches between mutex (0) and spinning (1..6000 pauses per round); takes effect for the next waiter. */
    public void setSpinWaitDelay(int delay) {
        if (delay < 0 || delay > MAX_SPIN_WAIT_DELAY) {
            throw new IllegalArgumentException("innodb_log_spin_wait_delay (" + delay + ") must be between 0 and "
                    + MAX_SPIN_WAIT_DELAY);
        }
        spinWaitDelay = delay;
    }

    public int spinWaitDelay() {
        return spinWaitDelay;
    }

    public void lock() {
        if (word.tryTake()) {
            count(0, 0);
            return;
        }
        int delay = spinWaitDelay;
        if (delay == 0) {
            word.acquire(1);
            count(1, 0);
            return;
        }
        long rounds = 0;
        do {
            for (int i = 0; i < delay; i++) {
                Thread.onSpinWait();
            }
            rounds++;
        } while (!word.tryTake());
        count(1, rounds);
    }

    public void unlock() {
        word.release(1);
    }

    /** Whether some thread holds the lock (for assertions). */
    public boolean isLocked() {
        return word.held();
    }

    private void count(long waited, long rounds) {
        // Plain read-modify-write by the holder; release stores so readers see whole values.
        ACQUISITIONS.setRelease(this, (long) ACQUISITIONS.get(this) + 1);
        if (waited != 0) {
            WAITS.setRelease(this, (long) WAITS.get(this) + 1);
            if (rounds != 0) {
                SPIN_ROUNDS.setRelease(this, (long) SPIN_ROUNDS.get(this) + rounds);
            }
        }
    }

    /** Acquisitions so far. */
    public long acquisitions() {
        return (long) ACQUISITIONS.getAcquire(this);
    }

    /** Acquisitions that found the lock held and had to wait (park or spin). */
    public long waits() {
        return (long) WAITS.getAcquire(this);
    }

    /** Spin rounds (each {@link #spinWaitDelay()} pauses) spent waiting in spin mode. */
    public long spinRounds() {
        return (long) SPIN_ROUNDS.getAcquire(this);
    }
}
