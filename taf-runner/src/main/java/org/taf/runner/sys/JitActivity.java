package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How much CPU a JVM's JIT compilers use, read from {@code /proc}: HotSpot runs its compilers on
 * threads named {@code C1 CompilerThreadN} and {@code C2 CompilerThreadN} (the kernel keeps 15
 * characters: {@code C2 CompilerThre}), and Graal's on {@code JVMCI CompilerThreadN}. A fresh engine's
 * throughput climbs while they compile its hot paths; once they go quiet, the climb is over.
 *
 * <p>Each call of {@link #cpuSecondsSinceLastCall()} sums, over the compiler threads alive now, the CPU
 * time each used since the previous call ({@code /proc/<pid>/task/<tid>/schedstat}, in nanoseconds;
 * {@code stat}'s clock ticks where it is missing). Counting per thread keeps the sum right when HotSpot
 * starts and stops compiler threads on demand. Not thread-safe: one sampling thread calls it.
 */
public final class JitActivity {
    private static final List<String> COMPILER_PREFIXES = List.of("C1 CompilerThre", "C2 CompilerThre",
            "JVMCI CompilerT");

    private final Path procRoot;
    private final long root;
    private long jvm = -1;
    /** Thread name per tid, read once; a tid that is reused by another thread keeps its first name. */
    private final Map<Long, Boolean> isCompiler = new HashMap<>();
    private Map<Long, Long> before = Map.of();

    JitActivity(Path procRoot, long root) {
        this.procRoot = procRoot;
        this.root = root;
    }

    /** The compilers of the JVM with host pid {@code pid}, or of the first JVM among its descendants. */
    public static JitActivity of(long pid) {
        return new JitActivity(Processes.PROC, pid);
    }

    /**
     * The compiler threads' CPU seconds since the previous call (since each thread started, on the first
     * call); -1 when no JVM with compiler threads is found in the process tree (not a JVM, or it exited).
     */
    public double cpuSecondsSinceLastCall() {
        if (jvm < 0) {
            jvm = findJvm();
            if (jvm < 0) {
                return -1;
            }
        }
        Map<Long, Long> now = compilerNanos(jvm);
        if (now.isEmpty()) {
            return -1;
        }
        long sum = 0;
        for (Map.Entry<Long, Long> t : now.entrySet()) {
            long was = before.getOrDefault(t.getKey(), 0L);
            sum += t.getValue() >= was ? t.getValue() - was : t.getValue(); // a reused tid restarts from 0
        }
        before = now;
        return sum / 1e9;
    }

    private long findJvm() {
        List<Long> tree = procRoot.equals(Processes.PROC)
                ? ProcessHandle.of(root).map(h -> Processes.tree(h).stream().map(ProcessHandle::pid).toList())
                        .orElse(List.of(root))
                : List.of(root);
        for (long pid : tree) {
            if (!compilerNanos(pid).isEmpty()) {
                return pid;
            }
        }
        return -1;
    }

    /** CPU nanoseconds per compiler thread of {@code pid}; empty when it has none or is gone. */
    private Map<Long, Long> compilerNanos(long pid) {
        Map<Long, Long> out = new HashMap<>();
        try (DirectoryStream<Path> tasks =
                Files.newDirectoryStream(procRoot.resolve(Long.toString(pid)).resolve("task"))) {
            for (Path task : tasks) {
                long tid;
                try {
                    tid = Long.parseLong(task.getFileName().toString());
                } catch (NumberFormatException e) {
                    continue;
                }
                if (isCompiler.computeIfAbsent(tid, t -> compilerName(task))) {
                    long ns = cpuNanos(task);
                    if (ns >= 0) {
                        out.put(tid, ns);
                    }
                }
            }
        } catch (IOException e) {
            return Map.of(); // the process exited
        }
        return out;
    }

    private static boolean compilerName(Path task) {
        try {
            String comm = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip();
            return COMPILER_PREFIXES.stream().anyMatch(comm::startsWith);
        } catch (IOException e) {
            return false;
        }
    }

    /** On-CPU nanoseconds of one thread: schedstat's first field, else stat's utime + stime; -1 when gone. */
    static long cpuNanos(Path task) {
        try {
            String schedstat = Files.readString(task.resolve("schedstat"), StandardCharsets.US_ASCII).strip();
            int space = schedstat.indexOf(' ');
            return Long.parseLong(space < 0 ? schedstat : schedstat.substring(0, space));
        } catch (IOException | NumberFormatException e) {
            // no schedstat on this kernel: fall back to the clock ticks of stat
        }
        try {
            ProcPidStat s = ProcPidStat.parse(Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII));
            return (s.utimeTicks() + s.stimeTicks()) * 1_000_000_000L / ClockTicks.perSecond();
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        }
    }
}
