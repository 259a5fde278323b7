package org.taf.runner.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads and writes the small text files of sysfs ({@code /sys/devices/system/cpu/...}) under a
 * root directory: {@code /} on a real host, a temporary tree in tests. Paths are given as the
 * kernel names them ({@code /sys/devices/...}) so that messages quote the real file. A write is
 * one {@code write(2)} of the value and a newline, as {@code echo performance > file} does; the
 * kernel rejects a bad value with an {@link IOException} (EINVAL, EBUSY, EACCES).
 */
public class Sysfs {
    private final Path root;

    /** @param root directory that stands for {@code /} */
    public Sysfs(Path root) {
        this.root = root;
    }

    /** This machine's sysfs. */
    public static Sysfs system() {
        return new Sysfs(Path.of("/"));
    }

    /** The file that {@code path} (absolute, as the kernel names it) is under the root. */
    public Path resolve(String path) {
        return root.resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    /** Whether the file or directory exists. */
    public boolean exists(String path) {
        return Files.exists(resolve(path));
    }

    /**
     * The file's content, trimmed.
     *
     * @throws IOException when it cannot be read
     */
    public String read(String path) throws IOException {
        return Files.readString(resolve(path), StandardCharsets.US_ASCII).trim();
    }

    /**
     * Writes {@code value} to an existing file (sysfs files are never created).
     *
     * @throws IOException when the file does not exist or the write is refused
     */
    public void write(String path, String value) throws IOException {
        Files.writeString(resolve(path), value + "\n", StandardCharsets.US_ASCII, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }
}
