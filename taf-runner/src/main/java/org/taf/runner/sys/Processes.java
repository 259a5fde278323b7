package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Process facts from {@code /proc} and killing a whole process tree. A zombie (exited, not yet
 * reaped; orphans here may wait a while for init) counts as not running.
 */
public final class Processes {
    public static final Path PROC = Path.of("/proc");

    private Processes() {}

    /** The stat of a live or zombie process; empty when there is no such pid. */
    public static Optional<ProcPidStat> stat(long pid) {
        try {
            return ProcPidStat.read(PROC, pid);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** True when {@code pid} exists and has not exited. */
    public static boolean running(long pid) {
        return stat(pid).map(ProcPidStat::running).orElse(false);
    }

    /** True when {@code pid} is running and is the process that started at {@code startTicks} (not a reused pid). */
    public static boolean running(long pid, long startTicks) {
        return stat(pid).filter(ProcPidStat::running).map(s -> s.startTicks() == startTicks).orElse(false);
    }

    /** The argv of a process from {@code <procRoot>/<pid>/cmdline}; empty when it is gone or a kernel thread. */
    public static List<String> commandLine(Path procRoot, long pid) {
        try {
            byte[] raw = Files.readAllBytes(procRoot.resolve(Long.toString(pid)).resolve("cmdline"));
            List<String> args = new ArrayList<>();
            int from = 0;
            for (int i = 0; i < raw.length; i++) {
                if (raw[i] == 0) {
                    args.add(new String(raw, from, i - from, StandardCharsets.UTF_8));
                    from = i + 1;
                }
            }
            if (from < raw.length) {
                args.add(new String(raw, from, raw.length - from, StandardCharsets.UTF_8));
            }
            return args;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The command line as one line for messages, shortened to 200 characters. */
    public static String describe(List<String> command) {
        String s = String.join(" ", command);
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    /** {@code root} and all its descendants now, parents before children. */
    public static List<ProcessHandle> tree(ProcessHandle root) {
        List<ProcessHandle> out = new ArrayList<>();
        out.add(root);
        root.descendants().forEach(out::add);
        return out;
    }

    /**
     * SIGKILLs {@code root}, every process in {@code known} (descendants seen earlier, which may
     * have been re-parented since) and every current descendant, repeating until none runs or
     * {@code wait} passes. Java can only signal single processes, and a child whose parent dies is
     * re-parented and drops out of {@link ProcessHandle#descendants()}: so the tree is listed before
     * anything is killed, and every process group led by one of its members (a build runs under
     * {@code setsid}, so its shell leads its own group) is killed with one {@code kill -KILL -- -pgid},
     * which also catches a child forked after the listing. Returns the pids still running after that
     * (normally none).
     */
    public static List<Long> killTree(ProcessHandle root, List<ProcessHandle> known, Duration wait) {
        Map<Long, ProcessHandle> all = new LinkedHashMap<>();
        long ownGroup = stat(ProcessHandle.current().pid()).map(ProcPidStat::processGroup).orElse(-1L);
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            // collect before killing: a killed parent's children are re-parented and drop out of descendants()
            for (ProcessHandle h : tree(root)) {
                all.putIfAbsent(h.pid(), h);
            }
            for (ProcessHandle h : known) {
                all.putIfAbsent(h.pid(), h);
            }
            for (ProcessHandle h : List.copyOf(all.values())) {
                h.descendants().forEach(d -> all.putIfAbsent(d.pid(), d));
            }
            for (ProcessHandle h : all.values()) {
                stat(h.pid()).filter(s -> s.processGroup() == s.pid() && s.processGroup() != ownGroup)
                        .ifPresent(s -> killGroup(s.processGroup()));
            }
            // ProcessHandle.destroyForcibly checks the start time, so a reused pid is never hit
            all.values().forEach(ProcessHandle::destroyForcibly);
            List<Long> alive = all.keySet().stream().filter(Processes::running).toList();
            if (alive.isEmpty() || System.nanoTime() - deadline > 0) {
                return alive;
            }
            try {
                // SIGKILL takes effect within a scheduler tick; poll briefly, bounded by the deadline
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return alive;
            }
        }
    }

    private static void killGroup(long pgid) {
        try {
            Process kill = new ProcessBuilder("kill", "-KILL", "--", "-" + pgid).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No kill binary: the per-process kills still run.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
