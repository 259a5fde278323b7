package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code taf run --quiet}: the live lines a run prints, with only its warnings and failures kept. */
class QuietOutputTest {
    @Test
    void keepsWarningsAndFailuresAndDropsProgressAndIntervalLines() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream target = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        PrintStream quiet = QuietOutput.over(target);
        quiet.printf("%ntaf: [2/10] parent (HEAD~1) and patch (HEAD)   [####      ] 40%% ETA 2m%n");
        quiet.println("[ 1s ] thds: 2 tps: 5123.00 qps: 5123.00 (r/w/o: 5123.00/0.00/0.00) lat (ms,95%): 0.52"
                + " err/s: 0.00 reconn/s: 0.00");
        quiet.println("taf: warning: CPU setting not restored (kept in the state file for the next start)");
        quiet.print("taf: iteration ");
        quiet.print("failed: the engine exited with 137\n"); // a line printed in parts is judged whole
        quiet.println("taf: adaptive (main): 3 more pairs");
        quiet.print("taf: Error without its end of line is not printed yet");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
                "taf: warning: CPU setting not restored (kept in the state file for the next start)\n"
                        + "taf: iteration failed: the engine exited with 137\n");
    }

    @Test
    void runTakesQuiet() {
        RunCommand run = new RunCommand(null);
        picocli.CommandLine cl = new picocli.CommandLine(run);
        cl.parseArgs("--quiet", "properties/quick.properties");
        assertThat(run.quiet).isTrue();
        new picocli.CommandLine(run = new RunCommand(null)).parseArgs("-q");
        assertThat(run.quiet).isTrue();
        new picocli.CommandLine(run = new RunCommand(null)).parseArgs();
        assertThat(run.quiet).isFalse();
    }
}
