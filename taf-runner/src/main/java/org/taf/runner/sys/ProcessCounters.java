package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The scheduler and memory counters of a process tree at one moment, from {@code /proc}: context
 * switches per thread ({@code voluntary_ctxt_switches} and {@code nonvoluntary_ctxt_switches} of
 * {@code /proc/<pid>/task/<tid>/status}) and minor faults per process (field 10 of
 * {@code /proc/<pid>/stat}, which already includes the process's exited threads). MDEV-37992 found its
 * cause in exactly these switches per query (2.45 against 36).
 *
 * <p>A process's own {@code status} counts only its main thread, so every task is read. A thread that
 * exits between two snapshots takes its switches with it (the kernel keeps them only for
 * {@code getrusage} inside the process); {@link #delta} counts the threads alive at the end and says
 * how many were lost. An engine keeps its connection threads for the whole window, so this is rare.
 *
 * @param threads   switches per thread id: {voluntary, involuntary}
 * @param minorFaults minor faults summed over the tree's processes
 */
public record ProcessCounters(Map<Long, long[]> threads, long minorFaults) {
    public ProcessCounters {
        threads = Map.copyOf(threads);
    }

    /** The difference between two snapshots of one tree: what happened in between. */
    public record Delta(long voluntarySwitches, long involuntarySwitches, long minorFaults, int threads,
                        int threadsLost) {}

    /** A snapshot of {@code root} and its descendants now; processes that exit while it reads are skipped. */
    public static ProcessCounters of(long root) {
        return of(Processes.PROC, treeOf(root));
    }

    private static List<Long> treeOf(long root) {
        return ProcessHandle.of(root).map(h -> Processes.tree(h).stream().map(ProcessHandle::pid).toList())
                .orElse(List.of(root));
    }

    /** A snapshot of the given processes under {@code procRoot} (a fixture directory in tests). */
    static ProcessCounters of(Path procRoot, List<Long> pids) {
        Map<Long, long[]> threads = new HashMap<>();
        long faults = 0;
        for (long pid : pids) {
            Path dir = procRoot.resolve(Long.toString(pid));
            Optional<ProcPidStat> stat;
            try {
                stat = ProcPidStat.read(procRoot, pid);
            } catch (IOException | IllegalArgumentException e) {
                continue; // exited while reading
            }
            if (stat.isEmpty()) {
                continue;
            }
            faults += stat.get().minorFaults();
            for (Path task : tasks(dir)) {
                long[] switches = switches(task.resolve("status"));
                if (switches != null) {
                    threads.put(Long.parseLong(task.getFileName().toString()), switches);
                }
            }
        }
        return new ProcessCounters(threads, faults);
    }

    /** What happened from {@code before} to this snapshot. */
    public Delta delta(ProcessCounters before) {
        long vol = 0;
        long invol = 0;
        for (Map.Entry<Long, long[]> t : threads.entrySet()) {
            long[] was = before.threads.getOrDefault(t.getKey(), new long[2]);
            // A reused thread id restarts from 0: count it as new.
            boolean reused = t.getValue()[0] < was[0] || t.getValue()[1] < was[1];
            vol += t.getValue()[0] - (reused ? 0 : was[0]);
            invol += t.getValue()[1] - (reused ? 0 : was[1]);
        }
        int lost = (int) before.threads.keySet().stream().filter(tid -> !threads.containsKey(tid)).count();
        return new Delta(vol, invol, Math.max(0, minorFaults - before.minorFaults), threads.size(), lost);
    }

    private static List<Path> tasks(Path processDir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(processDir.resolve("task"))) {
            ds.forEach(out::add);
        } catch (IOException e) {
            // the process exited
        }
        return out;
    }

    /** {voluntary, involuntary} of one task's status file, or null when it is gone or lacks them. */
    static long[] switches(Path status) {
        List<String> lines;
        try {
            lines = Files.readAllLines(status, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
        long vol = -1;
        long invol = -1;
        for (String line : lines) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                vol = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                invol = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return vol < 0 || invol < 0 ? null : new long[] {vol, invol};
    }
}
