package org.taf.engine.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs stock sysbench 1.0.20 against a port and reads its summary. */
final class Sysbench {
    static final String BINARY = "/usr/bin/sysbench";

    /**
     * What a run printed.
     *
     * @param exitCode     sysbench's exit code
     * @param output       everything it printed
     * @param read         statements counted as reads
     * @param write        statements counted as writes
     * @param other        statements counted as other (BEGIN, COMMIT, updates of 0 rows)
     * @param events       transactions (events)
     * @param ignoredErrors errors sysbench ignored and retried (1213 deadlock, 1205 lock wait timeout)
     */
    record Result(int exitCode, String output, long read, long write, long other, long events, long ignoredErrors) {
        boolean clean() {
            return exitCode == 0
                    && !output.contains("FATAL")
                    && !output.contains("error 1")
                    && !output.contains("ALERT");
        }
    }

    private Sysbench() {}

    static Result run(int port, String workload, String command, String... options)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(BINARY, workload, "--db-driver=mysql", "--mysql-host=127.0.0.1",
                "--mysql-port=" + port, "--mysql-user=sbtest", "--mysql-password=", "--mysql-db=sbtest"));
        cmd.addAll(List.of(options));
        cmd.add(command);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("sysbench " + workload + " " + command + " did not finish in 120 s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        return new Result(p.exitValue(), text, number(text, "read:"), number(text, "write:"), number(text, "other:"),
                number(text, "transactions:"), number(text, "ignored errors:"));
    }

    private static long number(String text, String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "\\s+(\\d+)").matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
