package org.taf.runner.report.site;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.taf.runner.report.Markdown;
import org.taf.runner.report.Messages;
import org.taf.runner.report.PageView;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.post.Narratives;
import org.taf.runner.report.post.PostContext;
import org.taf.runner.results.RunRecord;

/**
 * Renders the static site from results alone: a post per run ({@code posts/<run-id>/index.html}, its figures
 * beside it, {@link PostPages}),
 * the index, a history page per series' workload, the Regressions page (the series' change points),
 * the Atom feed, the stylesheet, and {@code data/} (each run's digest and an index.json). The runs' records are
 * kept outside the site, in its {@link RunStore} ({@code site-runs/} beside {@code site/}): the site holds what a
 * reader opens, and a post is rendered again from its record. Deterministic: the
 * same runs give byte-identical files (times come from the results, never from a clock; numbers from the
 * edition's locale).
 *
 * <p><b>Faults.</b> A publish builds the new site beside the old one and swaps it in ({@link SiteSwap}): a
 * kill at any moment, or a full disk, leaves the old site or the new one, whole. Publishes of one site take
 * turns. Posts of runs not given are left in place, unlinked.
 *
 * <p><b>Cost.</b> {@link #add} renders only what its runs change: the posts of runs new or changed (a run whose
 * content hash is the site's is not), the earlier posts of their stories, the history pages of their
 * workloads, the kept pages whose source changed, and the index, feed, Regressions page and data index. The
 * change points of a series are searched only when its points changed ({@link ChangePointCache}). A runner
 * with other templates or of another version renders every page once ({@link SiteState}). The shared pages
 * are made from each run's digest ({@link RunDigest}, kept by {@link SiteData}), so a publish reads the
 * records of the runs it renders only, and {@link #add(Source)} reads no other from its source. A run whose
 * record the store does not hold keeps its post as it was rendered.
 */
public final class SitePublisher {
    private static final String CSS_RESOURCE = "templates/static/taf.css";
    private static final String ICON_RESOURCE = "templates/static/favicon.svg";
    private static final String CHANGE_POINTS = "data/change-points.json";
    private final Path siteDir;
    private final Messages messages;
    private final Function<Path, Optional<String>> narratives;
    private final Templates templates;
    private final boolean joinSegments;
    private final SiteSwap swap;
    private final RunStore store;

    /**
     * @param siteDir    the site's root directory (created when missing)
     * @param messages   the edition's words
     * @param narratives reads the Markdown file named by a run's {@code post.narrative}; empty when
     *                   it cannot (the post then says the file was not found)
     */
    public SitePublisher(Path siteDir, Messages messages, Function<Path, Optional<String>> narratives) {
        this(siteDir, messages, narratives, false, SiteSwap.of(siteDir), RunStore.beside(siteDir));
    }

    private SitePublisher(Path siteDir, Messages messages, Function<Path, Optional<String>> narratives,
                          boolean joinSegments, SiteSwap swap, RunStore store) {
        this.siteDir = siteDir.toAbsolutePath().normalize();
        this.messages = messages;
        this.narratives = narratives;
        this.templates = new Templates(messages);
        this.joinSegments = joinSegments;
        this.swap = swap;
        this.store = store;
    }

    /**
     * This publisher, searching change points across the segments of a series too. Off by default: a
     * step where the host, kernel, JVM or runner changed may be the environment's, and is not searched
     * (the environment-drift refusal, {@link SeriesChange}); a change found across segments then says
     * that it lies at an environment change.
     */
    public SitePublisher joiningSegments() {
        return new SitePublisher(siteDir, messages, narratives, true, swap, store);
    }

    /** This publisher keeping and reading the runs' records in {@code runs} (the results database, say). */
    public SitePublisher keepingRunsIn(RunStore runs) {
        return new SitePublisher(siteDir, messages, narratives, joinSegments, swap, runs);
    }

    /** This publisher telling {@code observer} each step of its swap (tests kill it there). */
    SitePublisher observingSwap(java.util.function.Consumer<SiteSwap.Step> observer) {
        return new SitePublisher(siteDir, messages, narratives, joinSegments, swap.observing(observer), store);
    }

