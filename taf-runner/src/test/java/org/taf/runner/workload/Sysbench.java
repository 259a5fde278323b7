package org.taf.runner.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs the stock sysbench binary (/usr/bin/sysbench) against a test database over TCP. */
final class Sysbench {
    /** What one sysbench command printed and how it ended. */
    record Output(int exitCode, String text) {
        /** A number of the final report, e.g. {@code "transactions:"} or {@code "read:"}. */
        long number(String label) {
            Matcher m = Pattern.compile(Pattern.quote(label) + "\\s+(\\d+)").matcher(text);
            if (!m.find()) {
                throw new AssertionError("no '" + label + "' in sysbench output:\n" + text);
            }
            return Long.parseLong(m.group(1));
        }
    }

    private Sysbench() {}

    static Output run(ConnectionSettings db, String script, String command, String... extra)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("sysbench", script, "--db-driver=mysql",
                "--mysql-host=" + db.host(), "--mysql-port=" + db.port(), "--mysql-user=" + db.user(),
                "--mysql-password=" + db.password(), "--mysql-db=" + db.database()));
        cmd.addAll(List.of(extra));
        cmd.add(command);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("sysbench did not finish: " + cmd);
        }
        return new Output(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
