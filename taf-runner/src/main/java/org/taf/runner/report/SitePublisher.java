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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.sys.AtomicWrite;

/**
 * Renders the static site from results alone: a post per run ({@code posts/<run-id>/index.html}),
 * the index, a history page per series' workload, the Regressions page (the series' change points),
 * the Atom feed, the stylesheet, and {@code data/} (each run's results and an index.json). Deterministic: the
 * same runs give byte-identical files (times come from the results, never from a clock; numbers from the
 * edition's locale).
 *
 * <p><b>Faults.</b> A publish builds the new site beside the old one and swaps it in ({@link SiteSwap}): a
 * kill at any moment, or a full disk, leaves the old site or the new one, whole. Publishes of one site take
 * turns. Posts of runs not given are left in place, unlinked.
 *
 * <p><b>Cost.</b> {@link #add} renders only what its runs change: the posts of runs new or changed (a run
 * byte-identical to the site's copy is not), the earlier posts of their stories, the history pages of their
 * workloads, the kept pages whose source changed, and the index, feed, Regressions page and data index. The
 * change points of a series are searched only when its points changed ({@link ChangePointCache}). A runner
 * with other templates or of another version renders every page once ({@link SiteState}).
 */
public final class SitePublisher {
    private static final String CSS_RESOURCE = "templates/static/taf.css";
    private static final String ICON_RESOURCE = "templates/static/favicon.svg";
    private static final String CHANGE_POINTS = "data/change-points.json";
    /** One mapper for every run: {@link ResultsStore#json()} is a copy, which serializes 3x slower cold. */
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = ResultsStore.json();
    private final Path siteDir;
    private final Messages messages;
    private final Function<Path, Optional<String>> narratives;
    private final Templates templates;
    private final boolean joinSegments;
    private final SiteSwap swap;

    /**
     * @param siteDir    the site's root directory (created when missing)
     * @param messages   the edition's words
     * @param narratives reads the Markdown file named by a run's {@code post.narrative}; empty when
     *                   it cannot (the post then says the file was not found)
     */
    public SitePublisher(Path siteDir, Messages messages, Function<Path, Optional<String>> narratives) {
        this(siteDir, messages, narratives, false, SiteSwap.of(siteDir));
    }

    private SitePublisher(Path siteDir, Messages messages, Function<Path, Optional<String>> narratives,
                          boolean joinSegments, SiteSwap swap) {
        this.siteDir = siteDir.toAbsolutePath().normalize();
        this.messages = messages;
        this.narratives = narratives;
        this.templates = new Templates(messages);
        this.joinSegments = joinSegments;
        this.swap = swap;
    }

    /**
     * This publisher, searching change points across the segments of a series too. Off by default: a
     * step where the host, kernel, JVM or runner changed may be the environment's, and is not searched
     * (the environment-drift refusal, {@link SeriesChange}); a change found across segments then says
     * that it lies at an environment change.
     */
    public SitePublisher joiningSegments() {
        return new SitePublisher(siteDir, messages, narratives, true, swap);
    }

