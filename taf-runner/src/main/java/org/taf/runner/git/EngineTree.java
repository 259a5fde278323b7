package org.taf.runner.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * What a commit's engine is built from: the git object ids of the build's input paths
 * ({@code build.inputs}) in the commit's tree. Two commits with the same engine tree build the same
 * engine, so a commit that only changed a text file elsewhere need not be built or measured again.
 */
public final class EngineTree {
    private EngineTree() {}

    /**
     * An id of the inputs' content at {@code commit}: 64 hex digits, the same for two commits exactly
     * when every input path holds the same object (or is absent) in both. The empty path is the whole tree.
     *
     * @throws CheckoutException naming the commit when its tree cannot be read
     */
    public static String of(Repo repo, CommitInfo commit, List<Path> inputs) {
        StringBuilder entries = new StringBuilder();
        try (RevWalk walk = new RevWalk(repo.repository())) {
            RevCommit c = walk.parseCommit(ObjectId.fromString(commit.sha()));
            for (Path input : inputs) {
                String path = input.toString().replace('\\', '/');
                ObjectId id;
                if (path.isEmpty()) {
                    id = c.getTree().getId();
                } else {
                    try (TreeWalk tw = TreeWalk.forPath(walk.getObjectReader(), path, c.getTree())) {
                        id = tw == null ? null : tw.getObjectId(0);
                    }
                }
                // Length-prefixed path, then the id or "absent": no two different inputs read the same.
                entries.append(path.length()).append(':').append(path).append('=')
                        .append(id == null ? "absent" : id.name()).append('\n');
            }
        } catch (IOException e) {
            throw new CheckoutException("cannot read the tree of " + commit.label() + " in repository "
                    + repo.location() + ": " + e.getMessage(), e);
        }
        return TreeCache.sha256Hex(entries.toString().getBytes(StandardCharsets.UTF_8));
    }
}
