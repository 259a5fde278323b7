package org.taf.runner.report.flame;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A small known workload run in a child JVM under JFR (not a test). Two phases with a quiet gap
 * between them, whose middle it prints as {@code boundary=<instant>}:
 * <ol>
 * <li>alpha: thread {@code flame-spin} computes in {@link #hot} called from {@link #alpha}, half the
 * time through a 150-deep recursion (deeper than the recording's stack depth, so those stacks are
 * truncated); threads {@code flame-monitor-1} and {@code -2} contend on the monitor {@link #MONITOR};
 * <li>beta: {@code flame-spin} computes in {@link #hot} called from {@link #beta}; threads
 * {@code flame-lock-1} and {@code -2} contend on the ReentrantLock {@link #LOCK}.
 * </ol>
 * Lock holders sleep while holding, so waits last about 2 ms (above the recording's threshold) and
 * only the spinning thread uses CPU: {@link #hot} dominates the CPU samples.
 */
public final class FlameWorkload {
    /** The contended monitor; a class of its own so that its name is known in the recording. */
    static final class Monitor {
    }

    static final Monitor MONITOR = new Monitor();
    static final ReentrantLock LOCK = new ReentrantLock();
    static final long PHASE_MS = 700;
    static volatile boolean running;
    static volatile long sink;

    private FlameWorkload() {}

    public static void main(String[] args) throws Exception {
        phase(FlameWorkload::alpha, FlameWorkload::monitorLoop, "flame-monitor-");
        Thread.sleep(100);
        System.out.println("boundary=" + Instant.now());
        System.out.flush();
        Thread.sleep(100);
        phase(FlameWorkload::beta, FlameWorkload::lockLoop, "flame-lock-");
    }

    private static void phase(Runnable spin, Runnable contend, String prefix) throws InterruptedException {
        running = true;
        List<Thread> threads = new ArrayList<>();
        threads.add(new Thread(spin, "flame-spin"));
        threads.add(new Thread(contend, prefix + "1"));
        threads.add(new Thread(contend, prefix + "2"));
        threads.forEach(Thread::start);
        Thread.sleep(PHASE_MS);
        running = false;
        for (Thread t : threads) {
            t.join();
        }
    }

    static void alpha() {
        long x = 1;
        boolean deep = false;
        while (running) {
            x = deep ? recurse(150, x) : hot(x);
            deep = !deep;
        }
        sink = x;
    }

    static void beta() {
        long x = 2;
        while (running) {
            x = hot(x);
        }
        sink = x;
    }

    static long recurse(int n, long x) {
        return n == 0 ? hot(x) : recurse(n - 1, x) + 1;
    }

    /** The hot method: a PCG-like mix, too long to be a rounding error and free of allocation. */
    static long hot(long seed) {
        long h = seed;
        for (int i = 0; i < 20_000; i++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
            h ^= h >>> 29;
        }
        return h;
    }

    static void monitorLoop() {
        while (running) {
            synchronized (MONITOR) {
                pause(2);
            }
            pause(1);
        }
    }

    static void lockLoop() {
        while (running) {
            LOCK.lock();
            try {
                pause(2);
            } finally {
                LOCK.unlock();
            }
            pause(1);
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
