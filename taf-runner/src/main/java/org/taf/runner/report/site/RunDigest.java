package org.taf.runner.report.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.Warnings;
import org.taf.runner.report.post.Headlines;
import org.taf.runner.report.post.PostContext;
import org.taf.runner.report.post.PostTexts;
import org.taf.runner.report.post.PostView;
import org.taf.runner.report.post.Reliability;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SeriesKey;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Verdict;

/**
 * What the site's shared pages need of one run that is not rendered as a post: its entries on the index, the
 * feed, the Regressions page and {@code data/index.json}, its points and rows on the history pages, and its
 * story facts. Made once from the run's record ({@link #of}) and kept in the site beside the record
 * ({@link SiteData}), so that a publish reads the records of new or changed runs only. Its texts are in the
 * site's edition and made by this runner: a site rendered by another runner or edition ({@link SiteState})
 * makes every digest again.
 *
 * @param formatVersion  {@link #FORMAT_VERSION} when it was made: another is made again from the record
 * @param hash           the run's content hash ({@link ResultsStore#contentHash}): what a source of runs (a
 *                       results database) compares to tell a new or changed run
 * @param runId          run id
 * @param name           definition name
 * @param startedAt      start, or null
 * @param finishedAt     end, or null
 * @param status         run status name
 * @param host           the host name, or null without an environment
 * @param title          the post's title
 * @param summary        its summary paragraph
 * @param highlights     its highlights (the feed)
 * @param warnings       its warnings (the feed, and their count on the index)
 * @param verdicts       cells per verdict name
 * @param workloads      workloads measured, in plan order
 * @param regressed      its REGRESSED or NEWLY_FAILING cells as the Regressions page lists them; empty for none
 * @param definitionFile the definition file (what a bisect runs), "" when unknown
 * @param machine        the history series' machine ({@link SeriesKey#machine})
 * @param dataShape      the history series' data shape ({@link SeriesKey#dataShape})
 * @param segment        the environment it was measured in
 * @param story          its story facts, or null when it is no story's run
 * @param comparisons    its comparisons, with their cells
 * @param counts         its verdict counts in words, as an earlier run of a story shows them ("4 improved, 1
 *                       inconclusive"); a run of a story's definition made before the definition was a story is one
 * @param setup          what it was measured on and with, to say what an earlier run did otherwise
 */
