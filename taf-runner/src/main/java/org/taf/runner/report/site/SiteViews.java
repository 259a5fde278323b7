package org.taf.runner.report.site;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Html;
import org.taf.runner.report.Messages;
import org.taf.runner.report.PageView;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.post.PostView;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Verdict;

/**
 * The views of the pages made from all runs, from their digests ({@link RunDigest}): the index and the feed
 * (history has its own builder), and the story facts the posts share.
 */
final class SiteViews {
    private SiteViews() {}

    /** Newest first: by start time, then run id, so equal times still sort the same way every time. */
    static final Comparator<RunRecord> NEWEST_FIRST = Comparator
            .comparing((RunRecord r) -> r.startedAt() == null ? Instant.EPOCH : r.startedAt())
            .thenComparing(RunRecord::runId).reversed();

    /** The workloads of {@code runs}, sorted: one history page each. */
    static List<String> workloads(List<RunDigest> runs) {
        Set<String> out = new TreeSet<>();
        runs.forEach(r -> out.addAll(r.workloads()));
        return List.copyOf(out);
    }

    static IndexView index(List<RunDigest> runs, Messages m) {
        return index(runs, List.of(), m);
    }

    static IndexView index(List<RunDigest> runs, List<SitePages.Page> pages, Messages m) {
        Formats f = new Formats(m.numberLocale());
        Map<String, RunDigest> superseded = superseded(runs);
        List<IndexView.Entry> entries = new ArrayList<>();
        for (RunDigest run : RunDigest.newestFirst(runs)) {
            List<IndexView.Badge> badges = new ArrayList<>();
            for (Verdict v : Verdict.values()) {
                Integer n = run.verdicts().get(v.name());
                if (n != null) {
                    badges.add(new IndexView.Badge(v.name(), n, m.get("count." + v.name(), n)));
                }
            }
            RunDigest newer = superseded.get(run.runId());
            entries.add(new IndexView.Entry(run.title(), run.post(), run.runId(), f.minute(run.startedAt()),
                    run.startedAt() == null ? "" : Formats.iso(run.startedAt()),
                    run.host() == null ? Formats.NONE : run.host(), run.status(), run.summary(), badges,
                    run.workloads(), run.warnings().size(), newer == null ? null
                            : new PageView.Link(m.get("index.superseded", f.minute(newer.startedAt())),
                                    newer.post())));
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
    static List<IndexView.Story> stories(List<RunDigest> runs, Messages m, Formats f) {
        Map<String, List<RunDigest>> byName = storyRuns(runs);
        return byName.values().stream()
                .sorted(Comparator.comparingInt((List<RunDigest> l) -> l.get(0).story().number())
                        .thenComparing(l -> l.get(0).name()))
                .map(l -> {
                    RunDigest newest = l.get(0);
                    return new IndexView.Story(newest.title(), newest.post(), f.minute(newest.startedAt()),
                            newest.startedAt() == null ? "" : Formats.iso(newest.startedAt()),
                            newest.story().headlines(), newest.story().reliable(),
                            earlier(l.subList(1, l.size()), newest, "", m, f));
                }).toList();
    }

    /**
     * The runs of each story definition, by name, newest first: its newest run with story facts ({@code post.story})
     * leads, then every older run of the same name, with story facts or not (a run from before the definition was a
     * story is one of its earlier runs too).
     */
    static Map<String, List<RunDigest>> storyRuns(List<RunDigest> runs) {
        Map<String, List<RunDigest>> out = new LinkedHashMap<>();
        for (RunDigest run : RunDigest.newestFirst(runs)) {
            if (run.story() != null || out.containsKey(run.name())) {
                out.computeIfAbsent(run.name(), k -> new ArrayList<>()).add(run);
            }
        }
        return out;
    }

    /** The runs a newer post of the same story replaces, by run id, each with that newest post. */
    static Map<String, RunDigest> superseded(List<RunDigest> runs) {
        Map<String, RunDigest> out = new HashMap<>();
        for (List<RunDigest> same : storyRuns(runs).values()) {
            same.subList(1, same.size()).forEach(r -> out.put(r.runId(), same.get(0)));
        }
        return out;
    }

    /**
     * The runs of the story of {@code run} that started before it, newest first, each with what it did otherwise,
     * linked from the post of {@code run}; empty for a run of no story.
     */
    static List<PostView.EarlierRun> earlierThan(List<RunDigest> runs, String runId, Messages m) {
        for (List<RunDigest> same : storyRuns(runs).values()) {
            for (int i = 0; i < same.size(); i++) {
                if (same.get(i).runId().equals(runId)) {
                    RunDigest run = same.get(i);
                    return earlier(same.subList(i + 1, same.size()), run, SitePaths.root(run.post()), m,
                            new Formats(m.numberLocale()));
                }
            }
        }
        return List.of();
    }

    /** {@code older}, each linked from a page {@code root} below the site's root, said against {@code later}. */
    private static List<PostView.EarlierRun> earlier(List<RunDigest> older, RunDigest later, String root, Messages m,
                                                     Formats f) {
        return older.stream().map(r -> new PostView.EarlierRun(root + r.post(),
                f.minute(r.startedAt()), r.startedAt() == null ? "" : Formats.iso(r.startedAt()), r.counts(),
                Differences.of(r.setup(), later.setup(), m))).toList();
    }

    /** The feed of {@code runs} alone, without change points. */
    static FeedView feed(List<RunDigest> runs, Messages m) {
        return feed(runs, List.of(), m);
    }

    /**
     * One entry per post and one per change point of {@code series}, newest first; a change point comes
     * before the post of the run it was first seen in.
     */
    static FeedView feed(List<RunDigest> runs, List<HistorySeries> series, Messages m) {
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
        for (RunDigest run : RunDigest.newestFirst(runs)) {
            Instant published = run.at();
            Instant updated = run.finishedAt() == null ? published : run.finishedAt();
            newest = updated.isAfter(newest) ? updated : newest;
            dated.add(new Dated(published, new FeedView.Entry(urn("taf-run:" + run.runId()), run.title(),
                    run.post(), Formats.iso(published), Formats.iso(updated), run.summary(),
                    content(run.summary(), run.highlights(), run.warnings(), m))));
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
