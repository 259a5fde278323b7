package org.taf.runner.run;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.taf.runner.build.BuildKey;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.build.Builder;
import org.taf.runner.config.Comparison;
import org.taf.runner.config.Side;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.git.Repo;
import org.taf.runner.git.TreeCache;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.Role;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.sys.Durations;
import org.taf.runner.workload.ProgressBar;

/**
 * What {@code taf run} would do with a definition, worked out without building, materializing or running
 * anything ({@code taf plan}): each side's commit and whether its build is in the build cache, each cell's
 * design, pairs and planned MDE (from the noise stored for this host), and how long measuring takes, for
 * the planned pairs and at most, with the adaptive loop's extra pairs inside {@code stats.budget}.
 * Written as JSON with {@code format_version}; snake_case, nulls written.
 *
 * @param formatVersion   {@link #FORMAT_VERSION}
 * @param definition      the definition file as messages name it
 * @param name            the definition's name
 * @param repository      the git repository, absolute
 * @param host            this host, readable
 * @param hostFingerprint this host's fingerprint id, the key of its stored noise
 * @param noiseFile       the stored noise file that was read (it may not exist)
 * @param comparisons     each comparison's two sides, in definition order
 * @param cells           one per workload x threads (every comparison has them all), in plan order
 * @param power           {@code stats.power}, the power the MDE is computed at (0.8 for 80%)
 * @param builds          distinct builds a run would make (not in the build cache)
 * @param eta             how long the measuring takes
 */
