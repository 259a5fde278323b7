package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The fields TAF uses from one {@code /proc/<pid>/stat} line (see proc(5)). For a process (thread
 * group leader) utime and stime already include every thread, live and exited.
 *
 * @param pid        the process id (field 1)
 * @param comm       the executable name without parentheses (field 2; may contain spaces and ')')
 * @param state      the state letter (field 3): R, S, D, Z (zombie), X (dead), ...
 * @param utimeTicks user CPU time in clock ticks (field 14)
 * @param stimeTicks system CPU time in clock ticks (field 15)
 * @param startTicks start time after boot in clock ticks (field 22); with the pid it identifies
 *                   one process across pid reuse
 */
public record ProcPidStat(long pid, String comm, char state, long processGroup, long minorFaults, long utimeTicks,
                          long stimeTicks, long startTicks) {

    /** True unless the process is a zombie or dead: it has exited even if its parent has not reaped it. */
    public boolean running() {
        return state != 'Z' && state != 'X' && state != 'x';
    }

    /** utime + stime in seconds, given the ticks per second. */
    public double cpuSeconds(int ticksPerSecond) {
        return (double) (utimeTicks + stimeTicks) / ticksPerSecond;
    }

    /**
     * Parses one stat line. The comm field is everything between the first '(' and the last ')',
     * because a program may name itself "a) b" and break a naive split.
     *
     * @throws IllegalArgumentException when the line is not a stat line; the message quotes it
     */
    public static ProcPidStat parse(String line) {
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 1 || close < open) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line: '" + abbreviate(line) + "'");
        }
        String[] rest = line.substring(close + 1).trim().split(" +");
        // rest[0] is field 3 (state); field n is rest[n - 3]
        if (rest.length < 20 || rest[0].length() != 1) {
            throw new IllegalArgumentException("truncated /proc/<pid>/stat line: '" + abbreviate(line) + "'");
        }
        try {
            return new ProcPidStat(
                    Long.parseLong(line.substring(0, open).trim()),
                    line.substring(open + 1, close),
                    rest[0].charAt(0),
                    Long.parseLong(rest[5 - 3]),
                    Long.parseLong(rest[10 - 3]),
                    Long.parseLong(rest[14 - 3]),
                    Long.parseLong(rest[15 - 3]),
                    Long.parseLong(rest[22 - 3]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad number in /proc/<pid>/stat line: '" + abbreviate(line) + "'", e);
        }
    }

    /**
     * Reads {@code <procRoot>/<pid>/stat}; empty when the process does not exist.
     *
     * @throws IOException for other read errors
     */
    public static Optional<ProcPidStat> read(Path procRoot, long pid) throws IOException {
        try {
            String line =
                    Files.readString(procRoot.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
            return Optional.of(parse(line.strip()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // reading a vanished process's stat races with its exit and reports ESRCH as an IOException
            if (!Files.exists(procRoot.resolve(Long.toString(pid)))) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
