package org.taf.engine.server;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The server's log ({@code log_error}), in MariaDB's error-log shape:
 * {@code 2026-01-01 12:00:00 [Note] message}. Appends; each line is flushed, so the log is
 * complete if the process dies. Thread-safe.
 */
public final class ServerLog implements AutoCloseable {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final Writer out;
    private final Clock clock;

    private ServerLog(Writer out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    /** A log appending to {@code file} (created with its directory if missing). */
    public static ServerLog open(Path file, Clock clock) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return new ServerLog(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE), clock);
    }

    /** A log into {@code out} (tests). */
    public static ServerLog to(Writer out, Clock clock) {
        return new ServerLog(out, clock);
    }

    public void note(String message) {
        write("Note", message);
    }

    public void warning(String message) {
        write("Warning", message);
    }

    public void error(String message) {
        write("ERROR", message);
    }

    /** An error with its stack trace (a bug: a command failed in a way no error code covers). */
    public void error(String message, Throwable t) {
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        write("ERROR", message + ": " + trace.toString().stripTrailing());
    }

    private synchronized void write(String level, String message) {
        try {
            out.write(LocalDateTime.now(clock).format(TIME) + " [" + level + "] " + message + System.lineSeparator());
            out.flush();
        } catch (IOException e) {
            // The log is best effort: a full disk must not take client connections down with it.
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException ignored) {
            // nothing more to log to
        }
    }
}
