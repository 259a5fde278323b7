package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The single pair, named pairs, per-side engine settings, diffs and sweeps. */
class ComparisonsTest {
    @TempDir
    Path dir;

    private static EngineSettings engine(String... kv) {
        Map<String, String> m = new java.util.TreeMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return EngineSettings.of(m);
    }

    private List<Comparison> comparisons(String... lines) {
        Fixture f = new Fixture(dir);
        f.write("t.properties", lines);
        return f.load("t.properties").comparisons();
    }

    private List<String> problems(String... lines) {
        Fixture f = new Fixture(dir);
        f.write("t.properties", lines);
        return catchThrowableOfType(ConfigException.class, () -> f.load("t.properties")).problems();
    }

    @Test
    void theDefaultIsHeadOneAgainstHead() {
        assertThat(comparisons("engine.innodb_buffer_pool_size = 64M")).containsExactly(new Comparison("default",
                "HEAD~1 vs HEAD", new Side("HEAD~1", Optional.empty(), engine("innodb_buffer_pool_size", "64M")),
                new Side("HEAD", Optional.empty(), engine("innodb_buffer_pool_size", "64M"))));
    }

    @Test
    void theSinglePairMayHavePerSideEngineSettings() {
        Comparison c = comparisons("parent = main", "patch = main", "engine.a = 1", "engine.b = 2",
                "parent.engine.b = 3", "patch.engine.c = 4").get(0);
        assertThat(c.parent().engine()).isEqualTo(engine("a", "1", "b", "3"));
        assertThat(c.patch().engine()).isEqualTo(engine("a", "1", "b", "2", "c", "4"));
        assertThat(c.label()).isEqualTo("main: b=3, c=(default) vs b=2, c=4");
    }

    @Test
    void aPatchDiffIsAppliedOnTheParent() {
        Fixture f = new Fixture(dir);
        f.write("fix.diff", "--- a", "+++ b");
        f.write("t.properties", "parent = v1.0", "patch_diff = fix.diff");
        Comparison c = f.load("t.properties").comparisons().get(0);
        assertThat(c.patch())
                .isEqualTo(new Side("v1.0", Optional.of(dir.resolve("fix.diff")), EngineSettings.of(Map.of())));
        assertThat(c.label()).isEqualTo("v1.0 vs v1.0 + fix.diff");
    }

    @Test
    void patchAndPatchDiffConflict() {
        new Fixture(dir).write("fix.diff", "x");
        assertThat(problems("patch = HEAD", "patch_diff = fix.diff")).containsExactly(
                "t.properties:2: patch_diff and patch (t.properties:1) are both set; a diff is applied on the "
                        + "parent, so set only one");
    }

    @Test
    void namedComparisonsLikeTheMdev37992Run() {
        List<Comparison> cs = comparisons(
                "comparisons = c11_8, c12_3",
                "engine.innodb_buffer_pool_size = 90G",
                "comparison.c11_8.label = 11.8",
                "comparison.c11_8.parent = 14362356d14",
                "comparison.c11_8.patch = db94f391be4e",
                "comparison.c12_3.parent = 5981efcecd8",
                "comparison.c12_3.patch = 4083fbef83c6",
                "comparison.c12_3.patch.engine.innodb_old_blocks_time = 0");
        EngineSettings bp = engine("innodb_buffer_pool_size", "90G");
        assertThat(cs).containsExactly(
                new Comparison("c11_8", "11.8", new Side("14362356d14", Optional.empty(), bp),
                        new Side("db94f391be4e", Optional.empty(), bp)),
                new Comparison("c12_3", "5981efcecd8 vs 4083fbef83c6", new Side("5981efcecd8", Optional.empty(), bp),
                        new Side("4083fbef83c6", Optional.empty(),
                                bp.overlay(engine("innodb_old_blocks_time", "0")))));
    }

    @Test
    void aNamedComparisonInheritsTheTopLevelRevisionsOrItsOwnRevision() {
        List<Comparison> cs = comparisons("parent = v1", "patch = v2", "comparisons = a, b",
                "comparison.a.label = A", "comparison.b.revision = v3", "comparison.b.patch.engine.x = 1");
        assertThat(cs.get(0).parent().revision()).isEqualTo("v1");
        assertThat(cs.get(0).patch().revision()).isEqualTo("v2");
        assertThat(cs.get(1).parent().revision()).isEqualTo("v3");
        assertThat(cs.get(1).patch().revision()).isEqualTo("v3");
        assertThat(cs.get(1).label()).isEqualTo("v3: x=(default) vs x=1");
    }

