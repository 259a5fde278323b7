package org.taf.runner.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * What {@code taf run --quiet} lets through of a run's live output: only the lines that warn or report a
 * failure ("taf: warning: ...", "taf: iteration failed: ..."); the progress lines and the per-interval
 * sysbench-style lines are dropped. Filtering the lines where they are printed keeps every stage
 * unaware of the option; a line is judged whole, so a warning is never cut.
 */
final class QuietOutput extends OutputStream {
    /** Words that mark a line to keep; sysbench's {@code err/s} column is not one of them. */
    static final Pattern KEPT = Pattern.compile("(?i)\\b(warning|error|failed)\\b");
    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private QuietOutput(PrintStream target) {
        this.target = target;
    }

    /** A stream that prints to {@code target} only the lines {@link #KEPT} matches. */
    static PrintStream over(PrintStream target) {
        return new PrintStream(new QuietOutput(target), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (KEPT.matcher(text).find()) {
                target.println(text.strip());
            }
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void flush() {
        target.flush();
    }
}
