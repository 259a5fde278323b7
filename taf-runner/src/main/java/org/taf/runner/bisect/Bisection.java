package org.taf.runner.bisect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.taf.runner.ExitCode;
import org.taf.runner.bisect.BisectRecord.CellResult;
import org.taf.runner.bisect.BisectRecord.CommitRef;
import org.taf.runner.bisect.BisectRecord.Outcome;
import org.taf.runner.bisect.BisectRecord.Step;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.Verdict;

/**
 * The search of a bisect, over commits already resolved: first bad against good (is there a slowdown
 * at all?), then a binary search of the first-parent candidates, each judged against good. A commit
 * judged slower moves the upper end to it, one judged unchanged moves the lower end past it, and any
 * other verdict stops the search with the range it had narrowed to. A commit whose engine tree is
 * good's is unchanged, and one whose engine tree a judged commit has takes that commit's verdict:
 * the same build inputs make the same engine, so that is a fact, not a measurement.
 *
 * <p>Cells: the first step counts every cell, and bad is slower when any cell is (see
 * {@link #verdictOf}). The search then counts only the cells that regressed from good to bad: it looks
 * for the commit that made <em>those</em> slower, and a cell that did not move from good to bad can
 * only stop it for noise.
 */
public final class Bisection {
    /**
     * A commit to judge.
     *
     * @param commit     the commit
     * @param engineTree its engine tree ({@link org.taf.runner.git.EngineTree#of})
     */
    public record Candidate(CommitInfo commit, String engineTree) {
        public Candidate {
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(engineTree, "engineTree");
        }
    }

    /**
     * How the search ended.
     *
     * @param outcome      culprit, no slowdown, inconclusive or failed
     * @param conclusion   one line: {@code culprit: <sha> <subject>}, {@code no slowdown between …},
     *                     {@code inconclusive between X and Y: …}
     * @param rangeAfter   the culprit is after this commit ...
     * @param rangeUpTo    ... and at or before this one
     * @param suspects     commits in that range
     * @param countedCells the cells that decided the search steps
     * @param steps        every commit judged, in order
     */
    public record Ending(Outcome outcome, String conclusion, CommitRef rangeAfter, CommitRef rangeUpTo, int suspects,
                         List<CellKey> countedCells, List<Step> steps) {
        public Ending {
            countedCells = List.copyOf(countedCells);
            steps = List.copyOf(steps);
        }
    }

    private final Candidate good;
    private final List<Candidate> candidates;
    private final Judge judge;
    private final Consumer<Ending> onStep;
    private final List<Step> steps = new ArrayList<>();
    /** The step that judged each engine tree, so a later commit with that tree takes its verdict. */
    private final Map<String, Step> judgedTrees = new HashMap<>();
    private Set<CellKey> counted;
    /** The range so far: the culprit is after position {@code lo} (-1: good) and at or before {@code hi}. */
    private int lo = -1;
    private int hi;

    /**
     * @param good       the baseline
     * @param candidates the first-parent commits after good up to bad, oldest first; bad last
     * @param judge      measures a commit against good
     * @param onStep     told of the evidence so far (outcome UNFINISHED, the new step last) as soon as a step
     *                   is judged, to show progress and keep the evidence of a bisect that is interrupted
     */
    public Bisection(Candidate good, List<Candidate> candidates, Judge judge, Consumer<Ending> onStep) {
        this.good = Objects.requireNonNull(good, "good");
        this.candidates = List.copyOf(candidates);
        this.judge = Objects.requireNonNull(judge, "judge");
        this.onStep = Objects.requireNonNull(onStep, "onStep");
        if (this.candidates.isEmpty()) {
            throw new IllegalArgumentException("a bisect needs at least one commit after good");
        }
    }

