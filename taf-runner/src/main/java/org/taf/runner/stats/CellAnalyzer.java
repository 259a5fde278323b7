package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.util.FastMath;

/**
 * One cell's numbers before the run-wide steps (Benjamini-Hochberg, changes, verdict, adaptive stop):
 * the A/B pairs (parent start i with patch start i, the flagged ones left out by the rule), every
 * metric's {@link PairedTest}, the classic verdict, the MDE and the variance components.
 */
final class CellAnalyzer {
    private CellAnalyzer() {}

    /**
     * @param failure       NEWLY_FAILING, FIXED or NOT_COMPARABLE when a side has nothing to compare, else null
     * @param failureReason why, for a failure
     * @param metrics       every metric that could be compared, unadjusted, change UNKNOWN
     * @param question      what the cell asks over its gating metrics ({@link Questions#ofCell}); each metric's own
     *                      question is in its {@link MetricVerdict}
     * @param notWorseP     per metric with an interval, the one-sided p of "worse by the fail threshold or more"
     *                      ({@link PairedTest.Result#notWorseP}), unadjusted
     */
    record Analysis(CellKey cell, Verdict failure, String failureReason, List<MetricVerdict> metrics,
                    ClassicVerdict classic, int measuredPairs, MinimalDetectableEffect mde,
                    VarianceComponents components, List<ExcludedIteration> excluded, List<String> warnings,
                    List<CounterChange> counters, ExclusionRule rule, Question question,
                    Map<Metric, Double> notWorseP) {
    }

    static Analysis analyze(CellSamples in, StatsOptions o, boolean adaptive) {
        CellKey cell = in.cell();
        List<String> warnings = new ArrayList<>();
        in.parentFailures().forEach(f -> warnings.add(Role.PARENT.label() + " failure: " + f));
        in.patchFailures().forEach(f -> warnings.add(Role.PATCH.label() + " failure: " + f));
        Map<Integer, IterationSample> parent = byIndex(in.parent());
        Map<Integer, IterationSample> patch = byIndex(in.patch());
        if (parent.isEmpty() && in.parentFailures().isEmpty() || patch.isEmpty() && in.patchFailures().isEmpty()) {
            // No data and no failure: the workload ran on one side only; nothing to compare, nobody to blame.
            return failure(in, o, Verdict.NOT_COMPARABLE, (parent.isEmpty() ? Role.PARENT : Role.PATCH).label()
                    + " has no measured iterations", warnings);
        }
        String parentDown = failed(Role.PARENT, parent, in.parentFailures());
        String patchDown = failed(Role.PATCH, patch, in.patchFailures());
        if (parentDown != null || patchDown != null) {
            Verdict v = parentDown != null && patchDown != null ? Verdict.NOT_COMPARABLE
                    : patchDown != null ? Verdict.NEWLY_FAILING : Verdict.FIXED;
            String why = parentDown == null ? patchDown
                    : patchDown == null ? parentDown : parentDown + "; " + patchDown;
            return failure(in, o, v, why, warnings);
        }
        List<Integer> pairs = new ArrayList<>(parent.keySet());
        pairs.retainAll(patch.keySet());
        List<ExcludedIteration> excluded = new ArrayList<>();
        ExclusionRule rule = rule(in, o);
        pairs = include(pairs, parent, patch, rule, warnings, excluded);
        for (int i : pairs) {
            for (Role side : Role.values()) {
                IterationSample s = (side == Role.PARENT ? parent : patch).get(i);
                if (!s.flags().isEmpty() && !rule.matches(s)) {
                    warnings.add(side.label() + " iteration " + (i + 1) + " is flagged " + String.join(", ", s.flags())
                            + "; kept in the verdict");
                }
            }
        }
        if (pairs.isEmpty()) {
            return failure(in, o, Verdict.NOT_COMPARABLE, "no A/B pair has both sides measured", warnings);
        }
        double confidence = o.confidenceAt(adaptive);
        List<MetricVerdict> metrics = new ArrayList<>();
        Map<Metric, Double> notWorse = new java.util.EnumMap<>(Metric.class);
        long spell = pairs.stream().filter(i -> inSpell(parent.get(i)) || inSpell(patch.get(i))).count();
        if (spell > 0) {
            warnings.add(String.format(Locale.ROOT, "%d of the %d pairs in the verdict were measured in a noisy spell:"
                    + " a change must pass the sign-flip test as well as the t-test, and no change cannot be shown"
                    + " from them", spell, pairs.size()));
        }
        for (Metric m : Metric.values()) {
            MetricVerdict v = compare(m, o.questions().of(cell.workload(), m), pairs, parent, patch, in.patchFirst(),
                    confidence, o.equivalenceLevel(adaptive), o, notWorse, spell > 0);
            if (v != null) {
                metrics.add(v);
            }
        }
        MetricVerdict tps = metrics.stream().filter(v -> v.metric() == Metric.TPS).findFirst().orElseThrow(
                () -> new IllegalStateException(cell + ": pairs with samples but no TPS comparison"));
        if (tps.pairs() < StatsOptions.MIN_ITERATIONS) {
            warnings.add(String.format(Locale.ROOT, "too few pairs: %d in the verdict; an interval and a p-value need"
                    + " at least %d", tps.pairs(), StatsOptions.MIN_ITERATIONS));
        }
        List<IterationSummary> parentIn = pairs.stream().map(i -> IterationSummary.of(parent.get(i))).toList();
        List<IterationSummary> patchIn = pairs.stream().map(i -> IterationSummary.of(patch.get(i))).toList();
        MinimalDetectableEffect mde = DetectableEffect.measured(tps.sdLog(), tps.pairs(), o, adaptive);
        if (mde.warning() != null) {
            warnings.add(mde.warning());
        }
        return new Analysis(cell, null, null, metrics, ClassicVerdict.of(parentIn, patchIn, o), in.pairs(), mde,
                components(pairs, parent, patch), excluded, warnings,
                counters(pairs, parent, patch, in.patchFirst(), confidence, o), rule,
                o.questions().ofCell(cell.workload(), o.metrics()), notWorse);
    }

