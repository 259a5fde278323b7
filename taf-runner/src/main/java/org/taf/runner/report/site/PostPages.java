package org.taf.runner.report.site;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.post.PostFiles;
import org.taf.runner.report.post.PostView;
import org.taf.runner.report.post.PostViewBuilder;
import org.taf.runner.results.RunRecord;

/**
 * Renders runs' posts into a publish's staging directory: each page, with the files it shows beside it (its figures
 * and their stylesheet, {@link PostFiles}) written in the same swap, so a reader never finds a post without its
 * figures; the files an earlier render of the post left that this one does not show (a graph gone, a post now
 * superseded) are removed. Each post knows its story: the newest run that supersedes it, and the earlier runs it
 * links to.
 */
final class PostPages {
    private PostPages() {}

    /**
     * Renders the posts of {@code runs} into {@code staged}, the site's runs being {@code all}; returns the pages,
     * newest first, and adds every file written to {@code files}.
     */
    static List<Path> render(Staged staged, Templates templates, Messages m,
                             Function<Path, Optional<String>> narratives, List<RunRecord> runs, List<RunDigest> all,
                             List<Path> files) {
        Map<String, RunDigest> superseded = SiteViews.superseded(all);
        List<Path> pages = new ArrayList<>();
        for (RunRecord r : SiteViews.sorted(runs)) {
            RunDigest newer = superseded.get(r.runId());
            PostView view = PostViewBuilder.build(r, m, narratives,
                    newer == null ? null : new PostViewBuilder.Newer(newer.startedAt(), newer.post()),
                    SiteViews.earlierThan(all, r.runId(), m));
            String page = SitePaths.post(r.runId());
            Path p = staged.put(page, templates.render("post.ftlh", view));
            pages.add(p);
            files.add(p);
            String dir = page.substring(0, page.lastIndexOf('/') + 1);
            Set<String> kept = new TreeSet<>();
            PostFiles.of(view).forEach((name, content) -> {
                kept.add(dir + name);
                files.add(staged.put(dir + name, content));
            });
            staged.prune(dir + PostFiles.FIGURES, kept);
        }
        return pages;
    }
}