    /** Runs the search to its end; once per instance. */
    public Ending run() {
        int badAt = candidates.size() - 1;
        hi = badAt;
        CommitRef goodRef = CommitRef.of(good.commit());
        CommitRef badRef = CommitRef.of(candidates.get(badAt).commit());
        Step first = judge(badAt);
        if (first.failure() == null && slower(first.verdict())) {
            counted = new LinkedHashSet<>();
            first.cells().stream().filter(c -> slower(c.verdict())).map(CellResult::key).forEach(counted::add);
        }
        report();
        if (first.failure() != null) {
            return end(Outcome.FAILED, "cannot tell whether bad " + badRef.label() + " is slower than good "
                    + goodRef.label() + ": " + first.failure());
        }
        Verdict v = first.verdict();
        if (!slower(v)) {
            if (first.sameTreeAs() != null) {
                return end(Outcome.NO_SLOWDOWN, "no slowdown between good " + goodRef.label() + " and bad "
                        + badRef.label() + ": no change in the engine (the same engine tree: the same build inputs"
                        + " make the same engine; nothing measured)");
            }
            if (v == Verdict.NO_CHANGE || v == Verdict.IMPROVED || v == Verdict.FIXED) {
                return end(Outcome.NO_SLOWDOWN, "no slowdown between good " + goodRef.label() + " and bad "
                        + badRef.label() + ": " + numbers(first));
            }
            return end(v == Verdict.NOT_COMPARABLE ? Outcome.FAILED : Outcome.INCONCLUSIVE,
                    "inconclusive: bad " + badRef.label() + " against good " + goodRef.label() + " gave "
                            + numbers(first) + "; no slowdown confirmed, no culprit searched");
        }
        while (hi - lo > 1) {
            int mid = lo + (hi - lo) / 2;
            Step s = judge(mid);
            boolean judged = s.failure() == null;
            if (judged && slower(s.verdict())) {
                hi = mid;
            } else if (judged && s.verdict() == Verdict.NO_CHANGE) {
                lo = mid;
            }
            report();
            if (!judged) {
                return end(Outcome.FAILED, "stopped between " + ref(lo).label() + " and " + ref(hi).label() + ": "
                        + s.commit().label() + " could not be measured: " + s.failure());
            }
            if (!slower(s.verdict()) && s.verdict() != Verdict.NO_CHANGE) {
                return end(s.verdict() == Verdict.NOT_COMPARABLE ? Outcome.FAILED : Outcome.INCONCLUSIVE,
                        "inconclusive between " + ref(lo).label() + " and " + ref(hi).label() + ": mid "
                                + s.commit().label() + " gave " + numbers(s));
            }
        }
        return end(Outcome.CULPRIT, "culprit: " + ref(hi).sha() + " " + ref(hi).subject());
    }

    private List<CellKey> countedCells() {
        return counted == null ? List.of() : List.copyOf(counted);
    }

    /**
     * A step's verdict over its cells, {@code counted} only when given: any cell slower (REGRESSED, or
     * NEWLY_FAILING) makes the step so; every cell NO_CHANGE makes it NO_CHANGE; cells that are all
     * unchanged or better make it IMPROVED; a cell not comparable (and none slower) makes it NOT_COMPARABLE;
     * anything else is INCONCLUSIVE. A counted cell the run did not judge is NOT_COMPARABLE.
     */
    public static Verdict verdictOf(List<CellResult> cells, Set<CellKey> counted) {
        List<Verdict> vs = new ArrayList<>();
        if (counted == null) {
            cells.forEach(c -> vs.add(c.verdict()));
        } else {
            for (CellKey k : counted) {
                vs.add(cells.stream().filter(c -> c.key().equals(k)).map(CellResult::verdict).findFirst()
                        .orElse(Verdict.NOT_COMPARABLE));
            }
        }
        if (vs.contains(Verdict.REGRESSED)) {
            return Verdict.REGRESSED;
        }
        if (vs.contains(Verdict.NEWLY_FAILING)) {
            return Verdict.NEWLY_FAILING;
        }
        if (vs.isEmpty() || vs.contains(Verdict.NOT_COMPARABLE)) {
            return Verdict.NOT_COMPARABLE;
        }
        if (vs.stream().allMatch(x -> x == Verdict.NO_CHANGE)) {
            return Verdict.NO_CHANGE;
        }
        if (vs.stream().allMatch(x -> x == Verdict.NO_CHANGE || x == Verdict.IMPROVED || x == Verdict.FIXED)) {
            return Verdict.IMPROVED;
        }
        return Verdict.INCONCLUSIVE;
    }