    /** This publisher telling {@code observer} each step of its swap (tests kill it there). */
    SitePublisher observingSwap(java.util.function.Consumer<SiteSwap.Step> observer) {
        return new SitePublisher(siteDir, messages, narratives, joinSegments, swap.observing(observer));
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

    /** Renders every run's post and the shared pages, every page anew. A run id given twice: the last one wins. */
    public Published publish(List<RunRecord> runs) {
        List<RunRecord> all = unique(runs);
        return swap.replace(dir -> {
            for (RunRecord r : all) {
                put(dir, SitePaths.data(r.runId()), bytes(r));
            }
            return write(dir, new Work(all, all, Set.copyOf(SiteViews.workloads(all)), true));
        });
    }

    /**
     * Adds or replaces the posts of {@code runs} and rebuilds the index, histories, feed and data from
     * the runs this site already holds ({@link #held()}) and these (a run of the same id is replaced).
     * So a site accumulates its own runs, and a run elsewhere (another results directory, a local
     * site) never appears in it by accident. This is what {@code taf run} calls at its end, and
     * {@code taf publish}. Renders only what the runs change (see the class's comment).
     */
    public Published add(List<RunRecord> runs) {
        return swap.replace(dir -> write(dir, incoming(dir, unique(runs))));
    }

    /**
     * The runs this site holds: {@code data/runs/<run-id>/results.json}, written with each run's post
     * (none for a new site).
     */
    public List<RunRecord> held() {
        return swap.locked(() -> held(siteDir, Set.of()));
    }

    /** The runs of the site at {@code dir} but those of {@code except}'s ids, read from its data. */
    private static List<RunRecord> held(Path dir, Set<String> except) {
        Path runs = dir.resolve(SitePaths.DATA_RUNS);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            return RunFinder.read(dirs.filter(d -> !except.contains(d.getFileName().toString()))
                    .map(d -> d.resolve(ResultsStore.FILE_NAME)).filter(Files::isRegularFile).sorted().toList());
        } catch (IOException e) {
            throw new ReportException("cannot list the runs of site " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * What a publish renders.
     *
     * @param all       every run of the site after it
     * @param changed   the runs new to the site or changed: their posts are rendered
     * @param workloads the workloads whose history pages are rendered
     * @param full      every page is rendered (a first publish, another runner, {@link #publish})
     */
    private record Work(List<RunRecord> all, List<RunRecord> changed, Set<String> workloads, boolean full) {}

    /**
     * Compares {@code given} with the site's copies (the staging directory's), writes the data of those that
     * differ, and reads the site's other runs. A run's data file is its results as JSON, deterministic: bytes
     * alike mean the same record, so its post would not change.
     */
    private Work incoming(Path dir, List<RunRecord> given) {
        List<RunRecord> changed = new ArrayList<>();
        Set<String> workloads = new TreeSet<>();
        for (RunRecord r : given) {
            byte[] now = bytes(r);
            Path data = dir.resolve(SitePaths.data(r.runId()));
            byte[] before = readIfPresent(data);
            if (before != null && Arrays.equals(before, now)) {
                continue;
            }
            if (before != null) { // replaced: the workloads it had lose a point
                workloads.addAll(SiteViews.workloads(RunFinder.read(List.of(data))));
            }
            changed.add(r);
            workloads.addAll(SiteViews.workloads(List.of(r)));
            put(dir, SitePaths.data(r.runId()), now);
        }
        List<RunRecord> all = new ArrayList<>(held(dir, given.stream().map(RunRecord::runId)
                .collect(java.util.stream.Collectors.toSet())));
        all.addAll(given);
        all = unique(all);
        boolean full = !SiteState.read(dir).renderKey().equals(SiteState.renderKey(messages.edition(), joinSegments));
        return full ? new Work(all, all, Set.copyOf(SiteViews.workloads(all)), true)
                : new Work(all, changed, workloads, false);
    }

    private Published write(Path dir, Work work) {
        List<RunRecord> all = work.all();
        List<Path> files = new ArrayList<>();
        files.add(put(dir, SitePaths.CSS, resource(CSS_RESOURCE)));
        files.add(put(dir, SitePaths.ICON, resource(ICON_RESOURCE)));
        work.changed().forEach(r -> files.add(siteDir.resolve(SitePaths.data(r.runId())))); // written already
        files.add(put(dir, SitePaths.DATA_INDEX, DataIndex.json(all, messages)));
        List<RunRecord> posts = new ArrayList<>(withEarlierStoryRuns(work.changed(), all));
        Set<String> histories = new TreeSet<>(work.workloads());
        if (!work.full()) { // and what is missing, whatever removed it
            all.stream().filter(r -> !Files.exists(dir.resolve(SitePaths.post(r.runId())))
                    && posts.stream().noneMatch(p -> p.runId().equals(r.runId()))).forEach(posts::add);
            SiteViews.workloads(all).stream().filter(w -> !Files.exists(dir.resolve(SitePaths.history(w))))
                    .forEach(histories::add);
        }
        List<Path> rendered = new ArrayList<>();
        for (RunRecord r : SiteViews.sorted(posts)) {
            PostView view = PostViewBuilder.build(r, messages, narratives, SiteViews.supersededBy(r, all));
            Path p = put(dir, SitePaths.post(r.runId()), templates.render("post.ftlh", view));
            rendered.add(p);
            files.add(p);
        }
        // Series and their change points once, for the histories, the Regressions page and the feed.
        ChangePointCache cache = work.full() ? ChangePointCache.empty()
                : ChangePointCache.read(dir.resolve(CHANGE_POINTS));
        List<HistorySeries> series = HistorySeries.of(all, joinSegments, cache);
        for (String w : histories) {
            files.add(put(dir, SitePaths.history(w), templates.render("history.ftlh",
                    HistoryViewBuilder.build(w, all, series, messages))));
        }
        files.add(put(dir, SitePaths.REGRESSIONS, templates.render("regressions.ftlh",
                RegressionsView.of(all, series, messages))));
        List<SitePages.Page> pages = SitePages.kept(dir);
        SiteState before = SiteState.read(dir);
        Map<String, String> sources = new TreeMap<>();
        for (SitePages.Page page : pages) {
            String path = SitePaths.page(page.name());
            String source = SiteState.sha256(page.body().getBytes(StandardCharsets.UTF_8)) + "|" + page.title();
            sources.put(page.name(), source);
            if (work.full() || !source.equals(before.pages().get(page.name())) || !Files.exists(dir.resolve(path))) {
                files.add(put(dir, path, templates.render("page.ftlh",
                        new PageDocView(PageView.of(messages, page.title(), path),
                                Markdown.toHtml(page.body(), 0, page.origin(), page.bodyLine())))));
            }
        }
        // The index and the feed last: they link to pages that now exist.
        files.add(put(dir, SitePaths.INDEX, templates.render("index.ftlh", SiteViews.index(all, pages, messages))));
        files.add(put(dir, SitePaths.FEED, templates.render("feed.ftlx", SiteViews.feed(all, series, messages))));
        put(dir, CHANGE_POINTS, cache.json());
        put(dir, SiteState.FILE, new SiteState(SiteState.renderKey(messages.edition(), joinSegments), sources).json());
        files.sort(null);
        return new Published(siteDir, rendered, files);
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
        Markdown.toHtml(
                page.body(), 0, page.origin(), page.bodyLine()); // a bad chart block is refused here, kept nowhere
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(source);
        } catch (IOException e) {
            throw new ReportException("cannot read page " + source + ": " + e.getMessage(), e);
        }
        // Into the site as it is, under its lock: a source no page links to until the next publish renders it.
        swap.locked(() -> put(siteDir, SitePaths.pageSource(page.name()), bytes));
        return SitePaths.page(page.name());
    }

    /** The site's root. */
    public Path siteDir() {
        return siteDir;
    }

    private Path put(Path dir, String relative, String content) {
        return put(dir, relative, content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code content} at {@code relative} in {@code dir} (the staging directory) unless it is there
     * already; returns where it will be in the site. Atomic: a hard link to the old site's file is replaced,
     * never written through.
     */
    private Path put(Path dir, String relative, byte[] content) {
        Path file = dir.resolve(relative);
        byte[] old = readIfPresent(file);
        if (old == null || !Arrays.equals(old, content)) {
            AtomicWrite.write(file, content);
        }
        return siteDir.resolve(relative);
    }

    private static byte[] readIfPresent(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        } catch (IOException e) {
            return null; // unreadable: rewritten
        }
    }

    private static byte[] bytes(RunRecord run) {
        try {
            return JSON.writeValueAsBytes(run);
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
