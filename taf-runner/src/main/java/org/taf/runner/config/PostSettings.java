package org.taf.runner.config;

import static org.taf.runner.config.Checks.notNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the post says besides the numbers ({@code post.*}).
 *
 * @param title     title (empty: the report stage makes one from the comparisons)
 * @param summary   one paragraph at the top
 * @param narrative a Markdown file with the post's text, absolute, checked to exist
 * @param commitUrl link template with {@code {sha}}, e.g. {@code https://github.com/o/r/commit/{sha}}
 * @param story     the story's place on the index, or empty for an ordinary post
 * @param keyCounters the counters that show the post's mechanism, in the order shown (may be empty)
 */
public record PostSettings(Optional<String> title, Optional<String> summary, Optional<Path> narrative,
        Optional<String> commitUrl, Optional<Integer> story, List<String> keyCounters) {
    public PostSettings {
        notNull("post.title", title);
        notNull("post.summary", summary);
        notNull("post.narrative", narrative);
        notNull("post.commit_url", commitUrl);
        notNull("post.story", story);
        keyCounters = List.copyOf(keyCounters);
    }
}
