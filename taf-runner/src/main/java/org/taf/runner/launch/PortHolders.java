package org.taf.runner.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.taf.runner.sys.Processes;

/**
 * Finds which process listens on a TCP port: the socket inodes of listeners on that port from
 * {@code /proc/net/tcp} and {@code tcp6}, then the process with a {@code socket:[inode]} link
 * under {@code /proc/<pid>/fd}. Processes of other users are invisible without privileges.
 */
public final class PortHolders {
    private static final String LISTEN = "0A";

    /**
     * A process holding a port.
     *
     * @param pid     its id
     * @param command its command line, shortened for messages
     */
    public record Holder(long pid, String command) {}

    private PortHolders() {}

    /** The process listening on {@code port} (any local address), if it can be found under {@code procRoot}. */
    public static Optional<Holder> find(Path procRoot, int port) {
        Set<String> inodes = new HashSet<>();
        for (String table : List.of("tcp", "tcp6")) {
            inodes.addAll(listenerInodes(procRoot.resolve("net").resolve(table), port));
        }
        if (inodes.isEmpty()) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(
                procRoot, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path pidDir : pids) {
                if (holdsAny(pidDir.resolve("fd"), inodes)) {
                    long pid = Long.parseLong(pidDir.getFileName().toString());
                    return Optional.of(new Holder(pid, Processes.describe(Processes.commandLine(procRoot, pid))));
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Socket inodes of listeners on {@code port} in one /proc/net/tcp-format table. */
    static Set<String> listenerInodes(Path table, int port) {
        Set<String> out = new HashSet<>();
        String portHex = String.format(Locale.ROOT, ":%04X", port);
        List<String> lines;
        try {
            lines = Files.readAllLines(table, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return out;
        }
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...
            String[] f = line.trim().split(" +");
            if (f.length > 9
                    && f[1].toUpperCase(Locale.ROOT).endsWith(portHex)
                    && f[3].equals(LISTEN)
                    && !f[9].equals("0")) {
                out.add(f[9]);
            }
        }
        return out;
    }

    private static boolean holdsAny(Path fdDir, Set<String> inodes) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
                        return true;
                    }
                } catch (IOException | UnsupportedOperationException e) {
                    // the fd closed meanwhile, or it is not a link: skip it
                }
            }
        } catch (IOException e) {
            // no permission for another user's process, or it exited: skip it
        }
        return false;
    }
}
