package org.taf.runner.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Commit trees written out under {@code <cache>/trees/<id>/}, once per id and reused afterwards. Safe for
 * concurrent use by threads and by several runner processes sharing the cache (see {@link AtomicCacheDir}).
 */
public final class TreeCache {
    /** Hex digits of the diff's sha256 in a patched side's id. */
    public static final int DIFF_HASH_HEX = 12;

    private final Repo repo;
    private final Path trees;

    /**
     * @param repo      where commits are read from
     * @param cacheRoot TAF's cache directory; trees go to its {@code trees/} sub-directory
     */
    public TreeCache(Repo repo, Path cacheRoot) {
        this.repo = Objects.requireNonNull(repo, "repo");
        this.trees = cacheRoot.toAbsolutePath().normalize().resolve("trees");
    }

    /**
     * Writes the tree of {@code commit} to {@code <cache>/trees/<sha>/}, or reuses it (then {@code cached}).
     *
     * @throws CheckoutException if the commit is not in the repository or the cache cannot be written
     */
    public MaterializedTree materialize(CommitInfo commit) {
        Path dir = trees.resolve(commit.sha());
        boolean cached = create(dir, commit, temp -> {
            try (ObjectReader reader = repo.repository().newObjectReader(); RevWalk walk = new RevWalk(reader)) {
                RevCommit c = walk.parseCommit(ObjectId.fromString(commit.sha()));
                TreeWriter.write(reader, c.getTree(), temp, commit.label());
            }
        });
        return new MaterializedTree(dir, commit.sha(), commit.label(), cached);
    }

    /**
     * Applies {@code diff} (output of {@code git diff} or {@code git format-patch}) to the tree of
     * {@code parent} and writes the result to {@code <cache>/trees/<parentsha>+<12 hex of sha256(diff)>/}, or
     * reuses it. Nothing is written into the repository.
     *
     * @throws CheckoutException if the diff is missing, is not a patch, or does not apply; the message names
     *                           the diff file, the file in the diff and the parent commit
     */
    public MaterializedTree materializeWithPatch(CommitInfo parent, Path diff) {
        Path file = diff.toAbsolutePath().normalize();
        byte[] bytes = readDiff(parent, file);
        String hash = diffHash(bytes);
        String id = parent.sha() + "+" + hash;
        String label = parent.shortSha() + "+" + hash + " (" + file.getFileName() + " on " + parent.label() + ")";
        Path dir = trees.resolve(id);
        boolean cached = create(dir, parent, temp -> {
            try (OverlayInserter objects = new OverlayInserter(repo.repository());
                    ObjectReader reader = objects.newReader();
                    RevWalk walk = new RevWalk(reader)) {
                RevCommit c = walk.parseCommit(ObjectId.fromString(parent.sha()));
                ObjectId tree = DiffApplier.apply(repo.repository(), c.getTree(), objects, file, bytes, parent);
                TreeWriter.write(reader, tree, temp, label);
            }
        });
        return new MaterializedTree(dir, id, label, cached);
    }

    /**
     * The {@link MaterializedTree#id()} {@link #materializeWithPatch} gives {@code diff} on {@code parent},
     * computed without writing anything (it keys the build cache, which {@code taf plan} looks up).
     *
     * @throws CheckoutException if the diff file is missing or unreadable
     */
    public static String patchedId(CommitInfo parent, Path diff) {
        return parent.sha() + "+" + diffHash(readDiff(parent, diff.toAbsolutePath().normalize()));
    }

    private static byte[] readDiff(CommitInfo parent, Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new CheckoutException("diff file " + file + " (patch for " + parent.label() + ") does not exist");
        } catch (IOException e) {
            throw new CheckoutException("cannot read diff file " + file + ": " + e.getMessage(), e);
        }
    }

    private static String diffHash(byte[] diff) {
        return sha256Hex(diff).substring(0, DIFF_HASH_HEX);
    }

    private boolean create(Path dir, CommitInfo commit, AtomicCacheDir.Filler filler) {
        try {
            return AtomicCacheDir.createOnce(dir, filler);
        } catch (MissingObjectException e) {
            throw new CheckoutException("commit " + commit.label() + " (or an object of its tree) is missing from "
                    + "repository " + repo.location(), e);
        } catch (IOException e) {
            throw new CheckoutException("cannot materialize " + commit.label() + " into " + dir + ": " + e, e);
        }
    }

    static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
