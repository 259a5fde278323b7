package org.taf.runner.report;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.taf.runner.results.RunRecord;

/** The views of the pages made from all runs: the index and the feed (history has its own builder). */
final class SiteViews {
    private SiteViews() {}

    /** Newest first: by start time, then run id, so equal times still sort the same way every time. */
    static final Comparator<RunRecord> NEWEST_FIRST = Comparator
            .comparing((RunRecord r) -> r.startedAt() == null ? Instant.EPOCH : r.startedAt())
            .thenComparing(RunRecord::runId).reversed();

    static List<String> workloads(List<RunRecord> runs) {
        Set<String> out = new TreeSet<>();
        runs.forEach(r -> r.comparisons().forEach(c -> c.cells().forEach(cell -> out.add(cell.workload()))));
        return List.copyOf(out);
    }

    static IndexView index(List<RunRecord> runs, Messages m) {
        return index(runs, List.of(), m);
    }

    static IndexView index(List<RunRecord> runs, List<SitePages.Page> pages, Messages m) {
        Formats f = new Formats(m.numberLocale());
        List<IndexView.Entry> entries = new ArrayList<>();
        for (RunRecord run : sorted(runs)) {
            PostContext x = PostContext.of(run, m);
            List<IndexView.Badge> badges = new ArrayList<>();
            PostTexts.verdictCounts(run).forEach((v, n) -> badges.add(new IndexView.Badge(v.name(), n,
                    m.get("count." + v.name(), n))));
            entries.add(new IndexView.Entry(PostTexts.title(x), SitePaths.post(run.runId()), run.runId(),
                    f.minute(run.startedAt()), run.startedAt() == null ? "" : Formats.iso(run.startedAt()),
                    run.environment() == null ? Formats.NONE : run.environment().host(), run.status().name(),
                    PostTexts.summary(x), badges, run.workloads(), Warnings.of(run, m).size(),
                    java.util.Optional.ofNullable(supersededBy(run, runs)).map(r -> SitePaths.post(r.runId()))
                            .orElse("")));
        }
        List<PageView.Link> histories = workloads(runs).stream()
                .map(w -> new PageView.Link(w, SitePaths.history(w))).toList();
        List<PageView.Link> pageLinks = pages.stream()
                .map(p -> new PageView.Link(p.title(), SitePaths.page(p.name()))).toList();
        return new IndexView(PageView.of(m, m.get("index.title"), SitePaths.INDEX), stories(runs, m, f), entries,
                histories, pageLinks);
    }

    /**
     * The newest post of each story definition ({@code post.story = N}, by definition name), in N's
     * order, with its headlines (linked to their cells in the post) and the older runs it supersedes.
     */
    static List<IndexView.Story> stories(List<RunRecord> runs, Messages m, Formats f) {
        Map<String, List<RunRecord>> byName = storyRuns(runs);
        return byName.values().stream()
                .sorted(Comparator.comparingInt((List<RunRecord> l) -> story(l.get(0)))
                        .thenComparing(l -> l.get(0).name()))
                .map(l -> {
                    RunRecord newest = l.get(0);
                    PostContext x = PostContext.of(newest, m);
                    String href = SitePaths.post(newest.runId());
                    List<PostView.Headline> headlines = Headlines.of(x).stream().map(h -> new PostView.Headline(
                            h.label(), h.verdict(), h.badge(), h.sentence(), href + h.href(), h.mechanism(), h.where(),
                            h.counters(), null)).toList();
                    List<IndexView.EarlierRun> earlier = l.subList(1, l.size()).stream()
                            .map(r -> new IndexView.EarlierRun(SitePaths.post(r.runId()), f.minute(r.startedAt()),
                                    r.startedAt() == null ? "" : Formats.iso(r.startedAt()),
                                    PostTexts.counts(m, r), Differences.of(r, newest, m)))
                            .toList();
                    return new IndexView.Story(PostTexts.title(x), href, f.minute(newest.startedAt()),
                            newest.startedAt() == null ? "" : Formats.iso(newest.startedAt()), headlines,
                            Reliability.problem(newest, m).isEmpty(), earlier);
                }).toList();
    }

    /** The runs of each story definition, by name, newest first. */
    static Map<String, List<RunRecord>> storyRuns(List<RunRecord> runs) {
        Map<String, List<RunRecord>> out = new LinkedHashMap<>();
        for (RunRecord run : sorted(runs)) {
            if (story(run) != null) {
                out.computeIfAbsent(run.name(), k -> new ArrayList<>()).add(run);
            }
        }
        return out;
    }

