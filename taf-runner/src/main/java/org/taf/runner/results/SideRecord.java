package org.taf.runner.results;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.stats.Role;

/**
 * One side of a comparison: a commit (or a parent plus a diff), its build and the engine settings.
 *
 * @param role           parent or patch
 * @param revision       the revision as written in the definition
 * @param commit         the commit it resolved to
 * @param treeId         the materialized tree (the sha, or parent+diff hash)
 * @param patchDiff      the diff applied on the commit, or null
 * @param engineSettings engine variables set for this side
 * @param build          how its engine was built
 */
public record SideRecord(Role role, String revision, CommitRecord commit, String treeId, String patchDiff,
                         Map<String, String> engineSettings, BuildRecord build) {
    public SideRecord {
        engineSettings = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(engineSettings));
    }

    /**
     * A commit's provenance.
     *
     * @param sha        full sha
     * @param shortSha   abbreviated sha
     * @param subject    first line of the message
     * @param author     author name
     * @param authorEmail author e-mail
     * @param date       author date
     */
    public record CommitRecord(String sha, String shortSha, String subject, String author, String authorEmail,
                               Instant date) {
    }

    /**
     * A build of the engine.
     *
     * @param cacheKey build cache key (tree, command, artifact)
     * @param cached   whether the artifact came from the cache
     * @param seconds  build time (0 when cached)
     * @param command  the build command
     * @param log      path of the build log
     * @param failure  why it failed, or null
     */
    public record BuildRecord(String cacheKey, boolean cached, double seconds, String command, String log,
                              String failure) {
    }
}
