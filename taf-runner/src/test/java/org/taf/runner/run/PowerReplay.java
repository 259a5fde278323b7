package org.taf.runner.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.taf.runner.config.Units;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.UnpairedReference;
import org.taf.runner.stats.Verdict;
import org.taf.runner.sys.AtomicWrite;
import org.taf.runner.sys.Durations;

/**
 * The second half of the power study (a benchmark tool, not a test; docs/benchmarks/power-study.md):
 * replays comparisons made of real measured A/B pairs through TAF's own {@link AdaptiveLoop} and
 * {@link Judgement}, at a given {@code stats.budget}, many times over.
 *
 * <p>Why a replay: on this machine one real A/B pair costs about a minute (two engine starts, rest,
 * warm-up, 10 s measured each), so a single comparison at a 10-minute budget takes 12 minutes and the
 * hundreds of comparisons a false-positive rate near 1% needs would take days. The expensive part,
 * measuring, is done once by docs/benchmarks/power-pairs.sh: pools of real pairs per injected effect,
 * each pair with its real iterations (per-second samples, flags, engine CPU) and its real wall time.
 * A replayed comparison draws its pairs from the pool in a random order (without replacement until
 * the pool is used up), takes the first {@code planned} as the planned pairs, and then lets the real
 * adaptive loop ask for more; every pair advances a manual clock by the time that pair really took,
 * so the loop spends its budget exactly as it would have. The verdict is Judgement's final look.
 *
 * <p>What this assumes, and the docs say: pairs are exchangeable (drift between pairs is not
 * replayed, though every pair keeps the drift within it), and replicates share pairs, so the rates'
 * effective sample size is nearer the pool's size than the replicate count.
 *
 * <pre>
 *   java -cp ... org.taf.runner.run.PowerReplay results=DIR out=DIR [replicates=400] [budgets=2m,5m,10m]
 *        [thresholds=3/5,1/2] [planned=3] [max_pairs=20] [seed=1] [threads=N] [exclude=HOST_NOISE]
 * </pre>
 */
public final class PowerReplay {
    /** Name of the derived A/A pool: pairs of two parent iterations of one comparison. */
    static final String PARENTS_POOL = "aa-parents";

    /** One measured A/B pair and the wall time it took (both engine starts, rests, warm-ups and measurements). */
    record Pair(IterationRecord parent, IterationRecord patch, Duration cost) {}

    /**
     * The pairs of one comparison name (one injected effect) over every run.
     *
     * @param name       the comparison's name, e.g. {@code e5}
     * @param label      its label, e.g. {@code 5% injected (450 rounds)}
     * @param rounds     the patch side's taf_statement_cpu_work, or null
     * @param pairs      the pairs, in measurement order
     * @param comparison one of its comparisons, for the sides the records need
     * @param template   one of its runs, for the fields of a run record
     * @param leftOut    pairs left out because an iteration carried one of the excluded flags
     */
    record Pool(String name, String label, String rounds, List<Pair> pairs, ComparisonRecord comparison,
                RunRecord template, int leftOut) {}

    /** The outcome of one replayed comparison. */
    record Outcome(Verdict verdict, Double ratio, Double ciLow, Double ciHigh, int pairs, double seconds,
                   StopReason stop, String cpuChange) {}

    /** Verdict thresholds of one replay condition, in percent. */
    record Thresholds(double warningPct, double failPct) {
        static Thresholds parse(String s) {
            String[] wf = s.split("/");
            if (wf.length != 2) {
                throw new IllegalArgumentException("thresholds: '" + s + "' is not warning/fail, e.g. 3/5");
            }
            return new Thresholds(Double.parseDouble(wf[0]), Double.parseDouble(wf[1]));
        }

        String label() {
            return pct(warningPct) + "/" + pct(failPct);
        }

        private static String pct(double v) {
            return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
        }
    }

    private PowerReplay() {}

    // ---------------------------------------------------------------------------------------------
    // Pools

