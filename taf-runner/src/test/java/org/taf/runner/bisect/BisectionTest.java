package org.taf.runner.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.taf.runner.bisect.BisectRecord.CellResult;
import org.taf.runner.bisect.BisectRecord.Outcome;
import org.taf.runner.bisect.BisectRecord.Step;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.Verdict;

/** The search alone, with a fake judge: a function from commit to verdict. */
class BisectionTest {
    /** good, then c1..c8; bad is c8. */
    private static final CommitInfo GOOD = commit(0);
    private static final List<CommitInfo> RANGE = List.of(commit(1), commit(2), commit(3), commit(4), commit(5),
            commit(6), commit(7), commit(8));

    private static CommitInfo commit(int n) {
        String sha = String.format("%07x", 0xabc000 + n) + "0".repeat(33);
        return new CommitInfo(sha, sha.substring(0, 7), "commit " + n, "commit " + n, "A", "a@example.org",
                Instant.EPOCH, Instant.EPOCH, List.of());
    }

    private static int number(CommitInfo c) {
        return Integer.parseInt(c.subject().substring("commit ".length()));
    }

    /** A judge from commit number to one POINT_SELECT cell; counts what it measured. */
    private static final class FakeJudge implements Judge {
        final Function<Integer, CellResult> cell;
        final List<Integer> measured = new ArrayList<>();

        FakeJudge(Function<Integer, CellResult> cell) {
            this.cell = cell;
        }

        @Override
        public Measurement measure(CommitInfo good, CommitInfo commit, int step) {
            assertThat(good).isEqualTo(GOOD);
            measured.add(number(commit));
            return new Measurement("run-" + number(commit), List.of(cell.apply(number(commit))), null);
        }
    }

    private static CellResult cell(Verdict v, double ratio, double low, double high) {
        return new CellResult("POINT_SELECT", 2, v, ratio, low, high);
    }

    private static CellResult slowFrom(int culprit, int n) {
        return n >= culprit ? cell(Verdict.REGRESSED, 0.55, 0.52, 0.58) : cell(Verdict.NO_CHANGE, 1.0, 0.98, 1.02);
    }

    /** Every commit its own engine tree. */
    private static Bisection.Ending bisect(Judge judge) {
        return bisect(judge, n -> "tree" + n);
    }

