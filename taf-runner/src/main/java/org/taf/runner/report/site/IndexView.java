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
     * @param superseded the newest post of the same story, which replaces it ("superseded by the run of ..."), or
     *                   null
     */
    public record Entry(String title, String href, String runId, String date, String dateIso, String host,
                        String status, String summary, List<Badge> badges, List<String> workloads, int warnings,
                        PageView.Link superseded) {
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
                        boolean reliable, List<PostView.EarlierRun> earlier) {
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
