package org.taf.runner.build;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** Reads the end of a build log, for error messages and for deciding on a retry. */
final class LogTail {
    /** Enough for 30 lines of even verbose Maven output, small enough to never load a huge log. */
    private static final int WINDOW = 64 * 1024;
    /** Colour codes some tools print even in batch mode; they garble a terminal's error line. */
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[A-Za-z]");

    private LogTail() {}

    /** The last {@code n} lines of {@code log} without colour codes; empty if the log cannot be read. */
    static List<String> lines(Path log, int n) {
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
    static String readFrom(Path log, long offset) {
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
}