    private static Bisection.Ending bisect(Judge judge, Function<Integer, String> tree) {
        List<Bisection.Candidate> candidates = RANGE.stream()
                .map(c -> new Bisection.Candidate(c, tree.apply(number(c)))).toList();
        List<Step> seen = new ArrayList<>();
        Bisection.Ending end = new Bisection(new Bisection.Candidate(GOOD, tree.apply(0)), candidates, judge, soFar -> {
            assertThat(soFar.outcome()).isEqualTo(Outcome.UNFINISHED);
            assertThat(soFar.steps()).hasSize(seen.size() + 1);
            assertThat(soFar.steps().subList(0, seen.size())).isEqualTo(seen);
            seen.add(soFar.steps().get(seen.size()));
        }).run();
        assertThat(seen).as("every step reported as it is judged").isEqualTo(end.steps());
        return end;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void findsTheCulpritAtEveryPositionInThreeSearchSteps(int culprit) {
        FakeJudge judge = new FakeJudge(n -> slowFrom(culprit, n));
        Bisection.Ending end = bisect(judge);
        assertThat(end.outcome()).isEqualTo(Outcome.CULPRIT);
        assertThat(end.rangeUpTo().sha()).isEqualTo(commit(culprit).sha());
        assertThat(end.rangeAfter().sha()).isEqualTo(commit(culprit - 1).sha());
        assertThat(end.suspects()).isEqualTo(1);
        assertThat(end.conclusion()).isEqualTo("culprit: " + commit(culprit).sha() + " commit " + culprit);
        assertThat(judge.measured.get(0)).as("first: bad against good").isEqualTo(8);
        assertThat(judge.measured).as("bad, then log2(8) mids").hasSize(4).doesNotHaveDuplicates();
        assertThat(end.steps().get(0).runId()).isEqualTo("run-8");
        assertThat(end.steps().get(0).ratio()).isEqualTo(0.55);
        assertThat(end.countedCells()).containsExactly(new CellKey("POINT_SELECT", 2));
    }

    @Test
    void noSlowdownFromGoodToBadStopsAfterOneStepAndSaysSo() {
        FakeJudge judge = new FakeJudge(n -> cell(Verdict.NO_CHANGE, 1.003, 0.981, 1.026));
        Bisection.Ending end = bisect(judge);
        assertThat(end.outcome()).isEqualTo(Outcome.NO_SLOWDOWN);
        assertThat(end.outcome().exitCode().code()).isZero();
        assertThat(end.conclusion()).isEqualTo("no slowdown between good " + GOOD.label() + " and bad "
                + RANGE.get(7).label() + ": NO_CHANGE 1.003 [0.981, 1.026]");
        assertThat(judge.measured).containsExactly(8);
        assertThat(end.suspects()).isEqualTo(8);
    }

    @Test
    void anImprovementIsNoSlowdownEither() {
        Bisection.Ending end = bisect(new FakeJudge(n -> cell(Verdict.IMPROVED, 1.2, 1.1, 1.3)));
        assertThat(end.outcome()).isEqualTo(Outcome.NO_SLOWDOWN);
        assertThat(end.conclusion()).endsWith(": IMPROVED 1.200 [1.100, 1.300]");
    }

    @Test
    void anInconclusiveFirstStepConfirmsNothingAndSearchesNothing() {
        FakeJudge judge = new FakeJudge(n -> cell(Verdict.INCONCLUSIVE, 0.97, 0.93, 1.01));
        Bisection.Ending end = bisect(judge);
        assertThat(end.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(end.outcome().exitCode().code()).isEqualTo(2);
        assertThat(end.conclusion()).isEqualTo("inconclusive: bad " + RANGE.get(7).label() + " against good "
                + GOOD.label() + " gave INCONCLUSIVE 0.970 [0.930, 1.010]; no slowdown confirmed, no culprit searched");
        assertThat(judge.measured).containsExactly(8);
    }

    @Test
    void anInconclusiveMidStopsWithTheRangeNarrowedSoFar() {
        // Slow from c6 on; c6 itself measures inconclusive. Search: c4 unchanged, then c6 stops it.
        FakeJudge judge = new FakeJudge(n -> n == 6 ? cell(Verdict.INCONCLUSIVE, 0.97, 0.93, 1.01) : slowFrom(6, n));
        Bisection.Ending end = bisect(judge);
        assertThat(judge.measured).containsExactly(8, 4, 6);
        assertThat(end.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(end.rangeAfter().sha()).isEqualTo(commit(4).sha());
        assertThat(end.rangeUpTo().sha()).isEqualTo(commit(8).sha());
        assertThat(end.suspects()).isEqualTo(4);
        assertThat(end.conclusion()).isEqualTo("inconclusive between " + commit(4).label() + " and "
                + commit(8).label() + ": mid " + commit(6).label() + " gave INCONCLUSIVE 0.970 [0.930, 1.010]");
    }

    @Test
    void anImprovedMidStopsTooForItIsNeitherGoodNorBad() {
        FakeJudge judge = new FakeJudge(n -> n == 4 ? cell(Verdict.IMPROVED, 1.1, 1.05, 1.15) : slowFrom(2, n));
        Bisection.Ending end = bisect(judge);
        assertThat(end.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(end.conclusion()).contains("mid " + commit(4).label() + " gave IMPROVED 1.100");
        assertThat(end.rangeAfter().sha()).isEqualTo(GOOD.sha());
    }

    @Test
    void aCommitThatCannotBeMeasuredStopsTheSearchAsAFailure() {
        Judge judge = (good, c, step) -> number(c) == 4 ? Judge.Measurement.failed("run-4", "build of x failed")
                : new Judge.Measurement("run", List.of(slowFrom(2, number(c))), null);
        Bisection.Ending end = bisect(judge);
        assertThat(end.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(end.outcome().exitCode().code()).isEqualTo(3);
        assertThat(end.conclusion()).isEqualTo("stopped between " + GOOD.label() + " and " + commit(8).label() + ": "
                + commit(4).label() + " could not be measured: build of x failed");
        assertThat(end.steps().get(1).failure()).isEqualTo("build of x failed");
        assertThat(end.steps().get(1).runId()).isEqualTo("run-4");
    }

    @Test
    void commitsWithAJudgedEngineTreeTakeItsVerdictUnmeasured() {
        // Engine trees: c1, c2 are good's (text changes); c3 slows the engine; c4, c5 share its tree;
        // c6 changes the engine again (a comment); c7, c8 share that.
        Map<Integer, String> trees = new HashMap<>(Map.of(0, "G", 1, "G", 2, "G", 3, "S", 4, "S", 5, "S"));
        trees.putAll(Map.of(6, "C", 7, "C", 8, "C"));
        FakeJudge judge = new FakeJudge(n -> slowFrom(3, n));
        Bisection.Ending end = bisect(judge, trees::get);
        assertThat(end.outcome()).isEqualTo(Outcome.CULPRIT);
        assertThat(end.rangeUpTo().sha()).isEqualTo(commit(3).sha());
        // Measured: bad (tree C) and c4 (tree S); c2 is good's tree, c3 is c4's.
        assertThat(judge.measured).containsExactly(8, 4);
        assertThat(end.steps()).extracting(s -> number(RANGE.get(s.position())) + ":" + s.verdict() + ":"
                + (s.sameTreeAs() == null ? "measured" : "as " + s.sameTreeAs().subject()))
                .containsExactly("8:REGRESSED:measured", "4:REGRESSED:measured", "2:NO_CHANGE:as commit 0",
                        "3:REGRESSED:as commit 4");
        assertThat(end.steps().get(2).runId()).isNull();
        assertThat(end.steps().get(2).ratio()).isNull();
    }

    @Test
    void badWithGoodsEngineTreeIsNoChangeInTheEngineAndNothingIsMeasured() {
        FakeJudge judge = new FakeJudge(n -> {
            throw new AssertionError("nothing to measure");
        });
        Bisection.Ending end = bisect(judge, n -> "same");
        assertThat(end.outcome()).isEqualTo(Outcome.NO_SLOWDOWN);
        assertThat(end.conclusion()).isEqualTo("no slowdown between good " + GOOD.label() + " and bad "
                + RANGE.get(7).label() + ": no change in the engine (the same engine tree: the same build inputs make"
                + " the same engine; nothing measured)");
        assertThat(end.steps()).singleElement().satisfies(s -> assertThat(s.sameTreeAs().sha()).isEqualTo(GOOD.sha()));
    }

    @Test
    void theSearchCountsOnlyTheCellsThatRegressedFromGoodToBad() {
        // Two cells: 1 thread regresses from c5 on; 8 threads is inconclusive everywhere, noise.
        Judge judge = (good, c, step) -> new Judge.Measurement("run-" + number(c), List.of(
                number(c) >= 5 ? new CellResult("POINT_SELECT", 1, Verdict.REGRESSED, 0.6, 0.55, 0.65)
                        : new CellResult("POINT_SELECT", 1, Verdict.NO_CHANGE, 1.0, 0.98, 1.02),
                new CellResult("POINT_SELECT", 8, Verdict.INCONCLUSIVE, 0.96, 0.9, 1.02)), null);
        Bisection.Ending end = bisect(judge);
        assertThat(end.outcome()).isEqualTo(Outcome.CULPRIT);
        assertThat(end.rangeUpTo().sha()).isEqualTo(commit(5).sha());
        assertThat(end.countedCells()).containsExactly(new CellKey("POINT_SELECT", 1));
        assertThat(end.steps().get(1).cells()).as("every cell kept in the evidence").hasSize(2);
    }

    @Test
    void aStepsVerdictOverItsCells() {
        CellResult noChange = cell(Verdict.NO_CHANGE, 1, 0.99, 1.01);
        CellResult better = new CellResult("OLTP_RO", 1, Verdict.IMPROVED, 1.2, 1.1, 1.3);
        CellResult worse = new CellResult("OLTP_RW", 1, Verdict.REGRESSED, 0.8, 0.7, 0.9);
        CellResult unsure = new CellResult("OLTP_WO", 1, Verdict.INCONCLUSIVE, 0.97, 0.9, 1.03);
        CellResult crash = new CellResult("INSERT", 1, Verdict.NEWLY_FAILING, null, null, null);
        assertThat(Bisection.verdictOf(List.of(noChange, unsure, worse), null)).isEqualTo(Verdict.REGRESSED);
        assertThat(Bisection.verdictOf(List.of(noChange, crash), null)).isEqualTo(Verdict.NEWLY_FAILING);
        assertThat(Bisection.verdictOf(List.of(noChange, noChange), null)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(Bisection.verdictOf(List.of(noChange, better), null)).isEqualTo(Verdict.IMPROVED);
        assertThat(Bisection.verdictOf(List.of(noChange, unsure), null)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Bisection.verdictOf(List.of(unsure, worse), Set.of(unsure.key()))).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Bisection.verdictOf(List.of(noChange), Set.of(worse.key())))
                .as("a counted cell the run did not judge").isEqualTo(Verdict.NOT_COMPARABLE);
    }
}
