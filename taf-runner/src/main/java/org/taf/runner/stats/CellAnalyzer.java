package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.util.FastMath;

/** Computes one cell's summaries, estimate, interval, p-value, classic verdict and MDE. */
final class CellAnalyzer {
    private CellAnalyzer() {}

    static CellAnalysis analyze(CellSamples in, StatsOptions o, boolean adaptive) {
        CellKey cell = in.cell();
        List<IterationSample> parentRaw = sorted(in.parent());
        List<IterationSample> patchRaw = sorted(in.patch());
        List<IterationSummary> parentAll = parentRaw.stream().map(IterationSummary::of).toList();
        List<IterationSummary> patchAll = patchRaw.stream().map(IterationSummary::of).toList();
        List<String> warnings = new ArrayList<>();
        List<ExcludedIteration> excluded = new ArrayList<>();
        in.parentFailures().forEach(f -> warnings.add("parent failure: " + f));
        in.patchFailures().forEach(f -> warnings.add("patch failure: " + f));
        List<IterationSample> parent = include("parent", parentRaw, o.exclusion(), warnings, excluded);
        List<IterationSample> patch = include("patch", patchRaw, o.exclusion(), warnings, excluded);
        int pairs = in.pairs();

        Missing missing = missingSide(in);
        if (missing != null) {
            return failed(cell, parentAll, patchAll, missing.verdict(), missing.side(), missing.reason(), pairs,
                    excluded, warnings);
        }
        List<IterationSummary> parentIn = summariesOf(parent, parentAll);
        List<IterationSummary> patchIn = summariesOf(patch, patchAll);
        String parentZero = zeroTps(parentIn, "parent");
        String patchZero = zeroTps(patchIn, "patch");
        if (parentZero != null || patchZero != null) {
            String why = parentZero == null ? patchZero : patchZero == null ? parentZero : parentZero + "; " + patchZero;
            return failed(cell, parentAll, patchAll, Verdict.FAILED, side(parentZero != null, patchZero != null), why,
                    pairs, excluded, warnings);
        }
        double parentLog = meanLog(parentIn);
        double patchLog = meanLog(patchIn);
        Double ciLow = null;
        Double ciHigh = null;
        if (Math.min(parent.size(), patch.size()) >= StatsOptions.MIN_ITERATIONS) {
            HierarchicalBootstrap.Interval ci = HierarchicalBootstrap.logRatio(parent, patch, o, seed(cell, o));
            ciLow = FastMath.exp(ci.lowLog());
            ciHigh = FastMath.exp(ci.highLog());
        } else {
            warnings.add(String.format(Locale.ROOT, "too few iterations: %d parent and %d patch in the verdict; an"
                    + " interval and a p-value need at least %d per side", parent.size(), patch.size(),
                    StatsOptions.MIN_ITERATIONS));
        }
        RankTest.Result rank = RankTest.mannWhitney(medians(parentIn), medians(patchIn));
        MinimalDetectableEffect mde = DetectableEffect.measured(parentIn, patchIn, o, adaptive);
        if (mde.warning() != null && mde.pct() != null) {
            warnings.add(mde.warning());
        }
        return new CellAnalysis(cell, parentAll, patchAll, null, null, null, FastMath.exp(parentLog),
                FastMath.exp(patchLog), FastMath.exp(patchLog - parentLog), ciLow, ciHigh, rank,
                ClassicVerdict.of(parentIn, patchIn, o), pairs, mde, excluded, warnings, parent.size(), patch.size());
    }

    /** The cell's bootstrap seed: a function of the run's seed and the cell only, so order does not matter. */
    static long seed(CellKey cell, StatsOptions o) {
        return (o.seed() * 1_000_003L + cell.workload().hashCode()) * 1_000_003L + cell.threads();
    }