    /** The exclusion rule of this cell: alternating pairs keep an unsettled warm-up. */
    static ExclusionRule rule(CellSamples in, StatsOptions o) {
        return in.alternating() ? o.exclusion().forAlternating() : o.exclusion();
    }

    private static Analysis failure(CellSamples in, StatsOptions o, Verdict v, String why, List<String> warnings) {
        return new Analysis(in.cell(), v, why, List.of(), null, in.pairs(), null, null, List.of(), warnings,
                List.of(), rule(in, o), o.questions().ofCell(in.cell().workload(), o.metrics()), Map.of());
    }

    /** Whether a start was measured in a noisy spell of the host (its pair read noisy by the host probe). */
    private static boolean inSpell(IterationSample s) {
        return s.flags().contains(SPELL);
    }

    /** The flag of a pair measured in a noisy spell ({@code results.IterationRecord.IterationFlag.NOISY_SPELL}). */
    static final String SPELL = "NOISY_SPELL";

    /**
     * One metric over the pairs where both sides have it; null when no pair has. With an interval, its one-sided
     * p of being worse by the fail threshold or more goes into {@code notWorse}. Pairs measured in a noisy spell
     * ({@code spell}: kept only because too few quiet ones remain) are held to more: their ratios can cluster by
     * chance (a spell's phases land alike on a few pairs: an A/A run in a reproduced spell read 4 pairs at 0.74,
     * spreading 3.5%), so the p-value is the larger of the t-test's and the sign-flip test's, which needs only that
     * the sides are exchangeable (at least 8 pairs one way to reach 0.01), and neither no change nor "not worse"
     * is shown from them.
     */
    private static MetricVerdict compare(Metric m, Question question, List<Integer> pairs,
            Map<Integer, IterationSample> parent, Map<Integer, IterationSample> patch, Set<Integer> patchFirst,
            double confidence, double equivalenceLevel, StatsOptions o, Map<Metric, Double> notWorse,
            boolean spell) {
        LogPairs lp = LogPairs.of(pairs, i -> value(m, parent.get(i)), i -> value(m, patch.get(i)), patchFirst);
        int n = lp.size();
        if (n == 0) {
            return null;
        }
        boolean gates = o.metrics().contains(m);
        if (n < 2) {
            return new MetricVerdict(m, lp.parentLevel(), lp.patchLevel(), FastMath.exp(lp.d()[0]), null, null,
                    confidence, null, null, 1, Double.NaN, Change.UNKNOWN, gates, null, question);
        }
        PairedTest.Result r = PairedTest.of(lp.d(), lp.patchFirst(), confidence, o.seed());
        if (n < StatsOptions.MIN_ITERATIONS) {
            return new MetricVerdict(m, lp.parentLevel(), lp.patchLevel(), r.ratio(), null, null, confidence, null,
                    null, n, r.sdLog(), Change.UNKNOWN, gates, null, question);
        }
        // The margin is the fail threshold on the metric's worse side, as SAME's is the warning threshold on both.
        double f = o.failPct() / 100;
        notWorse.put(m, spell ? 1.0
                : r.notWorseP(m.higherIsBetter() ? FastMath.log1p(-f) : FastMath.log1p(f), m.higherIsBetter()));
        if (spell) {
            return new MetricVerdict(m, lp.parentLevel(), lp.patchLevel(), r.ratio(),
                    r.interval() == null ? r.ratio() : r.interval().low(),
                    r.interval() == null ? r.ratio() : r.interval().high(), confidence,
                    r.interval() == null ? r.signFlipP() : Math.max(r.tP(), r.signFlipP()), null, n, r.sdLog(),
                    Change.UNKNOWN, gates, null, question);
        }
        if (r.interval() == null) {
            // Every pair has the same ratio: the interval is that point, and the sign-flip test (exact,
            // defined without a spread) gives the p-value the t-test cannot.
            return new MetricVerdict(m, lp.parentLevel(), lp.patchLevel(), r.ratio(), r.ratio(), r.ratio(),
                    confidence, r.signFlipP(), null, n, r.sdLog(), Change.UNKNOWN, gates,
                    new PairedTest.Interval(equivalenceLevel, r.ratio(), r.ratio()), question);
        }
        return new MetricVerdict(m, lp.parentLevel(), lp.patchLevel(), r.ratio(), r.interval().low(),
                r.interval().high(), confidence, r.tP(), null, n, r.sdLog(), Change.UNKNOWN, gates,
                r.intervalAtLevel(equivalenceLevel), question);
    }

