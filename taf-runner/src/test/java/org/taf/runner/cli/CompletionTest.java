package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import picocli.CommandLine;

/** {@code taf completion}: the script it prints, sourced in a real bash, completes commands and options. */
class CompletionTest {
    @TempDir
    Path dir;

    private String script() {
        StringWriter out = new StringWriter();
        CommandLine cl = Main.commandLine(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), Path.of("/home/t")));
        cl.setOut(new PrintWriter(out, true));
        assertThat(cl.execute("completion")).isZero();
        return out.toString();
    }

    /** What bash offers after {@code words} (the last one being completed), with the script sourced. */
    private String complete(String script, String... words) throws Exception {
        Path file = dir.resolve("taf-completion.bash");
        Files.writeString(file, script);
        String line = String.join(" ", words);
        String probe = "source " + file + "\n"
                + "COMP_WORDS=(" + line + ")\nCOMP_CWORD=" + (words.length - 1) + "\n"
                + "COMP_LINE='" + line + "'\nCOMP_POINT=${#COMP_LINE}\n"
                + "_complete_taf\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process p = new ProcessBuilder("bash", "--norc", "-c", probe).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void theScriptCompletesCommandsAndTheirOptions() throws Exception {
        String script = script();
        assertThat(script).contains("complete -F _complete_taf", "taf");
        assertThat(complete(script, "taf", "")).contains("run\n", "compare\n", "bisect\n", "summary\n", "completion\n");
        assertThat(complete(script, "taf", "su")).isEqualTo("summary\n");
        assertThat(complete(script, "taf", "summary", "--f")).contains("--format");
    }

    @Test
    void completionIsListedInHelp() {
        StringWriter out = new StringWriter();
        CommandLine cl = Main.commandLine(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), Path.of("/home/t")));
        cl.setOut(new PrintWriter(out, true));
        cl.execute("--help");
        assertThat(out.toString()).contains("completion");
    }
}