    private static List<IterationSample> include(String side, List<IterationSample> all, ExclusionRule rule,
            List<String> warnings, List<ExcludedIteration> excluded) {
        List<IterationSample> clean = all.stream().filter(s -> !rule.matches(s)).toList();
        int flagged = all.size() - clean.size();
        for (IterationSample s : all) {
            if (!s.flags().isEmpty() && !rule.matches(s)) {
                warnings.add(side + " iteration " + s.index() + " is flagged " + String.join(", ", s.flags())
                        + "; kept in the verdict");
            }
        }
        if (flagged == 0) {
            return all;
        }
        if (clean.size() >= rule.minRemaining()) {
            for (IterationSample s : all) {
                if (rule.matches(s)) {
                    excluded.add(new ExcludedIteration(side, s.index(), s.flags()));
                }
            }
            warnings.add(String.format(Locale.ROOT, "%d of %d %s iterations left out of the verdict (flagged %s)",
                    flagged, all.size(), side, String.join(" or ", rule.flags())));
            return clean;
        }
        warnings.add(String.format(Locale.ROOT, "%d of %d %s iterations are flagged %s but only %d unflagged remain"
                + " (the rule needs %d): all are kept in the verdict", flagged, all.size(), side,
                String.join(" or ", rule.flags()), clean.size(), rule.minRemaining()));
        return all;
    }

    /** Why a cell has nothing to compare: FAILED when a side recorded failures, else NOT_COMPARABLE. */
    private record Missing(Verdict verdict, String side, String reason) {}

    private static Missing missingSide(CellSamples in) {
        boolean parentFailed = in.parent().isEmpty() && !in.parentFailures().isEmpty();
        boolean patchFailed = in.patch().isEmpty() && !in.patchFailures().isEmpty();
        if (parentFailed || patchFailed) {
            List<String> why = new ArrayList<>();
            if (parentFailed) {
                why.add(allFailed("parent", in.parentFailures()));
            }
            if (patchFailed) {
                why.add(allFailed("patch", in.patchFailures()));
            }
            return new Missing(Verdict.FAILED, side(parentFailed, patchFailed), String.join("; ", why));
        }
        if (in.parent().isEmpty()) {
            return new Missing(Verdict.NOT_COMPARABLE, null, "parent has no measured iterations");
        }
        if (in.patch().isEmpty()) {
            return new Missing(Verdict.NOT_COMPARABLE, null, "patch has no measured iterations");
        }
        return null;
    }

    private static String allFailed(String side, List<String> failures) {
        return side + " failed in all " + failures.size() + " iteration(s); first: " + failures.get(0);
    }

    private static String side(boolean parent, boolean patch) {
        return parent && patch ? "both" : parent ? "parent" : "patch";
    }

    private static String zeroTps(List<IterationSummary> side, String name) {
        for (IterationSummary s : side) {
            if (s.medianTps() <= 0) {
                return name + " iteration " + s.index() + " failed: its median TPS is 0 (stalled)";
            }
        }
        return null;
    }

    private static CellAnalysis failed(CellKey cell, List<IterationSummary> parent, List<IterationSummary> patch,
            Verdict v, String side, String reason, int pairs, List<ExcludedIteration> excluded, List<String> warnings) {
        return new CellAnalysis(cell, parent, patch, v, reason, side, null, null, null, null, null,
                new RankTest.Result(null, "none: " + reason), null, pairs, null, excluded, warnings, 0, 0);
    }

    private static List<IterationSample> sorted(List<IterationSample> side) {
        return side.stream().sorted(Comparator.comparingInt(IterationSample::index)).toList();
    }

    private static List<IterationSummary> summariesOf(List<IterationSample> included, List<IterationSummary> all) {
        return all.stream().filter(s -> included.stream().anyMatch(i -> i.index() == s.index())).toList();
    }

    private static double meanLog(List<IterationSummary> side) {
        double sum = 0;
        for (IterationSummary s : side) {
            sum += FastMath.log(s.medianTps());
        }
        return sum / side.size();
    }

    private static double[] medians(List<IterationSummary> side) {
        return side.stream().mapToDouble(IterationSummary::medianTps).toArray();
    }
}
