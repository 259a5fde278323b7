package org.taf.runner.db;

import java.time.Instant;
import java.util.Objects;

/**
 * A bisect as the results database keeps it ({@code taf_bisect}): what a list of bisects shows, and its
 * {@code bisect.json} verbatim. Made by the bisect (which owns that format); the database only stores it.
 *
 * @param bisectId   the bisect's id (its directory's name)
 * @param definition the definition file it ran
 * @param goodSha    the good commit
 * @param badSha     the bad commit
 * @param outcome    CULPRIT, NO_SLOWDOWN, INCONCLUSIVE, FAILED or UNFINISHED
 * @param culpritSha the culprit, or null
 * @param startedAt  start, or null
 * @param finishedAt end, or null
 * @param json       bisect.json's text
 */
public record BisectRow(String bisectId, String definition, String goodSha, String badSha, String outcome,
                        String culpritSha, Instant startedAt, Instant finishedAt, String json) {
    public BisectRow {
        Objects.requireNonNull(bisectId, "bisectId");
        Objects.requireNonNull(goodSha, "goodSha");
        Objects.requireNonNull(badSha, "badSha");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(json, "json");
    }
}