    /** The newer post of the same story that replaces {@code run}, or null when it is the newest (or no story). */
    static RunRecord supersededBy(RunRecord run, List<RunRecord> runs) {
        List<RunRecord> same = story(run) == null ? List.of() : storyRuns(runs).getOrDefault(run.name(), List.of());
        return same.isEmpty() || same.get(0).runId().equals(run.runId()) ? null : same.get(0);
    }

    private static Integer story(RunRecord run) {
        return run.definition() == null ? null : run.definition().post().story();
    }

    /** The feed of {@code runs} alone, without change points. */
    static FeedView feed(List<RunRecord> runs, Messages m) {
        return feed(runs, List.of(), m);
    }

    /**
     * One entry per post and one per change point of {@code series}, newest first; a change point comes
     * before the post of the run it was first seen in.
     */
    static FeedView feed(List<RunRecord> runs, List<HistorySeries> series, Messages m) {
        record Dated(Instant at, FeedView.Entry entry) {}
        List<Dated> dated = new ArrayList<>();
        Formats f = new Formats(m.numberLocale());
        Instant newest = Instant.EPOCH;
        for (RegressionsView.Found x : RegressionsView.newestFirst(series)) {
            ChangeView c = ChangeView.of(x.series(), x.change(), SitePaths.FEED, m, f);
            Instant at = x.after().at();
            newest = at.isAfter(newest) ? at : newest;
            String title =
                    m.get("change.feed_title", c.series(), c.size(), m.get("change.kind." + c.kind()), c.toSha());
            String summary = m.get("change.feed_summary", c.series(), c.size(), m.get("change.kind." + c.kind()),
                    c.pValue(), c.fromSha(), c.toSha(), c.date(), c.machine(), RateWords.word(m, x.series().unit()));
            String content = "<p>" + Html.esc(summary) + "</p>"
                    + (c.note().isEmpty() ? "" : "<p>" + Html.esc(c.note()) + "</p>");
            dated.add(new Dated(at, new FeedView.Entry(urn("taf-change:" + c.id()), title,
                    SitePaths.REGRESSIONS + "#" + c.id(), Formats.iso(at), Formats.iso(at), summary, content)));
        }
        for (RunRecord run : sorted(runs)) {
            PostContext x = PostContext.of(run, m);
            Instant published = run.startedAt() == null ? Instant.EPOCH : run.startedAt();
            Instant updated = run.finishedAt() == null ? published : run.finishedAt();
            newest = updated.isAfter(newest) ? updated : newest;
            String summary = PostTexts.summary(x);
            dated.add(new Dated(published, new FeedView.Entry(urn("taf-run:" + run.runId()), PostTexts.title(x),
                    SitePaths.post(run.runId()), Formats.iso(published), Formats.iso(updated), summary,
                    content(summary, PostTexts.highlights(x), Warnings.of(run, m), m))));
        }
        // Stable: posts keep their order, and a change point stays ahead of its run's post.
        dated.sort(Comparator.comparing(Dated::at).reversed());
        return new FeedView(urn("taf-site"), m.get("feed.title"), Formats.iso(newest), m.edition(),
                dated.stream().map(Dated::entry).toList());
    }

    /** The entry's HTML, every text escaped here (the feed template escapes it once more, as Atom wants). */
    private static String content(String summary, List<String> highlights, List<String> warnings, Messages m) {
        StringBuilder b = new StringBuilder("<p>").append(Html.esc(summary)).append("</p>");
        if (!highlights.isEmpty()) {
            b.append("<ul>");
            highlights.forEach(h -> b.append("<li>").append(Html.esc(h)).append("</li>"));
            b.append("</ul>");
        }
        if (!warnings.isEmpty()) {
            b.append("<p>").append(Html.esc(m.get("post.warnings"))).append("</p><ul>");
            warnings.forEach(w -> b.append("<li>").append(Html.esc(w)).append("</li>"));
            b.append("</ul>");
        }
        return b.toString();
    }

    /** A stable urn:uuid (name-based, version 3) for {@code name}. */
    static String urn(String name) {
        return "urn:uuid:" + UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }

    static List<RunRecord> sorted(List<RunRecord> runs) {
        return runs.stream().sorted(NEWEST_FIRST).toList();
    }
}
