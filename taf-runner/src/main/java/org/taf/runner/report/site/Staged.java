package org.taf.runner.report.site;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.taf.runner.report.ReportException;
import org.taf.runner.sys.AtomicWrite;

/**
 * The staging directory of a publish ({@link SiteSwap}: the old site's files hard-linked, the new pages written
 * over them), and where its files will be in the site once it is swapped in.
 *
 * @param dir     the staging directory
 * @param siteDir the site's root
 */
record Staged(Path dir, Path siteDir) {
    Path put(String relative, String content) {
        return put(relative, content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code content} at {@code relative} unless it is there already; returns where it will be in the site.
     * Atomic: a hard link to the old site's file is replaced, never written through.
     */
    Path put(String relative, byte[] content) {
        Path file = dir.resolve(relative);
        byte[] old = readIfPresent(file);
        if (old == null || !Arrays.equals(old, content)) {
            AtomicWrite.write(file, content);
        }
        return siteDir.resolve(relative);
    }

    /**
     * Deletes the files under the directory {@code relative} that {@code keep} (paths relative to the site's root)
     * does not name, and the directory when that leaves it empty: what an earlier render wrote that this one does
     * not. In the staging directory a file is a link, so the old site keeps its own until the swap.
     */
    void prune(String relative, Set<String> keep) {
        Path root = dir.resolve(relative);
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> all = walk.sorted(Comparator.reverseOrder()).toList();
            for (Path p : all) {
                String name = dir.relativize(p).toString().replace('\\', '/');
                if (Files.isDirectory(p)) {
                    try (Stream<Path> left = Files.list(p)) {
                        if (left.findAny().isEmpty()) {
                            Files.delete(p);
                        }
                    }
                } else if (!keep.contains(name)) {
                    Files.delete(p);
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot remove the stale files of " + siteDir.resolve(relative) + ": " + e, e);
        }
    }

    private static byte[] readIfPresent(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        } catch (IOException e) {
            return null; // unreadable: rewritten
        }
    }
}