    @Test
    void aSweepExpandsIntoOneComparisonPerValueAgainstTheFirst() {
        List<Comparison> cs = comparisons("comparisons = bp", "engine.innodb_buffer_pool_size = 1G",
                "comparison.bp.revision = HEAD", "comparison.bp.label = MDEV-15058",
                "comparison.bp.sweep.engine.innodb_buffer_pool_instances = 1, 2, 4, 8");
        Side base = new Side("HEAD", Optional.empty(),
                engine("innodb_buffer_pool_size", "1G", "innodb_buffer_pool_instances", "1"));
        assertThat(cs).extracting(Comparison::name).containsExactly("bp-2", "bp-4", "bp-8");
        assertThat(cs).allSatisfy(c -> assertThat(c.parent()).isEqualTo(base));
        assertThat(cs.get(1).patch().engine())
                .isEqualTo(engine("innodb_buffer_pool_size", "1G", "innodb_buffer_pool_instances", "4"));
        assertThat(cs.get(2).label())
                .isEqualTo("MDEV-15058: HEAD: innodb_buffer_pool_instances=1 vs innodb_buffer_pool_instances=8");
    }

    @Test
    void sweepMistakesAreReported() {
        assertThat(problems("comparisons = s", "comparison.s.sweep.engine.x = 1, 2")).containsExactly(
                "t.properties:2: comparison.s.sweep.engine.x needs comparison.s.revision (the commit the sweep "
                        + "runs on)");
        assertThat(problems("comparisons = s", "comparison.s.revision = HEAD", "comparison.s.patch = v2",
                "comparison.s.sweep.engine.x = 1, 2", "comparison.s.sweep.engine.y = 1, 2")).containsExactly(
                "t.properties:5: comparison.s.sweep.engine.y: comparison s already sweeps comparison.s.sweep.engine.x;"
                        + " a comparison sweeps one variable",
                "t.properties:3: comparison.s.patch cannot be combined with the sweep comparison.s.sweep.engine.x "
                        + "(t.properties:4); a sweep runs on comparison.s.revision");
        assertThat(problems("comparisons = s", "comparison.s.revision = HEAD", "comparison.s.sweep.engine.x = 1"))
                .containsExactly("t.properties:3: comparison.s.sweep.engine.x = 1: needs at least 2 values");
    }

    @Test
    void comparisonKeysMustNameADeclaredComparison() {
        assertThat(problems("comparisons = c11_8, c12_3", "comparison.c11_8.parent = a",
                "comparison.c11_9.patch = b", "parent.engine.x = 1", "comparison.c12_3.label = x"))
                .containsExactly(
                        "t.properties:4: parent.engine.x applies to the single comparison; with comparisons use "
                                + "comparison.<name>.parent.engine.x",
                        "t.properties:3: comparison.c11_9.patch: no comparison named c11_9 in comparisons (c11_8, "
                                + "c12_3); did you mean c11_8?");
        assertThat(problems("comparison.x.parent = a")).containsExactly(
                "t.properties:1: comparison.x.parent: no comparison named x (comparisons is empty)");
        assertThat(problems("comparisons = a, b", "comparison.a.parent = v1")).containsExactly(
                "t.properties:1: comparisons names b but no comparison.b.* key is set");
    }

    @Test
    void sweepStepsMayNotCollideWithOtherComparisonNames() {
        assertThat(problems("comparisons = s, s-2", "comparison.s.revision = HEAD",
                "comparison.s.sweep.engine.x = 1, 2", "comparison.s-2.parent = a")).containsExactly(
                "t.properties:1: two comparisons are named s-2 (a sweep step and another comparison); rename one");
    }

    @Test
    void singlePairKeysAreRejectedNextToNamedComparisons() {
        new Fixture(dir).write("fix.diff", "x");
        assertThat(problems("comparisons = a", "comparison.a.parent = v1", "patch_diff = fix.diff",
                "patch.engine.x = 1")).containsExactly(
                "t.properties:3: patch_diff applies to the single comparison; with comparisons use "
                        + "comparison.<name>.patch_diff",
                "t.properties:4: patch.engine.x applies to the single comparison; with comparisons use "
                        + "comparison.<name>.patch.engine.x");
    }
}
