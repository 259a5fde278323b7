package org.taf.runner.launch;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The last lines of a log file, for error messages: a crash is explained by its log's end. */
public final class LogTail {
    /** Lines shown in error messages. */
    public static final int DEFAULT_LINES = 30;
    // enough for 30 long lines; never read a multi-gigabyte log whole
    private static final int MAX_BYTES = 64 * 1024;

    private LogTail() {}

    /** Up to {@code lines} last lines of {@code file} (fewer if it is shorter); empty if it does not exist. */
    public static List<String> lastLines(Path file, int lines) throws IOException {
        if (!Files.exists(file)) {
            return List.of();
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            int size = (int) Math.min(length, MAX_BYTES);
            byte[] bytes = new byte[size];
            raf.seek(length - size);
            raf.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (size < length) {
                text = text.substring(text.indexOf('\n') + 1); // drop the partial first line
            }
            List<String> all = Arrays.asList(text.split("\r?\n"));
            return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
        }
    }

    /**
     * "last N lines of FILE:" followed by the lines, indented; or a note that the log is empty or
     * missing. Never throws: it is used while reporting another error.
     */
    public static String describe(Path file, int lines) {
        try {
            List<String> tail = lastLines(file, lines);
            if (tail.isEmpty() || tail.stream().allMatch(String::isBlank)) {
                return Files.exists(file) ? "the log " + file + " is empty" : "no log was written at " + file;
            }
            StringBuilder out = new StringBuilder("last " + tail.size() + " lines of " + file + ":");
            for (String line : tail) {
                out.append("\n    ").append(line);
            }
            return out.toString();
        } catch (IOException e) {
            return "the log " + file + " cannot be read: " + e.getMessage();
        }
    }
}
