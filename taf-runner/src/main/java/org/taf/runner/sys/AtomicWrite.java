package org.taf.runner.sys;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that it holds either the old or the new content, never a mix: a hidden temporary
 * file beside it, synced, then renamed over it. Used for results, the site, noise files and the CPU
 * state file, whose readers may be a crashed run's next start or a web server mid-publish.
 */
public final class AtomicWrite {
    private AtomicWrite() {}

    /** {@link #write(Path, byte[])} of the text in UTF-8. */
    public static void writeString(Path file, String content) {
        write(file, content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Replaces {@code file} with {@code content}, creating its directory.
     *
     * @throws SysException naming the file when it cannot; the temporary file is removed and the old
     *                      content kept
     */
    public static void write(Path file, byte[] content) {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = dir.resolve("." + file.getFileName() + ".tmp");
        try {
            Files.createDirectories(dir);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the original error is the one to report
            }
            throw new SysException("cannot write " + file + ": " + e, e);
        }
    }
}
