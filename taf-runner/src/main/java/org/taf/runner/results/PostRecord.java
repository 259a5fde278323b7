package org.taf.runner.results;

import java.util.List;
import java.util.Optional;

/**
 * What a run's post says besides the numbers ({@code post.*}), kept with the run so that a post can be
 * made again anywhere from the record alone: the narrative's text is read when the run starts (a story
 * whose narrative cannot be read does not run), not looked up on the publishing machine.
 *
 * @param title         the post's title, or null to make one from the comparisons
 * @param summary       its summary paragraph, or null to make one
 * @param story         its place among the site's stories, or null for an ordinary post
 * @param narrativeFile the narrative's file as resolved when the run started, or null without one
 * @param narrative     the narrative's Markdown, or null without one
 * @param commitUrl     commit link template with {@code {sha}}, or null
 * @param keyCounters   the counters that show the mechanism, shown first (empty: those that moved most)
 */
public record PostRecord(String title, String summary, Integer story, String narrativeFile, String narrative,
                         String commitUrl, List<String> keyCounters) {
    public PostRecord {
        title = blankToNull(title);
        summary = blankToNull(summary);
        narrativeFile = blankToNull(narrativeFile);
        commitUrl = blankToNull(commitUrl);
        keyCounters = keyCounters == null ? List.of() : List.copyOf(keyCounters);
    }

    /** No title, summary, story, narrative or link: a post made from the data alone. */
    public static final PostRecord NONE = new PostRecord(null, null, null, null, null, null, List.of());

    /**
     * The post settings of a run recorded before they had their own record (results format 2 and
     * earlier): read back from the definition's effective settings, the narrative as a file name only.
     */
    static PostRecord fromSettings(List<DefinitionRecord.SettingRecord> settings) {
        return new PostRecord(get(settings, "post.title"), get(settings, "post.summary"),
                Optional.ofNullable(get(settings, "post.story")).map(s -> Integer.parseInt(s.strip())).orElse(null),
                get(settings, "post.narrative"), null, get(settings, "post.commit_url"),
                Optional.ofNullable(get(settings, "post.key_counters"))
                        .map(s -> List.of(s.split("\\s*,\\s*"))).orElse(List.of()));
    }

    /** The commit link for {@code sha}, when the template is an http(s) URL. */
    public Optional<String> commitLink(String sha) {
        return Optional.ofNullable(commitUrl).filter(u -> u.startsWith("https://") || u.startsWith("http://"))
                .filter(u -> sha != null && !sha.isBlank()).map(u -> u.replace("{sha}", sha));
    }

    private static String get(List<DefinitionRecord.SettingRecord> settings, String key) {
        return settings.stream().filter(s -> s.key().equals(key)).map(DefinitionRecord.SettingRecord::value)
                .filter(v -> v != null && !v.isBlank()).findFirst().orElse(null);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
