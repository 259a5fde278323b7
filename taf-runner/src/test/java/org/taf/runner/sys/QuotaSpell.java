package org.taf.runner.sys;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A noisy spell of the host, reproduced for tests and benchmarks: a CPU cgroup whose quota switches, every
 * {@code minHold} to {@code maxHold} (seeded), between a small share of one CPU and no limit. The processes and
 * threads put into it lose capacity in bursts, without steal time and without another process to see: what the
 * development VM's spells do (issue 44). cgroup v1 ({@code cpu.cfs_quota_us}, as on this host) or v2
 * ({@code cpu.max}). Needs root and a writable {@code /sys/fs/cgroup}; {@link #available()} says whether this host
 * has them. {@link #close()} moves everything back to the root cgroup and removes the group.
 */
public final class QuotaSpell implements AutoCloseable {
    private static final Path ROOT = Path.of("/sys/fs/cgroup");
    private static final long PERIOD_US = 100_000;

    private final Path dir;
    private final Path parent;
    private final boolean v2;
    private final Thread switcher;
    private volatile boolean running = true;

    private QuotaSpell(Path dir, Path parent, boolean v2, double lowShare, Duration minHold, Duration maxHold,
                       long seed) {
        this.dir = dir;
        this.parent = parent;
        this.v2 = v2;
        SplittableRandom rng = new SplittableRandom(seed);
        long low = Math.max(1_000, Math.round(lowShare * PERIOD_US));
        this.switcher = new Thread(() -> {
            boolean limited = true;
            while (running) {
                quota(limited ? low : -1);
                long hold = minHold.toMillis() + rng.nextLong(Math.max(1, maxHold.toMillis() - minHold.toMillis()));
                try {
                    Thread.sleep(hold);
                } catch (InterruptedException e) {
                    return;
                }
                limited = !limited;
            }
        }, "quota-spell");
        switcher.setDaemon(true);
    }

    /** Whether this host lets a test make a CPU cgroup (root, cgroup v1 cpu or v2 with the cpu controller). */
    public static boolean available() {
        return Files.isWritable(ROOT.resolve("cpu")) && Files.exists(ROOT.resolve("cpu/cpu.cfs_period_us"))
                || Files.isWritable(ROOT) && Files.exists(ROOT.resolve("cgroup.controllers"));
    }

    /**
     * Starts a spell: the group {@code name}, its quota switching between {@code lowShare} of one CPU and no limit.
     *
     * @throws UncheckedIOException when the group cannot be made (not root, no cpu controller)
     */
    public static QuotaSpell start(String name, double lowShare, Duration minHold, Duration maxHold, long seed) {
        boolean v2 = !Files.exists(ROOT.resolve("cpu/cpu.cfs_period_us"));
        Path parent = v2 ? ROOT : ROOT.resolve("cpu");
        Path dir = parent.resolve(name);
        try {
            if (v2) {
                Files.writeString(ROOT.resolve("cgroup.subtree_control"), "+cpu");
            }
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the cgroup " + dir + ": " + e, e);
        }
        QuotaSpell s = new QuotaSpell(dir, parent, v2, lowShare, minHold, maxHold, seed);
        s.switcher.start();
        return s;
    }

    /** Puts process {@code pid} (all its threads, and the children it starts from now on) into the spell. */
    public void addProcess(long pid) {
        write(dir.resolve("cgroup.procs"), Long.toString(pid));
    }

    /** Puts the calling thread (and the threads it starts from now on) into the spell; cgroup v1 only. */
    public void addThisThread() {
        if (v2) {
            throw new UnsupportedOperationException("cgroup v2 moves whole processes only");
        }
        write(dir.resolve("tasks"), Long.toString(threadId()));
    }

    /** Takes the calling thread out of the spell again (cgroup v1). */
    public void removeThisThread() {
        write(parent.resolve("tasks"), Long.toString(threadId()));
    }

    /** Ends the spell: no limit from now on; its members stay in the group. */
    public void stop() {
        running = false;
        switcher.interrupt();
        try {
            switcher.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        quota(-1);
    }

    @Override
    public void close() {
        stop();
        try {
            for (String member : List.of("cgroup.procs", "tasks")) {
                Path f = dir.resolve(member);
                if (!Files.exists(f)) {
                    continue;
                }
                for (String id : Files.readAllLines(f)) {
                    if (!id.isBlank()) {
                        try {
                            write(parent.resolve(member), id.strip());
                        } catch (UncheckedIOException gone) {
                            // the thread or process ended meanwhile
                        }
                    }
                }
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the cgroup " + dir + ": " + e, e);
        }
    }

    private void quota(long us) {
        if (v2) {
            write(dir.resolve("cpu.max"), (us < 0 ? "max" : Long.toString(us)) + " " + PERIOD_US);
        } else {
            write(dir.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
            write(dir.resolve("cpu.cfs_quota_us"), Long.toString(us));
        }
    }

    private static long threadId() {
        try {
            // /proc/thread-self -> <pid>/task/<tid>
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String value) {
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + value + " to " + file + ": " + e, e);
        }
    }
}
