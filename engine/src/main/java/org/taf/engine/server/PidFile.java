package org.taf.engine.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The pid file ({@code pid_file}): written atomically once the server listens, removed at a clean
 * shutdown. A pid file naming a live process means another server is using the datadir.
 */
final class PidFile {
    private final Path file;

    PidFile(Path file) {
        this.file = file;
    }

    Path path() {
        return file;
    }

    /** The live process the file names, if the file exists and that process is running. */
    Optional<Long> livePid() {
        try {
            long pid = Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).strip());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(ProcessHandle::pid);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    void write(long pid) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, pid + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    void remove() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stale pid file is recognised as such at the next start
        }
    }
}