    /**
     * Every completed run under {@code dir}, oldest first (a run still measuring, interrupted or failed
     * is left out: its comparisons are not whole).
     */
    static List<RunRecord> readRuns(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            // A run is read once: a local site under the directory keeps copies of the runs it shows.
            Map<String, RunRecord> byId = new LinkedHashMap<>();
            files.filter(f -> f.getFileName().toString().equals(ResultsStore.FILE_NAME)).sorted()
                    .map(ResultsStore::read).filter(r -> r.status() == RunRecord.RunStatus.COMPLETED)
                    .forEach(r -> byId.putIfAbsent(r.runId(), r));
            return byId.values().stream().sorted(Comparator.comparing(RunRecord::startedAt)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    /**
     * The pools of {@code runs}, one per comparison name, plus, for restarting pairs, the derived A/A pool
     * of parent iterations ({@value #PARENTS_POOL}: iterations 1 and 2, 3 and 4, ... of each comparison's
     * parent, which all run with the calibration variable at 0). A pair's cost is the time from its first
     * engine start to the start of the run's next measurement; the last pair of a run, which has no
     * next one, gets the mean cost of that run's other pairs, as do the derived pairs.
     */
    static Map<String, Pool> pools(List<RunRecord> runs) {
        return pools(runs, java.util.Set.of());
    }

    /**
     * As {@link #pools(List)}, leaving out every pair with an iteration flagged with one of
     * {@code excludeFlags} (e.g. HOST_NOISE: the study's own machine was disturbed then).
     */
    static Map<String, Pool> pools(List<RunRecord> runs, java.util.Set<String> excludeFlags) {
        Map<String, Integer> leftOut = new LinkedHashMap<>();
        Map<String, List<Pair>> pairs = new LinkedHashMap<>();
        Map<String, ComparisonRecord> first = new LinkedHashMap<>();
        Map<String, RunRecord> templates = new LinkedHashMap<>();
        List<Pair> parents = new ArrayList<>();
        for (RunRecord run : runs) {
            Map<Integer, Instant> starts = new TreeMap<>();
            for (ComparisonRecord c : run.comparisons()) {
                for (CellRecord cell : c.cells()) {
                    Stream.concat(cell.parent().stream(), cell.patch().stream())
                            .forEach(it -> starts.put(it.sequence(), it.startedAt()));
                }
            }
            List<Pair> ofRun = new ArrayList<>();
            List<Integer> withoutCost = new ArrayList<>();
            Map<String, List<Pair>> runPairs = new LinkedHashMap<>();
            for (ComparisonRecord c : run.comparisons()) {
                if (c.cells().size() != 1) {
                    throw new IllegalArgumentException(run.runId() + ": comparison " + c.name() + " has "
                            + c.cells().size() + " cells; the power study measures one workload at one thread count");
                }
                CellRecord cell = c.cells().get(0);
                first.putIfAbsent(c.name(), c);
                templates.putIfAbsent(c.name(), run);
                int n = Math.min(cell.parent().size(), cell.patch().size());
                for (int i = 0; i < n; i++) {
                    IterationRecord a = cell.parent().get(i);
                    IterationRecord b = cell.patch().get(i);
                    int last = Math.max(a.sequence(), b.sequence());
                    Instant next = starts.get(last + 1);
                    Instant start = a.sequence() < b.sequence() ? a.startedAt() : b.startedAt();
                    Duration cost = next == null ? null : Duration.between(start, next);
                    Pair p = new Pair(a, b, cost);
                    if (cost == null) {
                        withoutCost.add(ofRun.size());
                    }
                    ofRun.add(p);
                    runPairs.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(p);
                }
                // Two parent starts of different alternating pairs were never measured beside each other:
                // they are no A/A pair of that design, so the derived pool is for restarting pairs only.
                for (int i = 0; cell.mode() != org.taf.runner.results.MeasureMode.ALTERNATE
                        && i + 1 < cell.parent().size(); i += 2) {
                    parents.add(new Pair(cell.parent().get(i), cell.parent().get(i + 1), null));
                }
            }
            Duration mean = meanCost(ofRun);
            for (Map.Entry<String, List<Pair>> e : runPairs.entrySet()) {
                for (Pair p : e.getValue()) {
                    List<Pair> pool = pairs.computeIfAbsent(e.getKey(), k -> new ArrayList<>());
                    if (flagged(p, excludeFlags)) {
                        leftOut.merge(e.getKey(), 1, Integer::sum);
                        continue;
                    }
                    pool.add(p.cost() == null ? new Pair(p.parent(), p.patch(), mean) : p);
                }
            }
            for (int i = parents.size() - 1; i >= 0 && parents.get(i).cost() == null; i--) {
                Pair p = parents.get(i);
                parents.set(i, new Pair(p.parent(), p.patch(), mean));
            }
        }
        Map<String, Pool> pools = new LinkedHashMap<>();
        pairs.keySet().stream().sorted().forEach(name -> {
            ComparisonRecord c = first.get(name);
            pools.put(name, new Pool(name, c.label(), c.patch().engineSettings().get("taf_statement_cpu_work"),
                    List.copyOf(pairs.get(name)), c, templates.get(name), leftOut.getOrDefault(name, 0)));
        });
        List<Pair> cleanParents = parents.stream().filter(p -> !flagged(p, excludeFlags)).toList();
        if (!cleanParents.isEmpty()) {
            ComparisonRecord c = first.values().iterator().next();
            pools.put(PARENTS_POOL, new Pool(PARENTS_POOL, "A/A from parent iterations (1 vs 2, 3 vs 4, ...)", "0",
                    cleanParents, c, templates.values().iterator().next(), parents.size() - cleanParents.size()));
        }
        return pools;
    }

    private static boolean flagged(Pair p, java.util.Set<String> flags) {
        return Stream.of(p.parent(), p.patch()).flatMap(it -> it.flags().stream())
                .anyMatch(f -> flags.contains(f.name()));
    }

    private static Duration meanCost(List<Pair> pairs) {
        long[] ms = pairs.stream().filter(p -> p.cost() != null).mapToLong(p -> p.cost().toMillis()).toArray();
        return Duration.ofMillis(ms.length == 0 ? 60_000 : Arrays.stream(ms).sum() / ms.length);
    }

    // ---------------------------------------------------------------------------------------------
    // One replayed comparison

    /**
     * Replays one comparison from {@code pool}: {@code planned} pairs, then the adaptive loop under
     * {@code options} (its budget and max_pairs), then the final verdict.
     */
    static Outcome replay(Pool pool, StatsOptions options, int planned, long seed) {
        return replay(pool, options, planned, new Draw(pool.pairs(), new Random(seed)));
    }

    private static Outcome replay(Pool pool, StatsOptions options, int planned, Draw draw) {
        List<IterationRecord> parent = new ArrayList<>();
        List<IterationRecord> patch = new ArrayList<>();
        Duration plannedCost = Duration.ZERO;
        for (int i = 0; i < planned; i++) {
            plannedCost = plannedCost.plus(add(draw.next(), parent, patch));
        }
        ManualClock clock = new ManualClock();
        CellRecord template = pool.comparison().cells().get(0);
        AdaptiveLoop.Measurements m = new AdaptiveLoop.Measurements() {
            @Override
            public List<String> names() {
                return List.of(pool.comparison().name());
            }

            @Override
            public List<CellSamples> samples(int index) {
                return Judgement.samples(comparison(pool, template, parent, patch));
            }

            @Override
            public void measurePair(int index, CellKey cell) {
                clock.advance(add(draw.next(), parent, patch));
            }
        };
        AdaptiveLoop loop = new AdaptiveLoop(options, planned, clock, new PrintStream(OutputStream.nullOutputStream()));
        AdaptiveRecord[] adaptive = new AdaptiveRecord[1];
        List<RunStatistics> looks = loop.run(m, true, plannedCost, planned, r -> adaptive[0] = r);
        RunRecord t = pool.template();
        RunRecord run = new RunRecord(t.formatVersion(), t.runId(), t.name(), t.comments(), t.startedAt(),
                t.finishedAt(), RunRecord.RunStatus.COMPLETED, null, t.runnerVersion(), t.definition(),
                t.environment(), List.of(comparison(pool, template, parent, patch)), List.of(), List.of(), adaptive[0],
                t.judgement());
        CellVerdict v = Judgement.apply(run, looks).comparisons().get(0).cells().get(0).verdict();
        double seconds = plannedCost.toMillis() / 1000.0 + adaptive[0].spentSeconds();
        MetricVerdict cpu = v.metric(Metric.CPU_PER_TX);
        return new Outcome(v.verdict(), v.ratio(), v.ciLow(), v.ciHigh(), parent.size(), seconds,
                v.stopReason(), cpu == null ? "" : cpu.change().name());
    }

    /**
     * Replays one comparison through format 1's analysis and loop: planned pairs, then one pair at a time
     * while the verdict is inconclusive, the interval is not between the thresholds, fewer than max pairs
     * were measured and the mean pair cost so far still fits the budget.
     */
    static Outcome replayUnpaired(Pool pool, StatsOptions o, int planned, long seed) {
        Draw draw = new Draw(pool.pairs(), new Random(seed));
        List<IterationRecord> parent = new ArrayList<>();
        List<IterationRecord> patch = new ArrayList<>();
        Duration measured = Duration.ZERO;
        for (int i = 0; i < planned; i++) {
            measured = measured.plus(add(draw.next(), parent, patch));
        }
        CellRecord template = pool.comparison().cells().get(0);
        boolean adaptive = o.maxPairs() > planned;
        UnpairedReference.Outcome v = UnpairedReference.judge(Judgement.samples(comparison(pool, template, parent,
                patch)).get(0), o, adaptive, seed);
        Duration spent = Duration.ZERO;
        while (adaptive && v.verdict() == Verdict.INCONCLUSIVE && !v.betweenThresholds()
                && parent.size() < o.maxPairs()) {
            Duration perPair = measured.plus(spent).dividedBy(parent.size());
            if (spent.plus(perPair).compareTo(o.budget()) > 0) {
                break;
            }
            spent = spent.plus(add(draw.next(), parent, patch));
            v = UnpairedReference.judge(Judgement.samples(comparison(pool, template, parent, patch)).get(0), o, true,
                    seed);
        }
        StopReason stop = v.verdict().isFinal() ? StopReason.DECIDED : v.betweenThresholds()
                ? StopReason.BETWEEN_THRESHOLDS : parent.size() >= o.maxPairs() ? StopReason.MAX_PAIRS
                : adaptive ? StopReason.BUDGET_SPENT : StopReason.PLANNED_ONLY;
        return new Outcome(v.verdict(), v.ratio(), v.ciLow(), v.ciHigh(), parent.size(),
                (measured.plus(spent)).toMillis() / 1000.0, stop, "");
    }

    private static ComparisonRecord comparison(Pool pool, CellRecord template, List<IterationRecord> parent,
                                               List<IterationRecord> patch) {
        ComparisonRecord c = pool.comparison();
        return new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), List.of(
                new CellRecord(template.workload(), template.threads(), parent, patch, template.mode(),
                        template.windows(), null)));
    }

