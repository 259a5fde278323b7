package org.taf.runner.report.site;

import java.util.List;

/**
 * The Atom feed: one entry per post and one per change point of a history series, newest first. Times are RFC 3339; ids
 * are URNs derived from
 * the run ids, so they never change when the site moves.
 *
 * @param id       the feed's id
 * @param title    its title
 * @param updated  the newest run's end (or start)
 * @param lang     the edition
 * @param entries  the posts
 */
public record FeedView(String id, String title, String updated, String lang, List<Entry> entries) {
    /**
     * One post or change point.
     *
     * @param id        urn:uuid of the run, or of the change point
     * @param title     the post's title
     * @param href      the post, or the change point on the Regressions page, relative to the feed
     * @param published when the run started
     * @param updated   when it ended (or started)
     * @param summary   the summary paragraph (text)
     * @param content   HTML: the summary, the highlights and the warnings, escaped
     */
    public record Entry(String id, String title, String href, String published, String updated, String summary,
                        String content) {
    }
}
