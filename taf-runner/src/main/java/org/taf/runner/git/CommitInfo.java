package org.taf.runner.git;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One resolved commit: what results record as provenance and what the tree cache materializes.
 *
 * @param sha           the full 40-hex object id, lower case
 * @param shortSha      a unique abbreviation of {@code sha} (at least 7 hex digits)
 * @param subject       the first line of the message (as {@code git log --format=%s})
 * @param fullMessage   the whole commit message
 * @param authorName    the author's name
 * @param authorEmail   the author's e-mail address
 * @param authorDate    when the change was authored
 * @param committerDate when the commit was made
 * @param parentShas    the full ids of the parents, first parent first (empty for a root commit)
 */
public record CommitInfo(
        String sha,
        String shortSha,
        String subject,
        String fullMessage,
        String authorName,
        String authorEmail,
        Instant authorDate,
        Instant committerDate,
        List<String> parentShas) {

    private static final Pattern FULL_SHA = Pattern.compile("[0-9a-f]{40}");

    public CommitInfo {
        requireSha("sha", sha);
        Objects.requireNonNull(shortSha, "shortSha");
        if (shortSha.length() < 4 || !sha.startsWith(shortSha)) {
            throw new IllegalArgumentException("shortSha (" + shortSha + ") must be a prefix of sha " + sha);
        }
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(fullMessage, "fullMessage");
        Objects.requireNonNull(authorName, "authorName");
        Objects.requireNonNull(authorEmail, "authorEmail");
        Objects.requireNonNull(authorDate, "authorDate");
        Objects.requireNonNull(committerDate, "committerDate");
        parentShas = List.copyOf(parentShas);
        parentShas.forEach(p -> requireSha("parentShas", p));
    }

    /** {@code "<shortSha> <subject>"}, how messages and logs name this commit. */
    public String label() {
        return shortSha + " " + subject;
    }

    private static void requireSha(String field, String value) {
        Objects.requireNonNull(value, field);
        if (!FULL_SHA.matcher(value).matches()) {
            throw new IllegalArgumentException(field + " (" + value + ") must be 40 lower-case hex digits");
        }
    }
}