    /**
     * The pairs where both sides have a value: per pair d = ln(patch / parent) and whether the patch went
     * first, and each side's level, the geometric mean of its values. Metrics and counters are compared on it.
     *
     * @param used the pairs (iteration indexes) it holds, in order
     */
    private record LogPairs(List<Integer> used, double[] d, boolean[] patchFirst, double parentLevel,
                            double patchLevel) {
        static LogPairs of(List<Integer> pairs, IntFunction<Double> parent, IntFunction<Double> patch,
                           Set<Integer> patchFirst) {
            List<Integer> used = new ArrayList<>();
            List<Double> d = new ArrayList<>();
            double parentLog = 0;
            double patchLog = 0;
            for (int i : pairs) {
                Double a = parent.apply(i);
                Double b = patch.apply(i);
                if (a == null || b == null) {
                    continue;
                }
                used.add(i);
                parentLog += FastMath.log(a);
                patchLog += FastMath.log(b);
                d.add(FastMath.log(b) - FastMath.log(a));
            }
            int n = used.size();
            boolean[] order = new boolean[n];
            for (int k = 0; k < n; k++) {
                order[k] = patchFirst.contains(used.get(k));
            }
            return new LogPairs(List.copyOf(used), d.stream().mapToDouble(Double::doubleValue).toArray(), order,
                    FastMath.exp(parentLog / n), FastMath.exp(patchLog / n));
        }

        int size() {
            return used.size();
        }
    }

    /**
     * A start's value of a metric: the trimmed mean of its samples' TPS ({@link TrimmedMean}), or its CPU per
     * transaction; null when it has none.
     */
    private static Double value(Metric m, IterationSample s) {
        return switch (m) {
            case TPS -> TrimmedMean.of(s.samples());
            case CPU_PER_TX -> s.cpuUsPerTx();
            case CS_PER_TX -> s.csPerTx();
        };
    }

