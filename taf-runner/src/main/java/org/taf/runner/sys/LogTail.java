package org.taf.runner.sys;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The end of a log file, for error messages (a crash or a failed build is explained by its log's
 * end) and for deciding on a retry. Only the last 64 KiB are ever read, so a huge log costs nothing;
 * colour codes that some tools print even in batch mode are removed, since they garble an error line.
 */
public final class LogTail {
    /** Lines shown in error messages. */
    public static final int DEFAULT_LINES = 30;
    /** Enough for 30 lines of even verbose Maven output, small enough to never load a huge log. */
    private static final int WINDOW = 64 * 1024;
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[A-Za-z]");

    private LogTail() {}

    /** The last {@code n} lines of {@code log} without colour codes; empty if it is missing or unreadable. */
    public static List<String> lines(Path log, int n) {
        String text = ANSI.matcher(readFrom(log, -1)).replaceAll("").replace("\r", "");
        List<String> lines = Arrays.asList(text.split("\n", -1));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines = lines.subList(0, lines.size() - 1);
        }
        if (text.length() >= WINDOW && lines.size() > 1) {
            lines = lines.subList(1, lines.size()); // the first line of the window is probably cut
        }
        return List.copyOf(lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }

    /** What was written to {@code log} after byte {@code offset} (at most the last 64 KiB); -1 means the end window. */
    public static String readFrom(Path log, long offset) {
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            long size = channel.size();
            long start = Math.max(Math.max(offset, 0), size - WINDOW);
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - start));
            channel.position(start);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // fill the buffer
            }
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * "last N lines of FILE:" followed by the lines, indented; or a note that the log is empty or
     * missing. Never throws: it is used while reporting another error.
     */
    public static String describe(Path file, int n) {
        if (!Files.exists(file)) {
            return "no log was written at " + file;
        }
        if (!Files.isReadable(file)) {
            return "the log " + file + " cannot be read";
        }
        List<String> tail = lines(file, n);
        if (tail.stream().allMatch(String::isBlank)) {
            return "the log " + file + " is empty";
        }
        StringBuilder out = new StringBuilder("last " + tail.size() + " lines of " + file + ":");
        for (String line : tail) {
            out.append("\n    ").append(line);
        }
        return out.toString();
    }
}
