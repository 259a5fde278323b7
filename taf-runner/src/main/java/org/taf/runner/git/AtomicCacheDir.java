package org.taf.runner.git;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A cache entry directory that appears complete or not at all, created at most once even when several
 * threads or runner processes ask for it at the same time. Shared by the tree cache and the build cache.
 *
 * <p>How: under a lock (a JVM-wide lock plus an OS file lock on {@code .<name>.lock} beside the entry, so
 * two processes serialize too), the entry is filled in a hidden temporary sibling
 * {@code .<name>.tmp-<pid>-<random>}, flushed to disk, then renamed into place in one atomic step. A crash
 * leaves only a temporary sibling, which never looks complete and is deleted by the next creator.
 */
public final class AtomicCacheDir {
    /** FileChannel.lock is per process: threads of one JVM need their own lock in front of it. */
    private static final ConcurrentMap<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

    private AtomicCacheDir() {}

    /** Writes the content of a new entry into an empty temporary directory. */
    @FunctionalInterface
    public interface Filler {
        void fill(Path tempDir) throws IOException;
    }

    /**
     * Makes sure {@code target} exists, calling {@code filler} to create it if it does not.
     *
     * @return true if the entry was already there (a cache hit; {@code filler} was not called)
     * @throws IOException if the cache directory cannot be written; whatever {@code filler} throws is
     *                     rethrown after its temporary directory is deleted, and no entry is created
     */
    public static boolean createOnce(Path target, Filler filler) throws IOException {
        Path entry = target.toAbsolutePath().normalize();
        Path parent = entry.getParent();
        String name = entry.getFileName().toString();
        if (Files.isDirectory(entry)) {
            return true; // the rename made it complete: no lock needed to use it
        }
        Files.createDirectories(parent);
        Path lockFile = parent.resolve("." + name + ".lock");
        ReentrantLock jvmLock = JVM_LOCKS.computeIfAbsent(lockFile, k -> new ReentrantLock());
        jvmLock.lock();
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            channel.lock(); // blocks while another process holds it; released when the channel closes
            return createLocked(entry, filler);
        } finally {
            jvmLock.unlock();
        }
    }

    private static boolean createLocked(Path entry, Filler filler) throws IOException {
        Path parent = entry.getParent();
        String name = entry.getFileName().toString();
        if (Files.isDirectory(entry)) {
            return true;
        }
        deleteLeftovers(parent, name);
        // Unique per process and attempt; under the lock the name only has to differ from debris.
        Path temp = parent.resolve(tempPrefix(name) + ProcessHandle.current().pid() + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt()));
        Files.createDirectory(temp);
        boolean renamed = false;
        try {
            filler.fill(temp);
            syncDirectory(temp);
            Files.move(temp, entry, StandardCopyOption.ATOMIC_MOVE);
            renamed = true;
            syncDirectory(parent);
            return false;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            // Only a writer that ignores the lock can get here; its entry is as good as ours.
            return true;
        } finally {
            if (!renamed) {
                deleteRecursively(temp);
            }
        }
    }

    /** The name prefix of the temporary siblings of {@code name}; visible for tests that simulate a crash. */
    public static String tempPrefix(String name) {
        return "." + name + ".tmp-";
    }

    /** Called under the lock: nobody else can be filling these, so they are debris of a crashed creator. */
    private static void deleteLeftovers(Path parent, String name) throws IOException {
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(parent, tempPrefix(name) + "*")) {
            for (Path leftover : leftovers) {
                deleteRecursively(leftover);
            }
        }
    }

    /** Deletes a directory tree without following symbolic links (a tree may link to "/"). */
    public static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Flushes a directory's entries so that a rename after it cannot reach the disk before them. */
    static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some file systems refuse to sync a directory; the rename is still atomic for a process crash.
        }
    }
}
