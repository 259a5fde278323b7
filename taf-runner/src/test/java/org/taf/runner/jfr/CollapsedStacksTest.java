package org.taf.runner.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The folded-stacks model. */
class CollapsedStacksTest {
    private static CollapsedStacks sample() {
        return CollapsedStacks.builder().add(List.of("main", "a", "b"), 3).add("main;a", 2).add("main;c", 5)
                .add("main;a;b", 1).add("main;c;c", 0.25).build();
    }

    @Test
    void stacksAreSortedAndSummed() {
        CollapsedStacks s = sample();
        assertThat(FoldedText.format(s)).isEqualTo("main;a 2\nmain;a;b 4\nmain;c 5\nmain;c;c 0.25\n");
        assertThat(s.size()).isEqualTo(4);
        assertThat(s.total()).isEqualTo(11.25);
    }

    @Test
    void randomStacksAndWeightsSurviveTheRoundTripExactly() {
        long seed = 20261201L;
        Random r = new Random(seed);
        String[] frames = {"java.lang.Thread.run", "a.B.c", "x.Y$Z.lambda$run$0", "[park q.R]", "d e.f", "ü.Ω.m"};
        for (int round = 0; round < 200; round++) {
            CollapsedStacks.Builder b = CollapsedStacks.builder();
            for (int i = 0; i < 20; i++) {
                List<String> stack = r.ints(1 + r.nextInt(6), 0, frames.length).mapToObj(j -> frames[j]).toList();
                b.add(stack, r.nextBoolean() ? r.nextInt(1000) : r.nextDouble() * Math.pow(10, r.nextInt(20) - 10));
            }
            CollapsedStacks s = b.build();
            assertThat(FoldedText.parse(FoldedText.format(s))).as("seed %d round %d", seed, round).isEqualTo(s);
            assertThat(FoldedText.format(s)).as("seed %d round %d", seed, round).doesNotContain("E");
        }
    }

    @Test
    void framesMayNotBreakTheFormat() {
        CollapsedStacks.Builder b = CollapsedStacks.builder();
        assertThatThrownBy(() -> b.add(List.of("a;b"), 1)).hasMessageContaining("without ';'");
        assertThatThrownBy(() -> b.add(List.of("a\nb"), 1)).hasMessageContaining("line break");
        assertThatThrownBy(() -> b.add(List.of(), 1)).hasMessageContaining("at least one frame");
        assertThatThrownBy(() -> b.add(List.of("a"), Double.NaN)).hasMessageContaining("finite");
    }

    @Test
    void mergeAddsScaleMultipliesAndNeitherChangesTheOriginal() {
        CollapsedStacks a = FoldedText.parse("x;y 2\nx 1\n");
        CollapsedStacks b = FoldedText.parse("x;y 3\nz 4\n");
        assertThat(FoldedText.format(a.merge(b))).isEqualTo("x 1\nx;y 5\nz 4\n");
        assertThat(a.merge(b)).isEqualTo(b.merge(a));
        assertThat(a.merge(CollapsedStacks.EMPTY)).isEqualTo(a);
        assertThat(FoldedText.format(a.scale(0.5))).isEqualTo("x 0.5\nx;y 1\n");
        assertThat(FoldedText.format(a)).isEqualTo("x 1\nx;y 2\n");
        assertThatThrownBy(() -> a.scale(0)).hasMessageContaining("must be finite and > 0");
        assertThat(CollapsedStacks.EMPTY.total()).isZero();
    }

    @Test
    void framesBySelfAndTotalWeightCountARecursiveFrameOncePerStack() {
        CollapsedStacks s = sample(); // main;a 2, main;a;b 4, main;c 5, main;c;c 0.25
        assertThat(s.topBySelf(2)).containsExactly(new CollapsedStacks.FrameWeight("c", 5.25, 5.25),
                new CollapsedStacks.FrameWeight("b", 4, 4));
        assertThat(s.frames().get("main")).isEqualTo(new CollapsedStacks.FrameWeight("main", 0, 11.25));
        assertThat(s.frames().get("a")).isEqualTo(new CollapsedStacks.FrameWeight("a", 2, 6));
        assertThat(s.topBySelf(100)).hasSize(4);
        // ties: by name
        assertThat(FoldedText.parse("r;b 1\nr;a 1\n").topBySelf(2)).extracting(CollapsedStacks.FrameWeight::frame)
                .containsExactly("a", "b");
    }
}
