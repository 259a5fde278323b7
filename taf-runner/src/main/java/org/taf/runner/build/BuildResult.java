package org.taf.runner.build;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * A built artifact in the build cache.
 *
 * @param artifact {@code <cache>/builds/<key>/<artifact file name>}; never modified, copy it to change it
 * @param log      the build's log kept with the artifact, {@code <cache>/builds/<key>/build.log}
 * @param cacheKey sha256 (64 hex) of tree id, build command and artifact path; recorded as provenance
 * @param cached   true if the artifact was already in the cache and nothing ran
 * @param took     wall time of the build that made the artifact (for a cached result, that original build's)
 */
public record BuildResult(Path artifact, Path log, String cacheKey, boolean cached, Duration took) {
    public BuildResult {
        Objects.requireNonNull(artifact, "artifact");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(took, "took");
        if (cacheKey == null || !cacheKey.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("cacheKey (" + cacheKey + ") must be 64 hex digits");
        }
    }
}