    /** Appends the pair as the next iterations of both sides (renumbered, in its own order) and returns its cost. */
    private static Duration add(Pair p, List<IterationRecord> parent, List<IterationRecord> patch) {
        int k = parent.size();
        // The pair keeps the order it was measured in (measure.order = balanced pools have both).
        boolean patchFirst = p.patch().sequence() < p.parent().sequence();
        parent.add(renumber(p.parent(), k, 2 * k + (patchFirst ? 1 : 0)));
        patch.add(renumber(p.patch(), k, 2 * k + (patchFirst ? 0 : 1)));
        return p.cost();
    }

    /**
     * The iteration at its place in the replayed comparison. Its engine's counters are left out: the study
     * is about TPS, and judging some 30 counters at every look (a sign-flip test each) made a replay 30
     * times slower. Its process counters stay: context switches per transaction is a judged metric, and
     * its p-value is one of the family Benjamini-Hochberg adjusts, so a replay without it judged TPS and
     * CPU per transaction more leniently than the run (3 of 28 comparisons on 2026-12-03).
     */
    private static IterationRecord renumber(IterationRecord it, int index, int sequence) {
        CountersRecord c = it.counters();
        CountersRecord process = c == null ? null : new CountersRecord(c.seconds(), c.transactions(), Map.of(),
                c.process(), c.threads(), c.threadsLost(), c.readMillis());
        return new IterationRecord(index, sequence, it.startedAt(), it.serverVersion(), it.rest(), it.warmup(),
                it.samples(), it.cpu(), it.flags(), it.failure(), it.engineLog(), it.engineCpu(), it.launchSeconds(),
                it.windows(), process, it.jfr());
    }

