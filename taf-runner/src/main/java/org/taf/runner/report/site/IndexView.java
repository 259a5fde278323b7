package org.taf.runner.report.site;

import java.util.List;
import org.taf.runner.report.PageView;
import org.taf.runner.report.post.PostView;

/**
 * The site's front page: every post, newest first, with its verdict counts.
 *
 * @param page      the page frame
 * @param stories   the site's stories first: the newest post of each definition with {@code post.story},
 *                  in that key's order
 * @param posts     the posts
 * @param histories links to every workload's history
 * @param pages     links to the site's other pages (studies and notes), by name
 */
public record IndexView(
        PageView page,
        List<Story> stories,
        List<Entry> posts,
        List<PageView.Link> histories,
        List<PageView.Link> pages) {
    /**
     * One post in the list.
     *
     * @param title     its title
     * @param href      link, relative to the index
     * @param runId     run id
     * @param date      when the run started
     * @param dateIso   the same, machine-readable
     * @param host      the host
     * @param status    run status name
     * @param summary   its summary paragraph
     * @param badges    verdict counts, in the verdicts' order
     * @param workloads workloads measured
     * @param warnings  how many warnings the post shows
     * @param superseded link to the newer post of the same story that replaces it, or ""
     */
    public record Entry(String title, String href, String runId, String date, String dateIso, String host,
                        String status, String summary, List<Badge> badges, List<String> workloads, int warnings,
                        String superseded) {
    }

    /**
     * A story at the head of the index: its newest post and its answer, and the earlier runs it replaces.
     *
     * @param title     the post's title
     * @param href      link to the post, relative to the index
     * @param date      when its run started
     * @param dateIso   the same, machine-readable
     * @param headlines the post's headline per comparison, linked to its clearest cell
     * @param reliable  false when most of its pairs were flagged or its MDE exceeds the effect it shows
     * @param earlier   older runs of the same story definition, newest first
     */
    public record Story(String title, String href, String date, String dateIso, List<PostView.Headline> headlines,
                        boolean reliable, List<EarlierRun> earlier) {
    }

    /**
     * An older run of a story, superseded by its newest post.
     *
     * @param href     link to its post
     * @param date     when it ran
     * @param dateIso  the same, machine-readable
     * @param counts   its verdict counts, e.g. "4 improved, 1 inconclusive"
     * @param differed what its definition set otherwise than the newest run's, e.g. "measure.mode = restart"
     */
    public record EarlierRun(String href, String date, String dateIso, String counts, String differed) {
    }

    /**
     * A verdict count.
     *
     * @param verdict verdict name (message key suffix and CSS class)
     * @param count   how many cells
     * @param text    e.g. "3 improved"
     */
    public record Badge(String verdict, int count, String text) {
    }
}