    /** The English site at {@code siteDir}, narratives read from their files as UTF-8. */
    public static SitePublisher english(Path siteDir) {
        return new SitePublisher(siteDir, Messages.english(), Narratives::read);
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
            SiteData.moveRecordsOut(dir, store, messages);
            List<RunDigest> digests = new ArrayList<>();
            for (RunRecord r : all) {
                digests.add(keep(dir, r, RunDigest.json(r)));
            }
            return write(dir, new Work(digests, all, Set.copyOf(SiteViews.workloads(digests)), true));
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
        return swap.replace(dir -> {
            SiteData.moveRecordsOut(dir, store, messages);
            return write(dir, incoming(dir, unique(runs), full(dir) ? null : SiteData.digests(dir, messages, store)));
        });
    }

    /**
     * A store of runs that tells what each holds before it is read whole (the results database): a publish
     * from it ({@link #add(Source)}) reads only the runs the site lacks or holds otherwise.
     *
     * @param hashes every run's id with its content hash ({@code ResultsStore.contentHash}); null where not known
     * @param reader reads the records of the runs of the ids it is given
     */
    public record Source(Map<String, String> hashes, Function<Set<String>, List<RunRecord>> reader) {
    }

    /**
     * As {@link #add(List)} with every run of {@code source}, reading from it only the runs whose content hash
     * differs from the site's digest of them (or that the site lacks): a nightly publish from a year's database
     * reads a night's runs. A site of another runner or edition reads them all, as its pages are all rendered.
     */
    public Published add(Source source) {
        return swap.replace(dir -> {
            SiteData.moveRecordsOut(dir, store, messages);
            Map<String, String> hashes = source.hashes();
            Map<String, RunDigest> held = full(dir) ? null : SiteData.digests(dir, messages, store);
            Set<String> wanted = new TreeSet<>();
            hashes.forEach((id, hash) -> {
                RunDigest d = held == null ? null : held.get(id);
                if (d == null || hash == null || !hash.equals(d.hash())) {
                    wanted.add(id);
                }
            });
            List<RunRecord> given = wanted.isEmpty() ? List.of() : unique(source.reader().apply(wanted));
            return write(dir, incoming(dir, given, held));
        });
    }

    /** The runs this site holds (a digest in {@code data/digests}) whose records its store keeps. */
    public List<RunRecord> held() {
        return swap.locked(() -> store.read(new TreeSet<>(SiteData.ids(siteDir))));
    }

    /**
     * What a publish renders.
     *
     * @param all       the digest of every run of the site after it
     * @param changed   the runs new to the site or changed: their posts are rendered
     * @param workloads the workloads whose history pages are rendered
     * @param full      every page is rendered (a first publish, another runner, {@link #publish})
     */
    private record Work(List<RunDigest> all, List<RunRecord> changed, Set<String> workloads, boolean full) {}

    /** Whether the site at {@code dir} was rendered otherwise (another runner or edition, or never): all anew. */
    private boolean full(Path dir) {
        return !SiteState.read(dir).renderKey().equals(SiteState.renderKey(messages.edition(), joinSegments));
    }

