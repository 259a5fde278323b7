package org.taf.runner.git;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.jgit.diff.DiffEntry.ChangeType;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.patch.FileHeader;
import org.eclipse.jgit.patch.FormatError;
import org.eclipse.jgit.patch.Patch;
import org.eclipse.jgit.patch.PatchApplier;
import org.eclipse.jgit.revwalk.RevTree;

/**
 * Applies a {@code git diff} or {@code git format-patch} file to a tree in memory with JGit's
 * {@link PatchApplier}, and refuses what it would otherwise get silently wrong: binary changes without
 * content, and patch series that change one file twice (each change would be applied to the parent).
 */
final class DiffApplier {
    private DiffApplier() {}

    /**
     * @param diffFile names the diff in messages
     * @param diff     its bytes
     * @param parent   the commit whose tree is patched, named in messages
     * @return the id of the patched tree, whose new objects live in {@code objects}
     * @throws CheckoutException naming the diff file, the file in the diff and the parent commit
     */
    static ObjectId apply(Repository repository, RevTree base, OverlayInserter objects, Path diffFile, byte[] diff,
            CommitInfo parent) throws IOException {
        Patch patch = new Patch();
        patch.parse(diff, 0, diff.length);
        List<String> errors = patch.getErrors().stream()
                .filter(e -> e.getSeverity() == FormatError.Severity.ERROR)
                .map(e -> e.getMessage() + " near '" + e.getLineText().strip() + "'")
                .collect(Collectors.toList());
        if (!errors.isEmpty()) {
            throw new CheckoutException("diff " + diffFile + " is not a valid patch: " + String.join("; ", errors));
        }
        if (patch.getFiles().isEmpty()) {
            throw new CheckoutException("diff " + diffFile
                    + " changes no file (expected the output of git diff or git format-patch)");
        }
        Set<String> seen = new HashSet<>();
        for (FileHeader file : patch.getFiles()) {
            String path = file.getChangeType() == ChangeType.DELETE ? file.getOldPath() : file.getNewPath();
            if (file.getPatchType() == FileHeader.PatchType.BINARY) {
                throw new CheckoutException("diff " + diffFile + " changes binary file " + path
                        + " without its content; make the diff with git diff --binary");
            }
            if (!seen.add(path)) {
                throw new CheckoutException("diff " + diffFile + " changes " + path
                        + " more than once (a series of patches?); squash it into one diff against "
                        + parent.shortSha());
            }
        }
        PatchApplier.Result result = new PatchApplier(repository, base, objects).applyPatch(patch);
        if (!result.getErrors().isEmpty()) {
            String why = result.getErrors().stream().map(Object::toString).collect(Collectors.joining("; "));
            throw new CheckoutException("diff " + diffFile + " does not apply to parent commit " + parent.label()
                    + ": " + why);
        }
        return result.getTreeId();
    }
}
