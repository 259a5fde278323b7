package org.taf.runner.git;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Writes a git tree into an empty directory as git would check it out: regular files 0644, executables
 * 0755, symbolic links as links, submodules as empty directories. Content is written byte for byte (no
 * smudge filters, no line-ending conversion), so the same tree always gives the same files. Every file
 * and directory is flushed to disk, because the caller renames the result into the cache as complete.
 */
final class TreeWriter {
    private static final Set<PosixFilePermission> REGULAR = PosixFilePermissions.fromString("rw-r--r--");
    private static final Set<PosixFilePermission> EXECUTABLE = PosixFilePermissions.fromString("rwxr-xr-x");

    private TreeWriter() {}

    /**
     * @param reader reads the tree's objects (the repository's, or an overlay holding a patched tree)
     * @param tree   the tree to write
     * @param target an existing, empty directory
     * @param what   names the tree in error messages, e.g. the commit label
     * @return the number of entries written
     */
    static int write(ObjectReader reader, ObjectId tree, Path target, String what) throws IOException {
        Set<Path> directories = new LinkedHashSet<>();
        directories.add(target);
        int count = 0;
        try (TreeWalk walk = new TreeWalk(reader)) {
            walk.addTree(tree);
            walk.setRecursive(true);
            while (walk.next()) {
                String path = walk.getPathString();
                Path file = target.resolve(checkedPath(path, what));
                Files.createDirectories(file.getParent());
                addParents(directories, target, file.getParent());
                FileMode mode = walk.getFileMode(0);
                ObjectId id = walk.getObjectId(0);
                if (mode == FileMode.SYMLINK) {
                    String link =
                            new String(reader.open(id, Constants.OBJ_BLOB).getCachedBytes(), StandardCharsets.UTF_8);
                    Files.createSymbolicLink(file, Path.of(link));
                } else if (mode == FileMode.GITLINK) {
                    Files.createDirectory(file);
                    directories.add(file);
                } else if (mode == FileMode.REGULAR_FILE || mode == FileMode.EXECUTABLE_FILE) {
                    writeBlob(reader, id, file);
                    Files.setPosixFilePermissions(file, mode == FileMode.EXECUTABLE_FILE ? EXECUTABLE : REGULAR);
                } else {
                    throw new CheckoutException("tree of " + what + " has an entry of unsupported mode " + mode
                            + " at " + path);
                }
                count++;
            }
        }
        for (Path dir : directories) {
            AtomicCacheDir.syncDirectory(dir);
        }
        return count;
    }

    private static void writeBlob(ObjectReader reader, ObjectId id, Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            OutputStream out = Channels.newOutputStream(channel);
            reader.open(id, Constants.OBJ_BLOB).copyTo(out);
            channel.force(true);
        }
    }

    /**
     * git itself refuses such paths; a crafted tree could otherwise write outside the cache directory
     * or plant a {@code .git} that turns the materialized tree into a repository.
     */
    private static String checkedPath(String path, String what) {
        for (String part : path.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")
                    || part.toLowerCase(Locale.ROOT).equals(Constants.DOT_GIT)) {
                throw new CheckoutException("tree of " + what + " has an unsafe path '" + path
                        + "'; refusing to materialize it");
            }
        }
        return path;
    }

    private static void addParents(Set<Path> directories, Path root, Path dir) {
        Path d = dir;
        while (d.startsWith(root) && directories.add(d)) {
            d = d.getParent();
        }
    }
}