    /**
     * Compares {@code given} with the site's digests ({@code held}, the staging directory's), and keeps the records
     * and digests of those that differ: the same content hash means the same record, so its post would not change.
     * {@code held} null renders every page: the records of the site's runs are read from the store and every
     * digest made again; a run the store lacks keeps its digest and its post as they are.
     */
    private Work incoming(Path dir, List<RunRecord> given, Map<String, RunDigest> held) {
        if (held == null) {
            Set<String> others = new TreeSet<>(SiteData.ids(dir));
            given.forEach(r -> others.remove(r.runId()));
            List<RunRecord> all = new ArrayList<>(store.read(others));
            all.addAll(given);
            List<RunDigest> digests = new ArrayList<>();
            for (RunRecord r : all) {
                others.remove(r.runId());
                digests.add(keep(dir, r, RunDigest.json(r)));
            }
            for (String id : others) {
                RunDigest d = SiteData.digest(dir.resolve(SitePaths.digest(id)));
                if (d == null) {
                    throw new ReportException("site " + siteDir + " holds run " + id + " but its digest is"
                            + " unreadable and its record is not in the site's store of runs");
                }
                digests.add(d);
            }
            return new Work(digests, all, Set.copyOf(SiteViews.workloads(digests)), true);
        }
        Map<String, RunDigest> all = new LinkedHashMap<>(held);
        List<RunRecord> changed = new ArrayList<>();
        Set<String> workloads = new TreeSet<>();
        for (RunRecord r : given) {
            byte[] now = RunDigest.json(r);
            RunDigest before = held.get(r.runId());
            if (before != null && before.hash().equals(RunDigest.hash(now))) {
                store.keeper().accept(r); // the site has it; its store may not (a copy made elsewhere)
                continue;
            }
            if (before != null) { // replaced: the workloads it had lose a point
                workloads.addAll(before.workloads());
            }
            RunDigest d = keep(dir, r, now);
            all.put(r.runId(), d);
            changed.add(r);
            workloads.addAll(d.workloads());
        }
        return new Work(List.copyOf(all.values()), changed, workloads, false);
    }

    /** Keeps {@code run} in the store and its digest in {@code dir} ({@code json}, its results); returns the digest. */
    private RunDigest keep(Path dir, RunRecord run, byte[] json) {
        RunDigest d = RunDigest.of(PostContext.of(run, messages, narratives), RunDigest.hash(json));
        store.keeper().accept(run);
        new Staged(dir, siteDir).put(SitePaths.digest(run.runId()), SiteData.json(d));
        return d;
    }

    private Published write(Path dir, Work work) {
        List<RunDigest> all = work.all();
        List<Path> files = new ArrayList<>();
        Staged staged = new Staged(dir, siteDir);
        files.add(staged.put(SitePaths.CSS, Templates.resource(CSS_RESOURCE)));
        files.add(staged.put(SitePaths.ICON, Templates.resource(ICON_RESOURCE)));
        work.changed().forEach(r -> files.add(siteDir.resolve(SitePaths.digest(r.runId())))); // written already
        files.add(staged.put(SitePaths.DATA_INDEX, DataIndex.json(all)));
        Map<String, RunRecord> posts = new LinkedHashMap<>();
        work.changed().forEach(r -> posts.put(r.runId(), r));
        withEarlierStoryRuns(posts, all);
        Set<String> histories = new TreeSet<>(work.workloads());
        if (!work.full()) { // and what is missing, whatever removed it, when the store has its record
            fromStore(posts, all.stream().filter(d -> !posts.containsKey(d.runId())
                    && !Files.exists(dir.resolve(d.post()))).map(RunDigest::runId).toList());
            SiteViews.workloads(all).stream().filter(w -> !Files.exists(dir.resolve(SitePaths.history(w))))
                    .forEach(histories::add);
        }
        List<Path> rendered = PostPages.render(staged, templates, messages, narratives, List.copyOf(posts.values()),
                all, files);
        // Series and their change points once, for the histories, the Regressions page and the feed.
        ChangePointCache cache = work.full() ? ChangePointCache.empty()
                : ChangePointCache.read(dir.resolve(CHANGE_POINTS));
        List<HistorySeries> series = HistorySeries.fromDigests(all, joinSegments, cache);
        for (String w : histories) {
            files.add(staged.put(SitePaths.history(w), templates.render("history.ftlh",
                    HistoryViewBuilder.fromDigests(w, all, series, messages))));
        }
        files.add(staged.put(SitePaths.REGRESSIONS, templates.render("regressions.ftlh",
                RegressionsView.of(all, series, messages))));
        List<SitePages.Page> pages = SitePages.kept(dir);
        SiteState before = SiteState.read(dir);
        Map<String, String> sources = new TreeMap<>();
        if (work.full() || !Files.exists(dir.resolve(SitePaths.GLOSSARY))) { // its source is in the render key
            files.add(staged.put(SitePaths.GLOSSARY, page(SitePages.glossary(), SitePaths.GLOSSARY)));
        }
        for (SitePages.Page page : pages) {
            String path = SitePaths.page(page.name());
            String source = SiteState.sha256(page.body().getBytes(StandardCharsets.UTF_8)) + "|" + page.title();
            sources.put(page.name(), source);
            if (work.full() || !source.equals(before.pages().get(page.name())) || !Files.exists(dir.resolve(path))) {
                files.add(staged.put(path, page(page, path)));
            }
            for (String image : SitePages.images(page)) { // kept beside its source by keepPage
                byte[] bytes = SitePages.bytes(dir.resolve(SitePaths.PAGE_SOURCES).resolve(image));
                files.add(staged.put("pages/" + image, bytes));
            }
        }
        // The index and the feed last: they link to pages that now exist.
        files.add(staged.put(SitePaths.INDEX, templates.render("index.ftlh", SiteViews.index(all, pages, messages))));
        files.add(staged.put(SitePaths.FEED, templates.render("feed.ftlx", SiteViews.feed(all, series, messages))));
        staged.put(CHANGE_POINTS, cache.json());
        staged.put(SiteState.FILE, new SiteState(SiteState.renderKey(messages.edition(), joinSegments), sources)
                .json());
        files.sort(null);
        return new Published(siteDir, rendered, files);
    }

