package org.taf.runner.launch;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.stream.Stream;

/**
 * Per-iteration datadirs: a fresh copy of a prepared template for every engine start (data are
 * prepared once per build and data spec, then copied), deleted afterwards; and keeping the engine's
 * log with the results.
 */
public final class DataDirectories {
    private DataDirectories() {}

    /**
     * Copies {@code template} to {@code target}, preserving file times, permissions and symbolic
     * links. The copy is made beside the target and renamed into place, so {@code target} is either
     * absent or complete.
     *
     * @return {@code target}
     * @throws LaunchException when the template is not a directory, the target exists and is not an
     *                         empty directory, or the copy fails (the partial copy is removed)
     */
    public static Path copyTemplate(Path template, Path target) {
        if (!Files.isDirectory(template)) {
            throw new LaunchException("the datadir template " + template + " is not a directory");
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            if (!isEmptyDirectory(target)) {
                throw new LaunchException("cannot copy the datadir template into " + target
                        + ": it exists and is not an empty directory");
            }
        }
        Path parent = target.toAbsolutePath().getParent();
        Path partial = null;
        try {
            Files.createDirectories(parent);
            partial = Files.createTempDirectory(parent, target.getFileName() + ".partial-");
            copyTree(template, partial);
            Files.deleteIfExists(target); // the empty directory, if there was one
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            if (partial != null) {
                deleteQuietly(partial);
            }
            throw new LaunchException("cannot copy the datadir template " + template + " to " + target + ": " + e, e);
        }
    }

    /**
     * Deletes a datadir and everything in it, not following symbolic links; nothing if it is absent.
     *
     * @throws LaunchException when it cannot be deleted, or for a path too short to be a datadir ({@code /}, {@code
     * /tmp})
     */
    public static void delete(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        if (abs.getNameCount() < 2) {
            throw new LaunchException("refusing to delete " + abs + ": too close to the root to be a datadir");
        }
        if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            deleteTree(abs);
        } catch (IOException e) {
            throw new LaunchException("cannot delete the datadir " + abs + ": " + e, e);
        }
    }

    /**
     * Moves the engine's log into {@code resultsDir} as {@code fileName} (a copy and delete across
     * file systems), keeping it with the iteration's results.
     *
     * @return the new path of the log
     * @throws LaunchException when the log does not exist, the destination already exists, or the move fails
     */
    public static Path keepLog(Path logFile, Path resultsDir, String fileName) {
        Path dest = resultsDir.resolve(fileName);
        if (!Files.isRegularFile(logFile)) {
            throw new LaunchException("the engine log " + logFile + " does not exist");
        }
        if (Files.exists(dest, LinkOption.NOFOLLOW_LINKS)) {
            throw new LaunchException("cannot keep the engine log as " + dest + ": a file of that name already exists");
        }
        try {
            Files.createDirectories(resultsDir);
            try {
                Files.move(logFile, dest, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Path tmp = Files.createTempFile(resultsDir, fileName + ".", ".tmp");
                Files.copy(logFile, tmp, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE);
                Files.delete(logFile);
            }
            return dest;
        } catch (IOException e) {
            throw new LaunchException("cannot move the engine log " + logFile + " to " + dest + ": " + e, e);
        }
    }

    private static boolean isEmptyDirectory(Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path dest = to.resolve(from.relativize(dir).toString());
                if (!dir.equals(from)) {
                    Files.createDirectory(dest);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                // NOFOLLOW_LINKS copies a symbolic link as a link, as cp -a does
                Files.copy(
                        file,
                        to.resolve(from.relativize(file).toString()),
                        StandardCopyOption.COPY_ATTRIBUTES,
                        LinkOption.NOFOLLOW_LINKS);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                // directory times and modes last: copying the contents changed them
                Path dest = to.resolve(from.relativize(dir).toString());
                PosixFileAttributes attrs =
                        Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                PosixFileAttributeView view =
                        Files.getFileAttributeView(dest, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
                view.setPermissions(attrs.permissions());
                view.setTimes(attrs.lastModifiedTime(), attrs.lastAccessTime(), null);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void deleteTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException e) {
            // best effort while reporting another error
        }
    }
}