    private static boolean slower(Verdict v) {
        return v.exitCode() == ExitCode.REGRESSION;
    }

    /** Judges the candidate at {@code position}: from an engine tree already judged, or measured. */
    private Step judge(int position) {
        Candidate c = candidates.get(position);
        CommitRef ref = CommitRef.of(c.commit());
        int number = steps.size() + 1;
        Step step;
        Step known = judgedTrees.get(c.engineTree());
        if (c.engineTree().equals(good.engineTree())) {
            step = new Step(number, position, ref, c.engineTree(), Verdict.NO_CHANGE, null, null, null, null,
                    CommitRef.of(good.commit()), null, List.of());
        } else if (known != null) {
            step = new Step(number, position, ref, c.engineTree(), known.verdict(), null, null, null, null,
                    known.commit(), null, List.of());
        } else {
            Judge.Measurement m = judge.measure(good.commit(), c.commit(), number);
            if (m.failure() != null) {
                step = new Step(number, position, ref, c.engineTree(), null, null, null, null, m.runId(), null,
                        m.failure(), List.of());
            } else {
                Verdict v = verdictOf(m.cells(), counted);
                CellResult speaker = speaker(m.cells(), v);
                step = new Step(number, position, ref, c.engineTree(), v, speaker.ratio(), speaker.ciLow(),
                        speaker.ciHigh(), m.runId(), null, null, m.cells());
                judgedTrees.put(c.engineTree(), step);
            }
        }
        steps.add(step);
        return step;
    }

    /** Tells the listener of the evidence so far: the steps, the range and the cells that count. */
    private void report() {
        onStep.accept(end(Outcome.UNFINISHED, "unfinished after " + steps.size() + " steps"));
    }

    /**
     * The cell whose numbers stand for the step: among the counted cells with the step's verdict (or all
     * counted cells), the one with the lowest TPS ratio, the slowest.
     */
    private CellResult speaker(List<CellResult> cells, Verdict v) {
        List<CellResult> pool = cells.stream().filter(c -> counted == null || counted.contains(c.key())).toList();
        if (pool.isEmpty()) {
            pool = cells;
        }
        List<CellResult> same = pool.stream().filter(c -> c.verdict() == v).toList();
        return (same.isEmpty() ? pool : same).stream()
                .min(Comparator.comparing(CellResult::ratio, Comparator.nullsLast(Comparator.naturalOrder())))
                .orElseThrow();
    }

    /** {@code REGRESSED 0.554 [0.531, 0.578]}, or the verdict alone when there are no numbers. */
    static String numbers(Step s) {
        if (s.sameTreeAs() != null) {
            return s.verdict() + " (same engine tree as " + s.sameTreeAs().label() + ")";
        }
        if (s.ratio() == null) {
            return String.valueOf(s.verdict());
        }
        return s.verdict() + " " + fmt(s.ratio()) + " ["
                + (s.ciLow() == null ? "?" : fmt(s.ciLow())) + ", " + (s.ciHigh() == null ? "?" : fmt(s.ciHigh()))
                + "]";
    }

    static String fmt(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }

    private CommitRef ref(int position) {
        return CommitRef.of(position < 0 ? good.commit() : candidates.get(position).commit());
    }

    private Ending end(Outcome outcome, String conclusion) {
        return new Ending(outcome, conclusion, ref(lo), ref(hi), hi - lo, countedCells(), steps);
    }
}
