package org.taf.runner.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folded-stacks model and its text form. */
class CollapsedStacksTest {
    @TempDir
    Path dir;

    private static CollapsedStacks sample() {
        return CollapsedStacks.builder().add(List.of("main", "a", "b"), 3).add("main;a", 2).add("main;c", 5)
                .add("main;a;b", 1).add("main;c;c", 0.25).build();
    }

    @Test
    void theTextFormIsSortedAndReadsBackEqual() throws Exception {
        CollapsedStacks s = sample();
        assertThat(s.format()).isEqualTo("main;a 2\nmain;a;b 4\nmain;c 5\nmain;c;c 0.25\n");
        assertThat(CollapsedStacks.parse(s.format())).isEqualTo(s);
        Path file = dir.resolve("cpu.folded");
        s.write(file);
        assertThat(CollapsedStacks.read(file)).isEqualTo(s);
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
            assertThat(CollapsedStacks.parse(s.format())).as("seed %d round %d", seed, round).isEqualTo(s);
            assertThat(s.format()).as("seed %d round %d", seed, round).doesNotContain("E");
        }
    }

    @Test
    void parsingSumsRepeatedStacksSkipsBlankLinesAndNamesABadLine() throws Exception {
        assertThat(CollapsedStacks.parse("a;b 1\n\na;b 2\r\nc 0\n").format()).isEqualTo("a;b 3\n");
        assertThatThrownBy(() -> CollapsedStacks.parse("a;b 1\na;b\n")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("line 2:");
        assertThatThrownBy(() -> CollapsedStacks.parse("a;b -1\n")).hasMessageContaining("line 1:");
        assertThatThrownBy(() -> CollapsedStacks.parse("a;b 1e3\n")).hasMessageContaining("plain decimal");
        assertThatThrownBy(() -> CollapsedStacks.parse("a;;b 1\n")).hasMessageContaining("non-empty");
        Path bad = Files.writeString(dir.resolve("bad.folded"), "a 1\nb x\n");
        assertThatThrownBy(() -> CollapsedStacks.read(bad)).isInstanceOf(FlameException.class)
                .hasMessage(bad + ": line 2: expected 'frame;frame;... weight' with a plain decimal weight, got 'b x'");
        assertThatThrownBy(() -> CollapsedStacks.read(dir.resolve("none.folded"))).isInstanceOf(FlameException.class)
                .hasMessageContaining("none.folded do not exist");
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
        CollapsedStacks a = CollapsedStacks.parse("x;y 2\nx 1\n");
        CollapsedStacks b = CollapsedStacks.parse("x;y 3\nz 4\n");
        assertThat(a.merge(b).format()).isEqualTo("x 1\nx;y 5\nz 4\n");
        assertThat(a.merge(b)).isEqualTo(b.merge(a));
        assertThat(a.merge(CollapsedStacks.EMPTY)).isEqualTo(a);
        assertThat(a.scale(0.5).format()).isEqualTo("x 0.5\nx;y 1\n");
        assertThat(a.format()).isEqualTo("x 1\nx;y 2\n");
        assertThatThrownBy(() -> a.scale(0)).hasMessageContaining("must be finite and > 0");
        assertThat(CollapsedStacks.EMPTY.total()).isZero();
    }

    @Test
    void topFramesBySelfAndByTotalCountARecursiveFrameOncePerStack() {
        CollapsedStacks s = sample(); // main;a 2, main;a;b 4, main;c 5, main;c;c 0.25
        assertThat(s.topBySelf(2)).containsExactly(new CollapsedStacks.FrameWeight("c", 5.25, 5.25),
                new CollapsedStacks.FrameWeight("b", 4, 4));
        assertThat(s.topByTotal(3)).containsExactly(new CollapsedStacks.FrameWeight("main", 0, 11.25),
                new CollapsedStacks.FrameWeight("a", 2, 6), new CollapsedStacks.FrameWeight("c", 5.25, 5.25));
        assertThat(s.topBySelf(100)).hasSize(4);
        // ties: by name
        assertThat(CollapsedStacks.parse("r;b 1\nr;a 1\n").topBySelf(2)).extracting(CollapsedStacks.FrameWeight::frame)
                .containsExactly("a", "b");
    }
}