    /**
     * Keeps {@code source} as a page of the site ({@code data/pages/<name>.md}, replacing one of the
     * same name), with the images it shows from files beside it; the next publish renders it. A file that
     * is not a page (no {@code # title}, not UTF-8, a bad name, an image missing or not beside it) is
     * refused with its name, and nothing is written.
     *
     * @return where the page will be, relative to the site's root
     */
    public String keepPage(Path source) {
        SitePages.Page page = SitePages.read(source);
        Map<String, byte[]> kept = new TreeMap<>();
        kept.put(SitePaths.pageSource(page.name()), SitePages.bytes(source));
        for (String image : SitePages.images(page)) {
            kept.put(SitePaths.PAGE_SOURCES + "/" + image, SitePages.bytes(source.resolveSibling(image)));
        }
        // Into the site as it is, under its lock: sources no page links to until the next publish renders them.
        Staged site = new Staged(siteDir, siteDir);
        swap.locked(() -> kept.entrySet().stream().map(e -> site.put(e.getKey(), e.getValue())).toList());
        return SitePaths.page(page.name());
    }

    private String page(SitePages.Page page, String path) {
        return templates.render("page.ftlh", new PageDocView(PageView.of(messages, page.title(), path),
                Markdown.toHtml(page.body(), 0)));
    }

    /** The site's root. */
    public Path siteDir() {
        return siteDir;
    }

    /**
     * Adds to {@code posts} the earlier runs of any story among them, read from the store: a new story post marks
     * the ones it supersedes, so those pages change too.
     */
    private void withEarlierStoryRuns(Map<String, RunRecord> posts, List<RunDigest> all) {
        Map<String, List<RunDigest>> stories = SiteViews.storyRuns(all);
        List<String> earlier = new ArrayList<>();
        for (RunRecord r : List.copyOf(posts.values())) {
            stories.getOrDefault(r.name(), List.of()).forEach(same -> earlier.add(same.runId()));
        }
        fromStore(posts, earlier);
    }

    /** Adds to {@code posts} the records of {@code ids} it lacks that the store holds. */
    private void fromStore(Map<String, RunRecord> posts, List<String> ids) {
        Set<String> wanted = new TreeSet<>(ids);
        wanted.removeAll(posts.keySet());
        store.read(wanted).forEach(r -> posts.putIfAbsent(r.runId(), r));
    }

    private static List<RunRecord> unique(List<RunRecord> runs) {
        Map<String, RunRecord> byId = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            byId.remove(r.runId());
            byId.put(r.runId(), r);
        }
        return List.copyOf(byId.values());
    }
}
