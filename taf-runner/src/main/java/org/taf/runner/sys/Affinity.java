package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * CPU affinity through {@code taskset} (util-linux) and {@code /proc/<pid>/status}: pinning the
 * runner (the load generator's threads) in place, prefixing an engine command, and reading back
 * which CPUs a process really got, so that what is recorded is what the kernel enforces.
 */
public final class Affinity {
    private static final Path PROC = Path.of("/proc");
    // a thread created by an unpinned thread while taskset walks the threads escapes one pass; a few passes catch it
    private static final int PASSES = 5;

    private Affinity() {}

    /** {@code taskset -c CPUS} followed by {@code command}: the program starts on those CPUs only. */
    public static List<String> pinned(String cpus, List<String> command) {
        List<String> out = new ArrayList<>(List.of("taskset", "-c", cpus));
        out.addAll(command);
        return List.copyOf(out);
    }

    /** The {@code Cpus_allowed_list} line of a {@code status} file's text, e.g. {@code 0-1,3}. */
    static Optional<String> allowedList(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return Optional.of(line.substring("Cpus_allowed_list:".length()).strip());
            }
        }
        return Optional.empty();
    }

    /** The CPUs {@code pid} may run on ({@code /proc/<pid>/status}), e.g. {@code 1}; empty when it is gone. */
    public static Optional<String> of(long pid) {
        return read(PROC.resolve(Long.toString(pid)).resolve("status"));
    }

    /** The CPUs every thread of {@code pid} may run on, by thread id. */
    public static TreeMap<Long, String> threads(long pid) {
        TreeMap<Long, String> out = new TreeMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(PROC.resolve(Long.toString(pid)).resolve("task"))) {
            for (Path task : tasks) {
                read(task.resolve("status"))
                        .ifPresent(cpus ->
                                out.put(Long.parseLong(task.getFileName().toString()), cpus));
            }
        } catch (IOException e) {
            // the process is gone: no threads
        }
        return out;
    }

    /**
     * Pins every thread of this JVM to {@code cpus} ({@code taskset -a -p -c}); threads made later
     * inherit it from their creator. Checked by reading every thread back.
     *
     * @return the CPUs read back, in the kernel's list form
     * @throws SysException when taskset fails (a CPU outside this machine or this container's
     *                         cpuset) or a thread still runs elsewhere
     */
    public static String pinSelf(String cpus) {
        long self = ProcessHandle.current().pid();
        for (int pass = 0; pass < PASSES; pass++) {
            run(List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(self)));
            TreeMap<Long, String> threads = threads(self);
            String want = of(self).orElse("?");
            if (threads.values().stream().allMatch(want::equals)) {
                return want;
            }
        }
        throw new SysException("could not pin every thread of the runner (pid " + self + ") to CPUs " + cpus + ": "
                + threads(self));
    }

    private static Optional<String> read(Path status) {
        try {
            return allowedList(Files.readString(status, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static void run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new SysException(String.join(" ", command) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new SysException(
                    "cannot run " + String.join(" ", command) + " (is util-linux installed?): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SysException("interrupted while running " + String.join(" ", command), e);
        }
    }
}