    /**
     * Every counter that both sides of at least {@link StatsOptions#MIN_ITERATIONS} pairs have, per
     * transaction, unadjusted and not yet judged; a counter that stayed at 0 everywhere is left out.
     */
    private static List<CounterChange> counters(List<Integer> pairs, Map<Integer, IterationSample> parent,
            Map<Integer, IterationSample> patch, Set<Integer> patchFirst, double confidence, StatsOptions o) {
        java.util.SortedSet<String> names = new java.util.TreeSet<>();
        for (int i : pairs) {
            for (IterationSample s : List.of(parent.get(i), patch.get(i))) {
                if (s.counters() != null) {
                    names.addAll(s.counters().counts().keySet());
                }
            }
        }
        List<CounterChange> out = new ArrayList<>();
        for (String name : names) {
            LogPairs lp = LogPairs.of(pairs, i -> perTransaction(parent.get(i), name),
                    i -> perTransaction(patch.get(i), name), patchFirst);
            boolean counted = lp.used().stream().anyMatch(i -> parent.get(i).counters().counts().get(name) > 0
                    || patch.get(i).counters().counts().get(name) > 0);
            if (lp.size() < StatsOptions.MIN_ITERATIONS || !counted) {
                continue;
            }
            PairedTest.Result r = PairedTest.of(lp.d(), lp.patchFirst(), confidence, o.seed());
            Double low = r.interval() == null ? r.ratio() : r.interval().low();
            Double high = r.interval() == null ? r.ratio() : r.interval().high();
            out.add(new CounterChange(name, lp.parentLevel(), lp.patchLevel(), r.ratio(), low, high,
                    r.interval() == null ? r.signFlipP() : r.tP(), null, lp.size(), false));
        }
        return out;
    }

    private static Double perTransaction(IterationSample s, String counter) {
        return s.counters() == null ? null : s.counters().perTransaction(counter);
    }

    private static Map<Integer, IterationSample> byIndex(List<IterationSample> side) {
        Map<Integer, IterationSample> out = new TreeMap<>();
        side.stream().sorted(Comparator.comparingInt(IterationSample::index)).forEach(s -> out.put(s.index(), s));
        return out;
    }

    /**
     * Why a side has nothing to compare, or null: failures and no iteration, or an iteration whose median
     * TPS is 0 (a stalled engine is a failure, never a number).
     */
    private static String failed(Role side, Map<Integer, IterationSample> its, List<String> failures) {
        if (its.isEmpty()) {
            return side.label() + " failed in all " + failures.size() + " iteration(s); first: " + failures.get(0);
        }
        for (IterationSample s : its.values()) {
            if (new Median().evaluate(s.samples()) <= 0) {
                return side.label() + " iteration " + (s.index() + 1) + " failed: its median TPS is 0 (stalled)";
            }
        }
        return null;
    }

    /** The pairs in the verdict: those with a flagged side go when enough clean pairs remain. */
    private static List<Integer> include(List<Integer> pairs, Map<Integer, IterationSample> parent,
            Map<Integer, IterationSample> patch, ExclusionRule rule, List<String> warnings,
            List<ExcludedIteration> excluded) {
        List<Integer> clean = pairs.stream()
                .filter(i -> !rule.matches(parent.get(i)) && !rule.matches(patch.get(i))).toList();
        int flagged = pairs.size() - clean.size();
        if (flagged == 0) {
            return pairs;
        }
        if (clean.size() >= rule.minRemaining()) {
            for (int i : pairs) {
                for (Role side : Role.values()) {
                    IterationSample s = (side == Role.PARENT ? parent : patch).get(i);
                    if (rule.matches(s)) {
                        excluded.add(new ExcludedIteration(side, i, s.flags()));
                    }
                }
            }
            warnings.add(String.format(Locale.ROOT, "%d of %d A/B pairs left out of the verdict (a side flagged %s)",
                    flagged, pairs.size(), String.join(" or ", rule.flags())));
            return clean;
        }
        warnings.add(String.format(Locale.ROOT, "%d of %d A/B pairs have a side flagged %s but only %d clean pairs"
                + " remain (the rule needs %d): all are kept in the verdict", flagged, pairs.size(),
                String.join(" or ", rule.flags()), clean.size(), rule.minRemaining()));
        return pairs;
    }

    /** Within- and between-start variance of ln TPS, both sides pooled; null when not estimable. */
    private static VarianceComponents components(List<Integer> pairs, Map<Integer, IterationSample> parent,
            Map<Integer, IterationSample> patch) {
        VarianceComponents a = side(pairs, parent);
        VarianceComponents b = side(pairs, patch);
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return VarianceComponents.combine(a, b);
    }

    private static VarianceComponents side(List<Integer> pairs, Map<Integer, IterationSample> its) {
        List<double[]> rows = new ArrayList<>();
        for (int i : pairs) {
            double[] logs = java.util.Arrays.stream(its.get(i).samples()).filter(v -> v > 0).map(FastMath::log)
                    .toArray();
            if (logs.length > 0) {
                rows.add(logs);
            }
        }
        if (rows.size() < 2 || rows.stream().allMatch(r -> r.length < 2)) {
            return null;
        }
        return VarianceComponents.of(rows.toArray(double[][]::new));
    }
}