public record PlanPreview(int formatVersion, String definition, String name, String repository, String host,
                          String hostFingerprint, String noiseFile, List<ComparisonPlan> comparisons,
                          List<CellPlan> cells, double power, int builds, Eta eta) {
    /** Version of this shape; a change of meaning or a removed key moves it forward. */
    public static final int FORMAT_VERSION = 2;

    /**
     * Launching an engine and waiting for its CPU rest, per start, when this host stored no start cost: a
     * guess (the progress bar's too, until the first pair is measured).
     */
    static final double START_GUESS_SECONDS = 3;

    public PlanPreview {
        comparisons = List.copyOf(comparisons);
        cells = List.copyOf(cells);
    }

    /**
     * One side of a comparison, resolved.
     *
     * @param role        parent or patch
     * @param revision    the revision as the definition gives it
     * @param key         the key that set it and where, e.g. {@code patch (quick.properties:12)}
     * @param patchDiff   the diff applied on the revision, absolute, or null
     * @param sha         the commit's full sha
     * @param shortSha    its abbreviation
     * @param subject     the first line of its message
     * @param treeId      what keys its tree and build: the sha, or sha + diff hash
     * @param buildKey    the build cache key (64 hex)
     * @param buildCached true when a run would take the build from the cache
     * @param buildDir    the cache entry, {@code <cache.dir>/builds/<key>}, there or to be made
     */
    public record SidePlan(String role, String revision, String key, String patchDiff, String sha, String shortSha,
                           String subject, String treeId, String buildKey, boolean buildCached, String buildDir) {}

    /**
     * One comparison.
     *
     * @param name   its name ({@code default} for the single pair)
     * @param label  how posts title it
     * @param parent the baseline side
     * @param patch  the side under test
     */
    public record ComparisonPlan(String name, String label, SidePlan parent, SidePlan patch) {}

    /**
     * One workload x threads, as every comparison measures it.
     *
     * @param workload        TAF's test name
     * @param threads         client threads
     * @param design          {@code restart} or {@code alternate, k windows}
     * @param designWhy       how it was chosen
     * @param plannedPairs    pairs per comparison before the adaptive loop ({@code measure.iterations})
     * @param maxPairs        the most pairs the adaptive loop may reach per comparison (its budget's share)
     * @param mdePct          the planned MDE, percent, or null without stored noise (or when it cannot be reached)
     * @param maxPairsMdePct  the MDE at {@code maxPairs}, or null
     * @param mdeBasis        where the MDE's noise came from, or why there is none
     * @param mdeWarning      null, or why the run cannot see a change of the fail threshold's size, or call an
     *                        unchanged commit NO_CHANGE
     * @param noiseMeasuredAt when this host's stored noise of the cell was measured, or null
     * @param pairSeconds     estimated wall time of one A/B pair: two starts and their measured windows
     * @param pairCost        where that estimate came from
     * @param question        what the cell asks as a whole ({@code verdict.question} and its keys): non_inferiority
     *                        when some gating metric asks it (the cell then passes as NOT_WORSE), else equivalence
     * @param answers         how long the cell takes to answer an unchanged commit here, then each gating metric's
     *                        questions, a line each ({@link QuestionTimes}); empty without stored noise
     * @param answerPairs     pairs that answer an unchanged commit at {@code stats.power} (each gating metric its
     *                        question), or null (no stored spread of a metric, or more than 1000)
     * @param answerSeconds   their time at this host's cost of a pair, or null
     * @param reachPairs      the most pairs the cell reaches when the other cells stop once answered as planned (the
     *                        loop spends their saved time on it), or null without stored noise
     * @param metrics         each gating metric's question and the pairs of each question; empty without stored noise
     */
    public record CellPlan(String workload, int threads, String design, String designWhy, int plannedPairs,
                           int maxPairs, Double mdePct, Double maxPairsMdePct, String mdeBasis, String mdeWarning,
                           Instant noiseMeasuredAt, double pairSeconds, String pairCost, String question,
                           List<String> answers, Integer answerPairs, Long answerSeconds, Integer reachPairs,
                           List<MetricPlan> metrics) {}

    /**
     * One gating metric of a cell: what it asks, and how long each question takes to answer an unchanged commit.
     *
     * @param metric                the metric, as {@code verdict.metrics} names it
     * @param question              what it asks: equivalence or non_inferiority
     * @param pairSd                its pairs' planned spread (SD of the log-ratios), or null when none is stored
     * @param equivalencePairs      pairs that call it SAME at {@code stats.power}, or null (no spread, or more than
     *                              1000)
     * @param equivalenceSeconds    their time at this host's cost of a pair, or null
     * @param nonInferiorityPairs   pairs that call it NOT_WORSE at {@code stats.power}, or null
     * @param nonInferioritySeconds their time, or null
     */
    public record MetricPlan(String metric, String question, Double pairSd, Integer equivalencePairs,
                             Long equivalenceSeconds, Integer nonInferiorityPairs, Long nonInferioritySeconds) {
        static MetricPlan of(QuestionTimes q, QuestionTimes.MetricTimes m) {
            return new MetricPlan(m.metric().label(), m.asked().label(), m.pairSd(), pairs(q, m.equivalence()),
                    m.equivalence() < 0 ? null : q.seconds(m.equivalence()), pairs(q, m.nonInferiority()),
                    m.nonInferiority() < 0 ? null : q.seconds(m.nonInferiority()));
        }

        /** The pairs measured to answer with {@code needed} (the planned ones are measured anyway), or null. */
        static Integer pairs(QuestionTimes q, int needed) {
            return needed < 0 ? null : Math.max(needed, q.plannedPairs());
        }
    }

    /**
     * How long measuring takes (builds and data preparation not included).
     *
     * @param plannedPairs   A/B pairs of the plan, all comparisons and cells
     * @param plannedSeconds their estimated wall time
     * @param adaptive       whether the adaptive loop may add pairs ({@code stats.max_pairs} above the planned)
     * @param maxPairs       the most pairs a run can measure: planned plus what the budget pays for, up to
     *                       {@code stats.max_pairs} per cell
     * @param maxSeconds     the longest the measuring can take: planned plus at most {@code stats.budget}
     * @param maxPairsPerCell {@code stats.max_pairs}
     * @param budgetSeconds  {@code stats.budget}
     * @param note           why there is no adaptive loop, or null
     * @param excluded       what the estimate leaves out
     */
    public record Eta(int plannedPairs, long plannedSeconds, boolean adaptive, int maxPairs, long maxSeconds,
                      int maxPairsPerCell, long budgetSeconds, String note, String excluded) {}

    /** The preview on this host, from the noise stored in the definition's results directory. */
    public static PlanPreview of(TestDefinition def) {
        Preflight.check(def); // what a run would refuse, refused here
        return of(def, HostFacts.system().host().fingerprint());
    }

    /**
     * The preview on host {@code host}.
     *
     * @throws org.taf.runner.git.CheckoutException when the repository or a revision does not resolve; the
     *                                              message names the revision and its key
     */
    static PlanPreview of(TestDefinition def, HostFingerprint host) {
        java.nio.file.Path noisePath = NoiseStore.fileIn(def.output().resultsDir());
        NoiseFile noise = NoiseStore.read(noisePath);
        StatsOptions o = def.stats();
        Design design = Design.of(def, noise, host, new PrintStream(OutputStream.nullOutputStream()));
        List<ComparisonPlan> comparisons = new ArrayList<>();
        Builder builder = new Builder(def.cacheDir());
        BuildSpec spec = def.build();
        try (Repo repo = Repo.open(def.repository())) {
            for (int c = 0; c < def.comparisons().size(); c++) {
                Comparison cmp = def.comparisons().get(c);
                comparisons.add(new ComparisonPlan(cmp.name(), cmp.label(), side(repo, def, c, Role.PARENT, builder,
                        spec), side(repo, def, c, Role.PATCH, builder, spec)));
            }
        }
        Set<String> toBuild = new HashSet<>();
        comparisons.forEach(cp -> List.of(cp.parent(), cp.patch()).stream().filter(s -> !s.buildCached())
                .forEach(s -> toBuild.add(s.buildKey())));

        List<CellPlan> cells = new ArrayList<>();
        java.util.Map<CellKey, QuestionTimes> times = new java.util.HashMap<>();
        QuestionTimes.of(def, o, noise, host, design)
                .forEach(q -> times.put(new CellKey(q.workload(), q.threads()), q));
        for (PlannedMdeRecord m : PlannedMde.reached(def, o, noise, host, design)) {
            Optional<NoiseRecord> stored = noise.find(host.id(), m.workload(), m.threads());
            Design.Cell d = design.of(0, new CellKey(m.workload(), m.threads()));
            int windows = d.windows();
            double pair;
            String basis;
            double window = def.measure().duration().toMillis() / 1000.0;
            if (stored.isPresent()) {
                pair = 2 * (stored.get().startSeconds() + windows * window);
                basis = String.format(Locale.ROOT, "2 × (a start %s + %d × %s measured); the start cost (launch,"
                        + " rest, warm-up) is this host's stored one, measured %s",
                        seconds(stored.get().startSeconds()),
                        windows, seconds(window), stored.get().measuredAt().truncatedTo(ChronoUnit.SECONDS));
            } else {
                pair = guessPairSeconds(def, windows);
                basis = String.format(Locale.ROOT, "2 × (about %s to launch and rest + warmup.min %s + %d ×"
                        + " measure.duration %s); no stored start cost for this host, and a warm-up may last up to"
                        + " warmup.max %s", seconds(START_GUESS_SECONDS), Durations.format(def.warmup().settle().min()),
                        windows, seconds(window), Durations.format(def.warmup().settle().max()));
            }
            QuestionTimes q = times.get(new CellKey(m.workload(), m.threads()));
            cells.add(new CellPlan(m.workload(), m.threads(), d.describe(), d.why(), m.pairs(), m.maxPairs(),
                    m.mdePct(), m.maxPairsMdePct(), m.basis(), m.warning(),
                    stored.map(NoiseRecord::measuredAt).orElse(null), pair, basis,
                    o.questions().ofCell(m.workload(), o.metrics()).label(), q == null ? List.of() : q.lines(o),
                    q == null ? null : MetricPlan.pairs(q, q.answer()),
                    q == null || q.answer() < 0 ? null : q.seconds(q.answer()), q == null ? null : q.reach(),
                    q == null ? List.of() : q.metrics().stream().map(t -> MetricPlan.of(q, t)).toList()));
        }
        return new PlanPreview(FORMAT_VERSION, def.config().fileDisplay(), def.name(), def.repository().toString(),
                host.describe(), host.id(), noisePath.toString(), comparisons, cells, o.power(), toBuild.size(),
                eta(def, o, cells, toBuild.size()));
    }

    /**
     * The estimate of one A/B pair before anything is measured, from the definition alone: two starts,
     * each {@link #START_GUESS_SECONDS} to launch and rest, {@code warmup.min} and its measured windows.
     */
    static long guessPairSeconds(TestDefinition def, int windows) {
        return 2 * (def.measure().duration().toSeconds() * windows + def.warmup().settle().min().toSeconds()
                + (long) START_GUESS_SECONDS);
    }

    private static Eta eta(TestDefinition def, StatsOptions o, List<CellPlan> cells, int builds) {
        int comparisons = def.comparisons().size();
        int planned = def.measure().iterations();
        int plannedPairs = 0;
        double plannedSeconds = 0;
        List<Double> extraCosts = new ArrayList<>(); // one entry per pair the loop may add, any cell
        for (CellPlan c : cells) {
            plannedPairs += comparisons * planned;
            plannedSeconds += comparisons * planned * c.pairSeconds();
            for (int i = 0; i < comparisons * Math.max(0, o.maxPairs() - planned); i++) {
                extraCosts.add(c.pairSeconds());
            }
        }
        boolean adaptive = o.maxPairs() > planned;
        double budget = o.budget().toMillis() / 1000.0;
        // The loop never starts a pair that would end past the budget: the most time is the budget (or all
        // extra pairs, when they cost less); the most pairs are the cheapest ones the budget pays for.
        double allExtra = extraCosts.stream().mapToDouble(Double::doubleValue).sum();
        double extraSeconds = adaptive ? Math.min(budget, allExtra) : 0;
        int extraPairs = 0;
        if (adaptive) {
            extraCosts.sort(Comparator.naturalOrder());
            double spent = 0;
            for (double cost : extraCosts) {
                if (spent + cost > budget) {
                    break;
                }
                spent += cost;
                extraPairs++;
            }
        }
        String note = adaptive ? null : String.format(Locale.ROOT, "no adaptive loop: stats.max_pairs (%d) is not"
                + " above measure.iterations (%d)", o.maxPairs(), planned);
        String excluded = builds == 0 ? "measuring only: every build is cached (a new build's data template is"
                + " made once, before measuring)"
                : "measuring only: not the " + builds + " build" + (builds == 1 ? "" : "s") + " to make, nor the"
                + " data template of each new build";
        return new Eta(plannedPairs, Math.round(plannedSeconds), adaptive, plannedPairs + extraPairs,
                Math.round(plannedSeconds + extraSeconds), o.maxPairs(), o.budget().toSeconds(), note, excluded);
    }

    private static SidePlan side(Repo repo, TestDefinition def, int comparison, Role role, Builder builder,
                                 BuildSpec spec) {
        Comparison cmp = def.comparisons().get(comparison);
        Side side = role == Role.PARENT ? cmp.parent() : cmp.patch();
        CommitInfo commit = SidePreparer.resolve(repo, def, comparison, role);
        String treeId = side.patchDiff().map(d -> TreeCache.patchedId(commit, d)).orElse(commit.sha());
        String key = BuildKey.of(treeId, spec);
        return new SidePlan(role.label(), side.revision(), SidePreparer.revisionKey(def, cmp, role),
                side.patchDiff().map(Object::toString).orElse(null), commit.sha(), commit.shortSha(), commit.subject(),
                treeId, key, builder.isCached(treeId, spec), builder.entryOf(key).toString());
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0fs", s) : String.format(Locale.ROOT, "%.1fs", s);
    }

    /** The plan for people ({@code taf plan}): sides, cells, pairs and MDE, the time it takes. */
    public String text() {
        StringBuilder b = new StringBuilder();
        b.append("plan of ").append(definition()).append(" (").append(name())
                .append("): nothing is built or run\n");
        b.append("repository ").append(repository()).append('\n');
        b.append("host ").append(host()).append(" (").append(hostFingerprint()).append(")\n");
        for (ComparisonPlan c : comparisons()) {
            b.append("\ncomparison ").append(c.name()).append(": ").append(c.label()).append('\n');
            side(b, c.parent());
            side(b, c.patch());
        }
        int workloads = (int) cells().stream().map(CellPlan::workload).distinct().count();
        int threads = (int) cells().stream().map(CellPlan::threads).distinct().count();
        b.append(String.format(Locale.ROOT, "%ncells: %s × %s × %s%n", count(workloads, "workload"),
                count(threads, "thread count"), count(comparisons().size(), "comparison")));
        for (CellPlan c : cells()) {
            b.append(String.format(Locale.ROOT, "  %s@%d: %s (%s); %d pairs planned%s%n", c.workload(),
                    c.threads(), c.design(), c.designWhy(), c.plannedPairs(), c.maxPairs() > c.plannedPairs()
                    ? ", up to " + c.maxPairs() + " with the adaptive loop" : ""));
            b.append("    MDE: ").append(mde(c, power())).append('\n');
            if (c.mdeWarning() != null) {
                b.append("    warning: ").append(c.mdeWarning()).append('\n');
            }
            for (int i = 0; i < c.answers().size(); i++) { // sizes the gate: what this host answers, how fast
                b.append(i == 0 ? "    questions: " : "      ").append(c.answers().get(i)).append('\n');
            }
            b.append(String.format(Locale.ROOT, "    a pair: about %s (%s)%n",
                    ProgressBar.duration(Math.round(c.pairSeconds())),
                    c.pairCost()));
        }
        Eta e = eta();
        b.append("\ntime (").append(e.excluded()).append("):\n");
        b.append(String.format(Locale.ROOT, "  planned: %d pairs, about %s%n", e.plannedPairs(),
                ProgressBar.duration(e.plannedSeconds())));
        if (e.adaptive()) {
            b.append(String.format(Locale.ROOT, "  at most %d pairs, about %s (adaptive budget: stats.max_pairs %d"
                    + " per cell, stats.budget %s)%n", e.maxPairs(), ProgressBar.duration(e.maxSeconds()),
                    e.maxPairsPerCell(),
                    ProgressBar.duration(e.budgetSeconds())));
        } else {
            b.append(String.format(Locale.ROOT, "  at most %d pairs, about %s (%s)%n", e.maxPairs(),
                    ProgressBar.duration(e.maxSeconds()), e.note()));
        }
        return b.toString();
    }

    private static void side(StringBuilder b, SidePlan s) {
        b.append(String.format(Locale.ROOT, "  %-7s%s%s (key %s)%n", s.role(), s.revision(),
                s.patchDiff() == null ? "" : " + " + s.patchDiff(), s.key()));
        b.append(String.format(Locale.ROOT, "         %s %s%n", s.shortSha(), s.subject()));
        b.append(String.format(Locale.ROOT, "         sha %s%n", s.sha()));
        b.append(String.format(Locale.ROOT, "         build %s %s%n", s.buildCached() ? "cached in" : "not built: a run"
                + " builds it into", s.buildDir()));
    }

    private static String mde(CellPlan c, double power) {
        if (c.mdePct() == null) {
            return c.mdeBasis();
        }
        String most = c.maxPairs() > c.plannedPairs() && c.maxPairsMdePct() != null
                ? String.format(Locale.ROOT, ", %.1f%% with %d pairs", c.maxPairsMdePct(), c.maxPairs()) : "";
        return String.format(Locale.ROOT, "a drop of %.1f%% at %.0f%% power with %d pairs%s (%s)", c.mdePct(),
                100 * power, c.plannedPairs(), most,
                c.mdeBasis());
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
