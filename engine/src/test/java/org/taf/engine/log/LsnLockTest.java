package org.taf.engine.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both modes of lsn_lock under contention: mutual exclusion, counters, and a switch while threads wait. */
class LsnLockTest {
    private static final int THREADS = 4;
    private static final int ROUNDS = 20_000;

    /** A counter that only the holder changes: a lost update means two threads were inside at once. */
    private long counter;
    private final AtomicBoolean inside = new AtomicBoolean();

    @ParameterizedTest(name = "innodb_log_spin_wait_delay = {0}")
    @ValueSource(ints = {0, 1, 30})
    void excludesAndCountsUnderContention(int delay) throws Exception {
        LsnLock lock = new LsnLock(delay);
        run(lock, () -> { });
        assertThat(counter).isEqualTo((long) THREADS * ROUNDS);
        assertThat(lock.acquisitions()).isEqualTo((long) THREADS * ROUNDS);
        assertThat(lock.waits()).as("%d threads on 1 lock must collide", THREADS).isPositive()
                .isLessThanOrEqualTo(lock.acquisitions());
        if (delay == 0) {
            assertThat(lock.spinRounds()).as("the mutex parks, it never spins").isZero();
        } else {
            assertThat(lock.spinRounds())
                    .as("every wait spins at least one round")
                    .isGreaterThanOrEqualTo(lock.waits());
        }
        assertThat(lock.isLocked()).isFalse();
    }

    @Test
    void theDelayChangesWhileThreadsWait() throws Exception {
        LsnLock lock = new LsnLock(0);
        int[] n = {0};
        run(lock, () -> {
            if (++n[0] % 1000 == 0) {
                lock.setSpinWaitDelay(
                        lock.spinWaitDelay() == 0 ? 5 : 0); // called inside the lock, as SET GLOBAL may be at any time
            }
        });
        assertThat(counter).isEqualTo((long) THREADS * ROUNDS);
        assertThat(lock.acquisitions()).isEqualTo((long) THREADS * ROUNDS);
        assertThat(lock.isLocked()).isFalse();
    }

    @Test
    void outOfRangeDelaysAreRefused() {
        assertThatThrownBy(() -> new LsnLock(-1))
                .hasMessage("innodb_log_spin_wait_delay (-1) must be between 0 and 6000");
        assertThatThrownBy(() -> new LsnLock(6001)).hasMessageContaining("(6001)");
        LsnLock l = new LsnLock(6000);
        assertThatThrownBy(() -> l.setSpinWaitDelay(7000)).isInstanceOf(IllegalArgumentException.class);
        assertThat(l.spinWaitDelay()).isEqualTo(6000);
    }

    private void run(LsnLock lock, Runnable insideHook) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> errors = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < ROUNDS; i++) {
                        lock.lock();
                        try {
                            assertThat(inside.compareAndSet(false, true)).as("alone inside").isTrue();
                            counter++;
                            // Hold it a little (a copy into the log buffer), so that the threads collide.
                            for (int k = 0; k < 20; k++) {
                                Thread.onSpinWait();
                            }
                            insideHook.run();
                            inside.set(false);
                        } finally {
                            lock.unlock();
                        }
                    }
                } catch (Throwable e) {
                    synchronized (errors) {
                        errors.add(e);
                    }
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join(120_000);
            assertThat(th.isAlive()).as("thread finished").isFalse();
        }
        assertThat(errors).isEmpty();
    }
}
