package org.taf.runner.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.sys.AtomicWrite;
import org.taf.runner.results.RunRecord;

/**
 * Renders the static site from results alone: a post per run ({@code posts/<run-id>/index.html}),
 * the index, a history page per series' workload, the Regressions page (the series' change points),
 * the Atom feed, the stylesheet, and {@code data/} (each run's results and an index.json). Deterministic: the same runs give byte-identical files (times
 * come from the results, never from a clock; numbers from the edition's locale). Every file is
 * written atomically, and a file whose content is unchanged is left untouched, so an interrupted
 * publish leaves whole pages, old or new. Posts of runs not given are left in place, unlinked.
 */
public final class SitePublisher {
    private static final String CSS_RESOURCE = "templates/static/taf.css";
    private static final String ICON_RESOURCE = "templates/static/favicon.svg";
    private final Path siteDir;
    private final Messages messages;
    private final Function<Path, Optional<String>> narratives;
    private final Templates templates;
    private final boolean joinSegments;

    /**
     * @param siteDir    the site's root directory (created when missing)
     * @param messages   the edition's words
     * @param narratives reads the Markdown file named by a run's {@code post.narrative}; empty when
     *                   it cannot (the post then says the file was not found)
     */
    public SitePublisher(Path siteDir, Messages messages, Function<Path, Optional<String>> narratives) {
        this(siteDir, messages, narratives, false);
    }

    private SitePublisher(Path siteDir, Messages messages, Function<Path, Optional<String>> narratives,
                          boolean joinSegments) {
        this.siteDir = siteDir.toAbsolutePath().normalize();
        this.messages = messages;
        this.narratives = narratives;
        this.templates = new Templates(messages);
        this.joinSegments = joinSegments;
    }

    /**
     * This publisher, searching change points across the segments of a series too. Off by default: a
     * step where the host, kernel, JVM or runner changed may be the environment's, and is not searched
     * (the environment-drift refusal, {@link SeriesChange}); a change found across segments then says
     * that it lies at an environment change.
     */
    public SitePublisher joiningSegments() {
        return new SitePublisher(siteDir, messages, narratives, true);
    }

    /** The English site at {@code siteDir}, narratives read from their files as UTF-8. */
    public static SitePublisher english(Path siteDir) {
        return new SitePublisher(siteDir, Messages.english(), SitePublisher::readNarrative);
    }

    /**
     * What a publish wrote.
     *
     * @param siteDir the site's root
     * @param posts   the posts rendered, newest first
     * @param files   every file written or confirmed unchanged, sorted
     */
    public record Published(Path siteDir, List<Path> posts, List<Path> files) {
        public Published {
            posts = List.copyOf(posts);
            files = List.copyOf(files);
        }
    }

    /** Renders every run's post and the shared pages. A run id given twice: the last one wins. */
    public Published publish(List<RunRecord> runs) {
        List<RunRecord> all = unique(runs);
        return write(all, all);
    }

    /**
     * Adds or replaces the posts of {@code runs} and rebuilds the index, histories, feed and data from
     * the runs this site already holds ({@link #held()}) and these (a run of the same id is replaced).
     * So a site accumulates its own runs, and a run elsewhere (another results directory, a local
     * site) never appears in it by accident. This is what {@code taf run} calls at its end, and
     * {@code taf publish}.
     */
    public Published add(List<RunRecord> runs) {
        List<RunRecord> merged = new ArrayList<>(held());
        merged.addAll(runs);
        return write(unique(runs), unique(merged));
    }