    /**
     * The check that the replay is TAF's own verdict: every comparison of {@code runs} re-judged from its
     * own pairs, in their order, with the adaptive loop off as in power-pairs.sh, must give the verdict,
     * ratio and interval stored in its results.json.
     *
     * @return one line per comparison that differs (empty: all reproduced)
     */
    static List<String> reproduce(List<RunRecord> runs) {
        List<String> differences = new ArrayList<>();
        for (RunRecord run : runs) {
            if (run.judgement() == null || !ResultsStore.ANALYSIS.equals(run.judgement().analysis())) {
                continue; // judged by another analysis (format 1): nothing of this TAF's to reproduce
            }
            for (ComparisonRecord c : run.comparisons()) {
                CellRecord cell = c.cells().get(0);
                int n = Math.min(cell.parent().size(), cell.patch().size());
                List<Pair> own = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    own.add(new Pair(cell.parent().get(i), cell.patch().get(i), Duration.ofSeconds(1)));
                }
                Pool pool = new Pool(c.name(), c.label(), null, own, c, run, 0);
                StatsOptions off = options(run).toBuilder().firstLook(n)
                        .maxPairs(Math.max(StatsOptions.MIN_ITERATIONS, n)).budget(Duration.ZERO).build();
                Outcome o = replay(pool, off, n, new Draw(own, null));
                CellVerdict stored = cell.verdict();
                if (stored == null || o.verdict() != stored.verdict() || !java.util.Objects.equals(o.ratio(),
                        stored.ratio()) || !java.util.Objects.equals(o.ciLow(), stored.ciLow())
                        || !java.util.Objects.equals(o.ciHigh(), stored.ciHigh())) {
                    differences.add(String.format(Locale.ROOT, "%s %s: stored %s, re-judged %s %s [%s, %s]",
                            run.runId(), c.name(), stored == null ? "no verdict" : stored.verdict() + " "
                                    + stored.ratio() + " [" + stored.ciLow() + ", " + stored.ciHigh() + "]",
                            o.verdict(), o.ratio(), o.ciLow(), o.ciHigh()));
                }
            }
        }
        return differences;
    }

    /** The options a stored run was judged with (its judgement record). */
    static StatsOptions options(RunRecord run) {
        var j = run.judgement();
        return StatsOptions.defaults().toBuilder().warningPct(j.warningPct()).failPct(j.failPct()).gainPct(j.gainPct())
                .metrics(j.metrics())
                .firstLook(j.firstLook()).maxPairs(j.maxPairs())
                .budget(Duration.ofSeconds(j.budgetSeconds())).build();
    }

    /**
     * The pool's pairs in a random order, without replacement; a used-up pool is shuffled again. Without
     * a random: in the pool's order, once.
     */
    private static final class Draw {
        private final List<Pair> pool;
        private final Random random;
        private final Deque<Pair> left = new ArrayDeque<>();

        Draw(List<Pair> pool, Random random) {
            if (pool.isEmpty()) {
                throw new IllegalArgumentException("empty pool");
            }
            this.pool = pool;
            this.random = random;
            if (random == null) {
                left.addAll(pool);
            }
        }

        Pair next() {
            if (left.isEmpty() && random == null) {
                throw new IllegalStateException("the pool's " + pool.size() + " pairs are used up");
            }
            if (left.isEmpty()) {
                List<Pair> order = new ArrayList<>(pool);
                Collections.shuffle(order, random);
                left.addAll(order);
            }
            return left.poll();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The study

    /** One condition: thresholds, budget and pool, with its replicates' outcomes. */
    record Condition(String analysis, Thresholds thresholds, Duration budget, Pool pool, List<Outcome> outcomes) {}

    /** The analyses a study compares: today's, and format 1's ({@link UnpairedReference}). */
    static final List<String> ANALYSES = List.of("paired", "unpaired");

    /**
     * Replays {@code replicates} comparisons per thresholds x budget x pool. Replicate r uses the same
     * seed in every condition, so budgets and thresholds are compared on the same drawn sequences.
     */
    static List<Condition> study(Map<String, Pool> pools, List<Thresholds> thresholds, List<Duration> budgets,
                                 int replicates, int planned, int maxPairs, long seed, int threads) {
        return study(pools, List.of("paired"), thresholds, budgets, replicates, planned, maxPairs, seed, threads);
    }

    static List<Condition> study(Map<String, Pool> pools, List<String> analyses, List<Thresholds> thresholds,
                                 List<Duration> budgets, int replicates, int planned, int maxPairs, long seed,
                                 int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Condition>> futures = new ArrayList<>();
            for (String analysis : analyses) {
            for (Thresholds th : thresholds) {
                for (Duration budget : budgets) {
                    StatsOptions o = StatsOptions.defaults().toBuilder().metrics(List.of(Metric.TPS))
                            .warningPct(th.warningPct()).failPct(th.failPct()).gainPct(th.failPct())
                            .firstLook(planned).maxPairs(maxPairs).budget(budget).build();
                    for (Pool p : pools.values()) {
                        futures.add(pool.submit(() -> {
                            List<Outcome> out = new ArrayList<>();
                            for (int r = 0; r < replicates; r++) {
                                long s = seed * 1_000_003L + r;
                                out.add(analysis.equals("unpaired") ? replayUnpaired(p, o, planned, s)
                                        : replay(p, o, planned, s));
                            }
                            return new Condition(analysis, th, budget, p, out);
                        }));
                    }
                }
            }
            }
            List<Condition> conditions = new ArrayList<>();
            for (Future<Condition> f : futures) {
                conditions.add(f.get());
            }
            return conditions;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** True for the A/A pools: the patch side has no extra work. */
    static boolean isAa(Pool p) {
        return "0".equals(p.rounds()) || PARENTS_POOL.equals(p.name());
    }

    /** The Wilson score interval of k successes in n, at 95%. */
    static double[] wilson(int k, int n) {
        double z = 1.959964;
        double phat = (double) k / n;
        double denom = 1 + z * z / n;
        double centre = (phat + z * z / (2.0 * n)) / denom;
        double half = z * Math.sqrt(phat * (1 - phat) / n + z * z / (4.0 * n * n)) / denom;
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /** The pools: what was measured, and the effect each really injected. */
    static String poolTable(Map<String, Pool> pools) {
        StringBuilder sb = new StringBuilder();
        sb.append("| pool | patch side | pairs | left out | measured TPS ratio (median of pairs)"
                + " | pairs with patch slower | CPU/tx ratio (median of pairs) | spread of parent iterations (CV)"
                + " | iterations flagged | mean pair cost |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Pool p : pools.values()) {
            double[] ratios = p.pairs().stream().mapToDouble(x -> median(x.patch()) / median(x.parent())).sorted()
                    .toArray();
            double[] cpu = p.pairs().stream().filter(x -> cpuPerTx(x.parent()) > 0 && cpuPerTx(x.patch()) > 0)
                    .mapToDouble(x -> cpuPerTx(x.patch()) / cpuPerTx(x.parent())).sorted().toArray();
            long slower = Arrays.stream(ratios).filter(r -> r < 1).count();
            double[] parents = p.pairs().stream().mapToDouble(x -> median(x.parent())).toArray();
            long flagged = p.pairs().stream().mapToLong(x -> x.parent().flags().size() + x.patch().flags().size() > 0
                    ? (x.parent().flags().isEmpty() ? 0 : 1) + (x.patch().flags().isEmpty() ? 0 : 1) : 0).sum();
            double cost = p.pairs().stream().mapToLong(x -> x.cost().toMillis()).average().orElse(0) / 1000;
            sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %.4f | %d/%d | %s | %.1f%% | %d | %.0f s |%n",
                    p.name(), p.label(), p.pairs().size(), p.leftOut(), quantile(ratios, 0.5), slower, ratios.length,
                    cpu.length == 0 ? "-" : String.format(Locale.ROOT, "%.4f", quantile(cpu, 0.5)),
                    100 * cv(parents), flagged, cost));
        }
        return sb.toString();
    }

    /** The study's table: per thresholds, budget and pool, what TAF said and how often. */
    static String resultTable(List<Condition> conditions) {
        StringBuilder sb = new StringBuilder();
        sb.append("| analysis | thresholds warn/fail | budget | pool | comparisons | regressed | no change"
                + " | inconclusive | improved | other | false positives (A/A) or detected (A/B), 95% interval"
                + " | CPU/tx higher | mean pairs | pairs drawn again (mean) | mean minutes measuring |\n");
        sb.append("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
        for (Condition c : conditions) {
            List<Outcome> o = c.outcomes();
            int n = o.size();
            int reg = count(o, Verdict.REGRESSED);
            int same = count(o, Verdict.NO_CHANGE);
            int inc = count(o, Verdict.INCONCLUSIVE);
            int imp = count(o, Verdict.IMPROVED);
            int other = n - reg - same - inc - imp;
            boolean aa = isAa(c.pool());
            int k = aa ? reg + imp : reg;
            double[] ci = wilson(k, n);
            String rate = String.format(Locale.ROOT, "%s %d/%d = %.1f%% [%.1f, %.1f]", aa ? "FP" : "detected", k, n,
                    100.0 * k / n, 100 * ci[0], 100 * ci[1]);
            long cpu = o.stream().filter(x -> "WORSE".equals(x.cpuChange())).count();
            double pairs = o.stream().mapToInt(Outcome::pairs).average().orElse(0);
            double minutes = o.stream().mapToDouble(Outcome::seconds).average().orElse(0) / 60;
            // A comparison longer than its pool repeats pairs (the draw starts over): those rows are optimistic.
            int size = c.pool().pairs().size();
            double again = o.stream().mapToInt(x -> Math.max(0, x.pairs() - size)).average().orElse(0);
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %d | %d | %d | %d | %d | %s | %d"
                    + " | %.1f | %.1f | %.1f |%n",
                    c.analysis(), c.thresholds().label(), Durations.format(c.budget()), c.pool().name(), n, reg,
                    same, inc, imp, other, rate, cpu, pairs, again, minutes));
        }
        return sb.toString();
    }

    private static int count(List<Outcome> o, Verdict v) {
        return (int) o.stream().filter(x -> x.verdict() == v).count();
    }

    private static double median(IterationRecord it) {
        double[] tps = it.samples().stream().mapToDouble(SampleRecord::tps).sorted().toArray();
        return tps.length == 0 ? Double.NaN : quantile(tps, 0.5);
    }

    private static double cpuPerTx(IterationRecord it) {
        if (it.engineCpu() == null || it.transactions() == 0) {
            return 0;
        }
        return it.engineCpu().cpuSeconds() / it.transactions();
    }

    private static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    private static double cv(double[] xs) {
        double mean = Arrays.stream(xs).average().orElse(Double.NaN);
        double var = Arrays.stream(xs).map(x -> (x - mean) * (x - mean)).sum() / Math.max(1, xs.length - 1);
        return Math.sqrt(var) / mean;
    }

    /** Every replicate as a TSV row. */
    static String rows(List<Condition> conditions) {
        StringBuilder sb = new StringBuilder(
                "analysis\tthresholds\tbudget\tpool\treplicate\tverdict\tratio\tci_low\tci_high\tpairs\tseconds"
                        + "\tstop\tcpu_change\n");
        for (Condition c : conditions) {
            for (int r = 0; r < c.outcomes().size(); r++) {
                Outcome o = c.outcomes().get(r);
                sb.append(String.join("\t", c.analysis(), c.thresholds().label(), Durations.format(c.budget()),
                        c.pool().name(),
                        String.valueOf(r), o.verdict().name(), fmt(o.ratio()), fmt(o.ciLow()), fmt(o.ciHigh()),
                        String.valueOf(o.pairs()), String.format(Locale.ROOT, "%.0f", o.seconds()),
                        o.stop() == null ? "" : o.stop().name(), o.cpuChange())).append('\n');
            }
        }
        return sb.toString();
    }

    private static String fmt(Double d) {
        return d == null ? "" : String.format(Locale.ROOT, "%.4f", d);
    }

    private static Duration duration(String raw) {
        try {
            return Units.parseDuration(raw);
        } catch (org.taf.runner.config.InvalidValueException e) {
            throw new IllegalArgumentException("budgets: " + e.getMessage(), e);
        }
    }

    public static void main(String[] args) {
        Map<String, String> a = new LinkedHashMap<>(Map.of("exclude", "", "replicates", "400", "budgets", "2m,5m,10m",
                "thresholds", "3/5", "planned", "3", "max_pairs", "20", "seed", "1", "analyses", "paired,unpaired",
                "threads", String.valueOf(Runtime.getRuntime().availableProcessors())));
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("argument '" + arg + "' is not key=value");
            }
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        if (!a.containsKey("results") || !a.containsKey("out")) {
            System.err.println("usage: PowerReplay results=DIR out=DIR [replicates=400] [budgets=2m,5m,10m]"
                    + " [thresholds=3/5,1/2] [planned=3] [max_pairs=20] [seed=1] [threads=N] [exclude=HOST_NOISE]"
                    + " [analyses=paired,unpaired]");
            System.exit(3);
        }
        Path results = Path.of(a.get("results"));
        Path out = Path.of(a.get("out"));
        List<RunRecord> runs = readRuns(results);
        if (runs.isEmpty()) {
            System.err.println("PowerReplay: no results.json under " + results);
            System.exit(3);
        }
        java.util.Set<String> exclude = Arrays.stream(a.get("exclude").split(",")).map(String::trim)
                .filter(f -> !f.isEmpty()).collect(java.util.stream.Collectors.toSet());
        Map<String, Pool> pools = pools(runs, exclude);
        List<Thresholds> thresholds = Arrays.stream(a.get("thresholds").split(",")).map(Thresholds::parse).toList();
        List<Duration> budgets = Arrays.stream(a.get("budgets").split(",")).map(String::trim)
                .map(PowerReplay::duration).toList();
        long t0 = System.nanoTime();
        List<String> analyses = Arrays.stream(a.get("analyses").split(",")).map(String::trim).toList();
        List<Condition> conditions = study(pools, analyses, thresholds, budgets, Integer.parseInt(a.get("replicates")),
                Integer.parseInt(a.get("planned")), Integer.parseInt(a.get("max_pairs")), Long.parseLong(a.get("seed")),
                Integer.parseInt(a.get("threads")));
        List<String> differences = reproduce(runs);
        int comparisons = runs.stream().mapToInt(r -> r.comparisons().size()).sum();
        String check = differences.isEmpty()
                ? String.format(Locale.ROOT, "Check: all %d measured comparisons, re-judged from their own pairs by the"
                        + " replay, gave their stored verdict, ratio and interval exactly.", comparisons)
                : String.format(Locale.ROOT, "Check FAILED: %d of %d measured comparisons re-judged differently:%n%s",
                        differences.size(), comparisons, String.join("\n", differences));
        String report = String.format(Locale.ROOT, "Replayed from %d runs under %s (%d replicates per row, %d planned"
                        + " pairs, stats.max_pairs %s, seed %s, pairs with %s left out) in %.0f s.%n%n%s%n%n%s%n%s",
                runs.size(), results,
                Integer.parseInt(a.get("replicates")), Integer.parseInt(a.get("planned")), a.get("max_pairs"),
                a.get("seed"), exclude.isEmpty() ? "no flag" : String.join(" or ", new java.util.TreeSet<>(exclude)),
                (System.nanoTime() - t0) / 1e9, check, poolTable(pools), resultTable(conditions));
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + out, e);
        }
        AtomicWrite.writeString(out.resolve("replays.tsv"), rows(conditions));
        AtomicWrite.writeString(out.resolve("table.md"), report);
        System.out.print(report);
        if (!differences.isEmpty()) {
            System.exit(1);
        }
    }
}
