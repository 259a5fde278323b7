package org.taf.engine.db;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.taf.engine.log.LogFormat;

/** Datadir images for crash tests: copies, a log cut at an LSN, and a fingerprint of every file. */
final class CrashImages {
    private CrashImages() {}

    /** Copies a datadir (a stopped engine's) to {@code to}. */
    static Path copy(Path from, Path to) {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted().toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else if (!p.getFileName().toString().equals("taf.lock")) {
                    Files.copy(p, dest);
                }
            }
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes {@code log} bytes [{@code from}, {@code to}) (LSNs of the first lap, where LSN = file
     * offset) into the log of {@code datadir}, whose data area was empty: the image of a crash after
     * the log reached {@code to}.
     */
    static void writeLog(Path datadir, byte[] log, long from, long to) {
        try (RandomAccessFile f = new RandomAccessFile(datadir.resolve(LogFormat.FILE_NAME).toFile(), "rw")) {
            f.seek(from);
            f.write(log, (int) from, (int) (to - from));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Overwrites bytes of a file. */
    static void patch(Path file, long at, byte[] bytes) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            f.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SHA-256 of every file but the lock file, by relative path: to show a refused start changed nothing. */
    static Map<String, String> fingerprint(Path datadir) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(datadir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                if (p.getFileName().toString().equals("taf.lock")) {
                    continue;
                }
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                out.put(datadir.relativize(p).toString(), HexFormat.of().formatHex(md.digest(Files.readAllBytes(p))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }
}