    /**
     * The runs this site holds: {@code data/runs/<run-id>/results.json}, written with each run's post
     * (none for a new site).
     */
    public List<RunRecord> held() {
        Path runs = siteDir.resolve(SitePaths.DATA_RUNS);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            return RunFinder.read(dirs.map(d -> d.resolve(ResultsStore.FILE_NAME)).filter(Files::isRegularFile)
                    .sorted().toList());
        } catch (IOException e) {
            throw new ReportException("cannot list the runs of site " + siteDir + ": " + e.getMessage(), e);
        }
    }

    private Published write(List<RunRecord> postsToRender, List<RunRecord> all) {
        List<Path> files = new ArrayList<>();
        files.add(put(SitePaths.CSS, resource(CSS_RESOURCE)));
        files.add(put(SitePaths.ICON, resource(ICON_RESOURCE)));
        for (RunRecord r : all) {
            files.add(put(SitePaths.data(r.runId()), bytes(r)));
        }
        files.add(put(SitePaths.DATA_INDEX, DataIndex.json(all, messages)));
        List<Path> posts = new ArrayList<>();
        for (RunRecord r : SiteViews.sorted(withEarlierStoryRuns(postsToRender, all))) {
            PostView view = PostViewBuilder.build(r, messages, narratives, SiteViews.supersededBy(r, all));
            Path p = put(SitePaths.post(r.runId()), templates.render("post.ftlh", view));
            posts.add(p);
            files.add(p);
        }
        // Series and their change points once, for the histories, the Regressions page and the feed.
        List<HistorySeries> series = HistorySeries.of(all, joinSegments);
        for (String w : SiteViews.workloads(all)) {
            files.add(put(SitePaths.history(w), templates.render("history.ftlh",
                    HistoryViewBuilder.build(w, all, series, messages))));
        }
        files.add(put(SitePaths.REGRESSIONS, templates.render("regressions.ftlh",
                RegressionsView.of(all, series, messages))));
        List<SitePages.Page> pages = SitePages.kept(siteDir);
        for (SitePages.Page page : pages) {
            String path = SitePaths.page(page.name());
            files.add(put(path, templates.render("page.ftlh",
                    new PageDocView(PageView.of(messages, page.title(), path),
                            Markdown.toHtml(page.body(), 0, page.origin(), page.bodyLine())))));
        }
        // The index and the feed last: they link to pages that now exist.
        files.add(put(SitePaths.INDEX, templates.render("index.ftlh", SiteViews.index(all, pages, messages))));
        files.add(put(SitePaths.FEED, templates.render("feed.ftlx", SiteViews.feed(all, series, messages))));
        files.sort(null);
        return new Published(siteDir, posts, files);
    }

    /**
     * Keeps {@code source} as a page of the site ({@code data/pages/<name>.md}, replacing one of the
     * same name); the next publish renders it. A file that is not a page (no {@code # title}, not
     * UTF-8, a bad name) is refused with its name, and nothing is written.
     *
     * @return where the page will be, relative to the site's root
     */
    public String keepPage(Path source) {
        SitePages.Page page = SitePages.read(source);
        Markdown.toHtml(page.body(), 0, page.origin(), page.bodyLine()); // a bad chart block is refused here, kept nowhere
        try {
            put(SitePaths.pageSource(page.name()), Files.readAllBytes(source));
        } catch (IOException e) {
            throw new ReportException("cannot read page " + source + ": " + e.getMessage(), e);
        }
        return SitePaths.page(page.name());
    }

    /** The site's root. */
    public Path siteDir() {
        return siteDir;
    }

    private Path put(String relative, String content) {
        return put(relative, content.getBytes(StandardCharsets.UTF_8));
    }

    private Path put(String relative, byte[] content) {
        Path file = siteDir.resolve(relative);
        try {
            if (Files.isRegularFile(file) && Files.size(file) == content.length
                    && Arrays.equals(Files.readAllBytes(file), content)) {
                return file;
            }
        } catch (IOException e) {
            // unreadable: rewrite it
        }
        AtomicWrite.write(file, content);
        return file;
    }

    private static byte[] bytes(RunRecord run) {
        try {
            return ResultsStore.json().writeValueAsBytes(run);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize run " + run.runId(), e);
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = SitePublisher.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the runner's classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + name, e);
        }
    }

    /**
     * The posts to render, with the earlier runs of any story among them: a new story post marks the
     * ones it supersedes, so those pages change too.
     */
    private static List<RunRecord> withEarlierStoryRuns(List<RunRecord> posts, List<RunRecord> all) {
        Map<String, List<RunRecord>> stories = SiteViews.storyRuns(all);
        List<RunRecord> out = new ArrayList<>(posts);
        for (RunRecord r : posts) {
            for (RunRecord same : stories.getOrDefault(r.name(), List.of())) {
                if (out.stream().noneMatch(o -> o.runId().equals(same.runId()))) {
                    out.add(same);
                }
            }
        }
        return out;
    }

    private static List<RunRecord> unique(List<RunRecord> runs) {
        Map<String, RunRecord> byId = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            byId.remove(r.runId());
            byId.put(r.runId(), r);
        }
        return List.copyOf(byId.values());
    }

    /** Reads a narrative file; empty when it is missing or unreadable. */
    static Optional<String> readNarrative(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
