package org.taf.runner.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * What the runner writes about each engine it starts, so that a later run can find the engine if
 * this runner dies by SIGKILL. One file {@code <state dir>/engines/<pid>.pid}, written atomically,
 * removed when the engine is stopped. Format (UTF-8 text; the first line alone is the pid, as in
 * any pid file, so {@code kill $(head -1 F)} works by hand):
 *
 * <pre>
 * 12345
 * start_ticks=9876543          (field 22 of /proc/12345/stat: tells this process from a reused pid)
 * runner_pid=12000
 * runner_start_ticks=9870000   (the runner's own, so a live runner's engines are left alone)
 * port=41234
 * arg=/usr/sbin/mariadbd       (one line per argv element; backslash, CR and LF escaped as \\ \r \n)
 * arg=--no-defaults
 * </pre>
 *
 * A sweep kills the recorded process only if it still runs with the same start time and the same
 * command line, and its runner is gone.
 *
 * @param pid              engine pid
 * @param startTicks       engine start time, clock ticks after boot
 * @param runnerPid        pid of the runner JVM that started it
 * @param runnerStartTicks the runner's start time, clock ticks after boot
 * @param port             the engine's port, for messages
 * @param command          the engine's argv
 */
public record PidRecord(
        long pid, long startTicks, long runnerPid, long runnerStartTicks, int port, List<String> command) {

    public PidRecord {
        command = List.copyOf(command);
    }

    /** The file's text. */
    public String format() {
        StringBuilder out = new StringBuilder();
        out.append(pid).append('\n');
        out.append("start_ticks=").append(startTicks).append('\n');
        out.append("runner_pid=").append(runnerPid).append('\n');
        out.append("runner_start_ticks=").append(runnerStartTicks).append('\n');
        out.append("port=").append(port).append('\n');
        for (String arg : command) {
            out.append("arg=").append(escape(arg)).append('\n');
        }
        return out.toString();
    }

    /**
     * Parses a file's text; unknown keys are ignored so that later versions can add some.
     *
     * @throws IllegalArgumentException naming the line that is wrong
     */
    public static PidRecord parse(String text) {
        String[] lines = text.split("\n");
        long pid = number(lines[0].strip(), 1);
        long start = -1;
        long runner = -1;
        long runnerStart = -1;
        int port = 0;
        List<String> command = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            int eq = line.indexOf('=');
            if (eq < 0) {
                if (line.isBlank()) {
                    continue;
                }
                throw new IllegalArgumentException("line " + (i + 1) + " is not key=value: '" + line + "'");
            }
            String value = line.substring(eq + 1);
            switch (line.substring(0, eq)) {
                case "start_ticks" -> start = number(value, i + 1);
                case "runner_pid" -> runner = number(value, i + 1);
                case "runner_start_ticks" -> runnerStart = number(value, i + 1);
                case "port" -> port = (int) number(value, i + 1);
                case "arg" -> command.add(unescape(value));
                default -> { } // a newer runner's key
            }
        }
        if (start < 0 || runner < 0 || runnerStart < 0 || command.isEmpty()) {
            throw new IllegalArgumentException("missing start_ticks, runner_pid, runner_start_ticks or arg lines");
        }
        return new PidRecord(pid, start, runner, runnerStart, port, command);
    }

    private static long number(String s, int line) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + line + ": '" + s + "' is not a number", e);
        }
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