record RunDigest(int formatVersion, String hash, String runId, String name, Instant startedAt, Instant finishedAt,
                 String status, String host, String title, String summary, List<String> highlights,
                 List<String> warnings, Map<String, Integer> verdicts, List<String> workloads, List<String> regressed,
                 String definitionFile, String machine, String dataShape, SeriesKey.Segment segment, Story story,
                 List<Comparison> comparisons, String counts, RunSetup setup) {
    /** Newest first: by start time, then run id, so equal times still sort the same way every time. */
    static final Comparator<RunDigest> NEWEST_FIRST = Comparator.comparing(RunDigest::at)
            .thenComparing(RunDigest::runId).reversed();
    /** Bump when a field is added or a text made otherwise: every site's digests are then made again. */
    static final int FORMAT_VERSION = 5;

    RunDigest {
        highlights = List.copyOf(highlights);
        warnings = List.copyOf(warnings);
        verdicts = new TreeMap<>(verdicts);
        workloads = List.copyOf(workloads);
        regressed = List.copyOf(regressed);
        comparisons = List.copyOf(comparisons);
    }

    /**
     * What the index needs of a story's run ({@code post.story}).
     *
     * @param number    the story's {@code post.story}, its place on the index
     * @param reliable  whether its post can be read as a finding ({@link Reliability})
     * @param counts    no longer written (""): the digest's own {@code counts}; kept, as formats only gain fields
     * @param headlines its headlines as the index shows them, linked into its post
     * @param settings  no longer written (empty): the digest's {@code setup} says what an earlier run did otherwise;
     *                  kept, as formats only gain fields
     */
    record Story(int number, boolean reliable, String counts, List<PostView.Headline> headlines,
                 Map<String, String> settings) {
        Story {
            headlines = List.copyOf(headlines);
            settings = new TreeMap<>(settings);
        }
    }

    /**
     * A comparison's part of the history pages.
     *
     * @param name            its name (the cells' anchors in the post)
     * @param label           its label, or its name when it has none
     * @param line            the history series' line of development ({@link SeriesKey#line})
     * @param settings        the history series' settings ({@link SeriesKey#settings})
     * @param againstBaseline its parent is the definition's pinned {@code baseline} (a baseline-ratio series)
     * @param parent          the parent side
     * @param patch           the patch side
     * @param cells           its cells, in plan order
     */
    record Comparison(String name, String label, String line, String settings, boolean againstBaseline, Side parent,
                      Side patch, List<Cell> cells) {
        Comparison {
            cells = List.copyOf(cells);
        }
    }

    /**
     * One side of a comparison, as the history table and the change points name it.
     *
     * @param role     its role, as the table shows it
     * @param sha      full sha, "" when unknown
     * @param shortSha abbreviated sha, a dash when unknown
     * @param href     its commit link, or ""
     * @param subject  its commit's subject, or ""
     */
    record Side(String role, String sha, String shortSha, String href, String subject) {
    }

    /**
     * One cell's point of its history series.
     *
     * @param workload  workload
     * @param threads   client threads
     * @param verdict   its verdict's name, NOT_MEASURED when undecided
     * @param parentTps the parent's TPS, or null without a verdict
     * @param patchTps  the patch's TPS, or null
     * @param ratio     patch / parent, or null
     * @param ciLow     the lower end of the ratio's interval, or null without one
     * @param ciHigh    its upper end, or null
     * @param unit      what its rate counts: TPS, or NOPM for TPROC-C ({@link RateUnit#of})
     * @param cpuPerTx  the patch / parent ratio of the engine's CPU time per transaction with its interval, when
     *                  that metric gated the verdict ({@code verdict.metrics}), else null: in a baseline-ratio series
     *                  it is searched beside the TPS ratio, since a slower write path shows there first
     */
    record Cell(String workload, int threads, String verdict, Double parentTps, Double patchTps, Double ratio,
                Double ciLow, Double ciHigh, RateUnit unit, Ratio cpuPerTx) {
    }

    /**
     * A metric's patch / parent ratio and its interval.
     *
     * @param value the ratio
     * @param low   the lower end of its interval, or null without one
     * @param high  its upper end, or null
     */
    record Ratio(double value, Double low, Double high) {
        /** The ratio of {@code metric} in {@code v} when that metric gated it, else null. */
        static Ratio gating(CellVerdict v, Metric metric) {
            MetricVerdict mv = v == null ? null : v.metric(metric);
            return mv == null || !mv.gates() ? null : new Ratio(mv.ratio(), mv.ciLow(), mv.ciHigh());
        }
    }

    /** One mapper for every run: {@link ResultsStore#json()} is a copy, which serializes 3x slower cold. */
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = ResultsStore.json();

    /** A run's results JSON, the bytes its content hash ({@link #hash}) is of. */
    static byte[] json(RunRecord run) {
        try {
            return JSON.writeValueAsBytes(run);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize run " + run.runId(), e);
        }
    }

    /** The hash of a run's results JSON, {@code json} as {@code ResultsStore.toJson} gives it. */
    static String hash(byte[] json) {
        return ResultsStore.contentHash(json);
    }

    /**
     * The digest of {@code run}, whose results JSON hashes to {@code hash}, in the words of {@code m}, its story's
     * headlines from the narrative it recorded.
     */
    static RunDigest of(RunRecord run, String hash, Messages m) {
        return of(PostContext.of(run, m), hash);
    }

    /** The digest of the run of {@code x}, with the narrative {@code x} read, as the run's post is made. */
    static RunDigest of(PostContext x, String hash) {
        RunRecord run = x.run();
        Messages m = x.m();
        Map<String, Integer> verdicts = new TreeMap<>();
        PostTexts.verdictCounts(run).forEach((v, n) -> verdicts.put(v.name(), n));
        return new RunDigest(FORMAT_VERSION, hash, run.runId(), run.name(), run.startedAt(), run.finishedAt(),
                run.status().name(), run.environment() == null ? null : run.environment().host(), PostTexts.title(x),
                PostTexts.summary(x), PostTexts.highlights(x), Warnings.of(run, m), verdicts, run.workloads(),
                regressed(run, x), definitionFile(run), SeriesKey.machine(run.environment()),
                SeriesKey.dataShape(run), SeriesKey.Segment.of(run), story(run, x), comparisons(run, x),
                PostTexts.counts(m, run), RunSetup.of(run));
    }

    /**
     * The digests of {@code runs}, for pages made from records at hand (tests, benchmarks): their hashes are left
     * empty, as such a digest is never kept.
     */
    static List<RunDigest> of(List<RunRecord> runs, Messages m) {
        return runs.stream().map(r -> of(r, "", m)).toList();
    }

    /**
     * The digests of {@code runs} for their history series alone ({@code taf changes}): without the texts of the
     * index, the feed and the Regressions page, whose warnings cost most of a digest, and without hashes.
     */
    static List<RunDigest> forSeries(List<RunRecord> runs) {
        Messages m = Messages.english(); // commit links only: they are in no edition's words
        return runs.stream().map(run -> new RunDigest(FORMAT_VERSION, "", run.runId(), run.name(), run.startedAt(),
                run.finishedAt(), run.status().name(), null, "", "", List.of(), List.of(), Map.of(), run.workloads(),
                List.of(), definitionFile(run), SeriesKey.machine(run.environment()), SeriesKey.dataShape(run),
                SeriesKey.Segment.of(run), null, comparisons(run, PostContext.of(run, m)), "", RunSetup.of(run)))
                .toList();
    }

    private static String definitionFile(RunRecord run) {
        return run.definition() == null || run.definition().file() == null ? "" : run.definition().file();
    }

    private static List<Comparison> comparisons(RunRecord run, PostContext x) {
        List<Comparison> comparisons = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            List<Cell> cells = new ArrayList<>();
            for (CellRecord cell : c.cells()) {
                var v = cell.verdict();
                cells.add(new Cell(cell.workload(), cell.threads(), PostContext.verdictName(cell),
                        v == null ? null : v.parentTps(), v == null ? null : v.patchTps(),
                        v == null ? null : v.ratio(), v == null ? null : v.ciLow(), v == null ? null : v.ciHigh(),
                        RateUnit.of(cell), Ratio.gating(v, Metric.CPU_PER_TX)));
            }
            comparisons.add(new Comparison(c.name(), SeriesKey.label(c), SeriesKey.line(run, c),
                    SeriesKey.settings(run, c), HistorySeries.againstBaseline(run, c), side(x, c.parent()),
                    side(x, c.patch()), cells));
        }
        return comparisons;
    }

    /** {@code runs} newest first, as every list of the site shows them. */
    static List<RunDigest> newestFirst(List<RunDigest> runs) {
        return runs.stream().sorted(NEWEST_FIRST).toList();
    }

    /** The post of this run, relative to the site's root. */
    String post() {
        return SitePaths.post(runId);
    }

    /** Its start, the epoch when unknown: where it sorts and sits on a chart. */
    Instant at() {
        return startedAt == null ? Instant.EPOCH : startedAt;
    }

    private static Side side(PostContext x, SideRecord side) {
        if (side == null) {
            return null;
        }
        boolean commit = side.commit() != null;
        return new Side(side.role().label(), commit && side.commit().sha() != null ? side.commit().sha() : "",
                SummaryRow.shortSha(side), x.commitHref(side),
                commit && side.commit().subject() != null ? side.commit().subject() : "");
    }

    /** The cells the Regressions page lists for this run: "12.3 POINTS-COVERED-PK@1 (0.903 [0.885, 0.921])". */
    private static List<String> regressed(RunRecord run, PostContext x) {
        List<String> cells = new ArrayList<>();
        for (SummaryRow r : SummaryRow.of(run)) {
            Verdict v = r.verdictOrNull();
            if (v == Verdict.REGRESSED || v == Verdict.NEWLY_FAILING) {
                cells.add(x.m().get("ref.cell", r.label(), r.workload(), r.threads()) + (r.ratio() == null ? ""
                        : " (" + x.f().ratio(r.ratio()) + " " + x.f().interval(r.ciLow(), r.ciHigh()) + ")"));
            }
        }
        return cells;
    }

    private static Story story(RunRecord run, PostContext x) {
        Integer number = run.definition() == null ? null : run.definition().post().story();
        if (number == null) {
            return null;
        }
        String href = SitePaths.post(run.runId());
        List<PostView.Headline> headlines = Headlines.of(x).stream().map(h -> new PostView.Headline(h.label(),
                h.verdict(), h.badge(), h.sentence(), href + h.href(), h.mechanism(), h.where(), h.counters(), null,
                h.name(), h.story().isEmpty() ? "" : href + h.story()))
                .toList();
        return new Story(number, Reliability.problem(run, x.m()).isEmpty(), "", headlines, Map.of());
    }
}
