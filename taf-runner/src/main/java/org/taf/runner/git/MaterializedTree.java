package org.taf.runner.git;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A commit's tree written out in the cache, ready to build in. The directory is complete and must not be
 * modified: builds work on their own copy.
 *
 * @param dir    {@code <cache>/trees/<id>/}
 * @param id     the commit sha, or {@code <parentsha>+<first 12 hex of the diff's sha256>} for a patched side;
 *               unique per content, so it keys the build cache
 * @param label  how messages name it: {@code "abc1234 Subject"} or {@code "abc1234+0f1e2d3c4b5a (fix.diff on abc1234
 * Subject)"}
 * @param cached true when the directory was already there and nothing was written
 */
public record MaterializedTree(Path dir, String id, String label, boolean cached) {
    public MaterializedTree {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(label, "label");
        if (id == null || id.isBlank() || id.contains("/")) {
            throw new IllegalArgumentException("id (" + id + ") must be a non-blank name without '/'");
        }
    }
}
