package org.taf.runner.config;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One side of a comparison: a commit plus optional changes and engine settings.
 *
 * @param revision  what the git stage resolves (sha, branch, tag, {@code HEAD~1}); not resolved yet
 * @param patchDiff a diff file (absolute) applied on {@code revision}'s tree, for a patch given as a diff
 * @param engine    engine variables of this side: global {@code engine.*} overlaid by per-side ones
 */
public record Side(String revision, Optional<Path> patchDiff, EngineSettings engine) {
    public Side {
        Objects.requireNonNull(patchDiff, "patchDiff");
        Objects.requireNonNull(engine, "engine");
        if (revision == null || revision.isBlank()) {
            throw new IllegalArgumentException("a side needs a revision");
        }
        patchDiff.ifPresent(p -> {
            if (!p.isAbsolute()) {
                throw new IllegalArgumentException("patchDiff must be absolute: " + p);
            }
        });
    }

    /**
     * How this side reads in a label: {@code HEAD~1}, or {@code HEAD~1 + fix.diff}; a full sha is
     * shortened to 10 characters, as git shows it.
     */
    public String describe() {
        String rev = revision.matches("[0-9a-fA-F]{40}") ? revision.substring(0, 10) : revision;
        return rev + patchDiff.map(p -> " + " + p.getFileName()).orElse("");
    }
}
