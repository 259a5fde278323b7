package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.workload.Workload;

/** Every kind of bad input, with the exact shape of its message; all problems of a load come together. */
class ConfigErrorsTest {
    @TempDir
    Path dir;

    private List<String> problems(Fixture f, String file, Map<String, String> overrides) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> f.load(file, overrides));
        assertThat(t).isInstanceOf(ConfigException.class);
        return ((ConfigException) t).problems();
    }

    private List<String> problems(String... lines) {
        Fixture f = new Fixture(dir);
        f.write("quick.properties", lines);
        return problems(f, "quick.properties", Map.of());
    }

    @Test
    void aMissingFileIsNamed() {
        assertThatThrownBy(() -> new Fixture(dir).load("nope.properties"))
                .isInstanceOf(ConfigException.class).hasMessage("nope.properties: no such file");
        assertThat(ConfigException.class).isAssignableTo(org.taf.runner.TafException.class);
    }

    @Test
    void aBadValueNamesFileLineKeyValueAndRule() {
        assertThat(problems("name = q", "", "", "", "", "", "workload.threads = 0"))
                .containsExactly("quick.properties:7: workload.threads = 0: must be >= 1");
    }

    @Test
    void allProblemsOfAFileAreReportedTogether() {
        assertThat(problems(
                "workload.thread = 2",
                "measure.duration = 10",
                "workload.tests = POINT_SELECT, NOPE",
                "warmup.enabled = perhaps",
                "workload.rand_type = normal",
                "profile.memory_limit = 2GB",
                "workload.threads = 1, 2, 2"))
                .containsExactly(
                        "quick.properties:1: unknown key workload.thread; did you mean workload.threads?",
                        "quick.properties:2: measure.duration = 10: needs a unit (ms, s, m, h), e.g. 10s",
                        "quick.properties:3: workload.tests = POINT_SELECT, NOPE: element 2 (NOPE) must be one of "
                                + String.join(", ", java.util.Arrays.stream(Workload.values())
                                        .map(Workload::tafName).toList()),
                        "quick.properties:4: warmup.enabled = perhaps: must be true or false",
                        "quick.properties:5: workload.rand_type = normal: must be one of uniform, special, gaussian, "
                                + "pareto, zipfian",
                        "quick.properties:6: profile.memory_limit = 2GB: must be a size like 4096, 4K, 128M, 2G or 1T",
                        "quick.properties:7: workload.threads = 1, 2, 2: lists 2 twice");
    }

    @Test
    void unknownKeysGetTheClosestSuggestion() {
        assertThat(problems(
                "warmup.mni = 1s",
                "table_size = 10",
                "Workload.Threads = 2",
                "engine.innodb-buffer-pool-size = 1G",
                "taf.workload.tables = 2",
                "threds = 2",
                "completely.different = 1",
                "comparison.c1.parnt = HEAD"))
                .containsExactly(
                        "quick.properties:1: unknown key warmup.mni; did you mean warmup.min?",
                        "quick.properties:2: unknown key table_size; did you mean workload.table_size?",
                        "quick.properties:3: unknown key Workload.Threads; did you mean workload.threads?",
                        "quick.properties:4: unknown key engine.innodb-buffer-pool-size; did you mean "
                                + "engine.innodb_buffer_pool_size?",
                        "quick.properties:5: unknown key taf.workload.tables; did you mean workload.tables?",
                        "quick.properties:6: unknown key threds; did you mean threads?",
                        "quick.properties:7: unknown key completely.different",
                        "quick.properties:8: unknown key comparison.c1.parnt; did you mean comparison.c1.parent?");
    }

    @Test
    void aDuplicateKeyInOneFileIsAnErrorEvenThroughAnAlias() {
        assertThat(problems("workload.threads = 1", "measure.iterations = 2", "workload.threads = 2", "threads = 4"))
                .containsExactly(
                        "quick.properties:3: duplicate key workload.threads; first set at line 1",
                        "quick.properties:4: duplicate key threads (workload.threads); first set at line 1 as "
                                + "workload.threads");
    }

    @Test
    void aBadAliasValueShowsTheNameAsWritten() {
        assertThat(problems("threads = 0"))
                .containsExactly("quick.properties:1: threads (workload.threads) = 0: must be >= 1");
    }

    @Test
    void overridesAndEnvironmentAreCheckedWithTheirOrigin() {
        Fixture f = new Fixture(dir).env(Map.of("TAF_MEASURE_ITERATIONS", "0"));
        f.write("t.properties", "");
        assertThat(problems(f, "t.properties", Map.of("workload.threads", "0", "workload.thread", "1",
                "include", "x.properties")))
                .containsExactlyInAnyOrder(
                        "-D: workload.threads = 0: must be >= 1",
                        "-D: unknown key workload.thread; did you mean workload.threads?",
                        "-D: include may only be set in a file",
                        "env TAF_MEASURE_ITERATIONS: measure.iterations = 0: must be >= 1");
    }

    @Test
    void includesMustExistAndMustNotCycle() {
        Fixture f = new Fixture(dir);
        f.write("a.properties", "include = b.properties, missing.properties");
        f.write("b.properties", "include = sub/c.properties");
        f.write("sub/c.properties", "workload.seed = 2", "include = ../a.properties");
        assertThat(problems(f, "a.properties", Map.of())).containsExactly(
                "sub/c.properties:2: include a.properties: include cycle a.properties -> b.properties -> "
                        + "sub/c.properties -> a.properties",
                "a.properties:1: include missing.properties: no such file");
    }

    @Test
    void aSelfIncludeIsACycle() {
        assertThat(problems("include = quick.properties")).containsExactly(
                "quick.properties:1: include quick.properties: include cycle quick.properties -> quick.properties");
    }

    @Test
    void aNamedProfileMustExist() {
        assertThat(problems("profile = fast")).containsExactly(
                "quick.properties:1: profile = fast: no profiles/fast.properties next to quick.properties or in a "
                        + "parent directory");
    }

    @Test
    void rulesSpanningKeysNameBothKeysWithTheirOrigins() {
        Fixture f = new Fixture(dir);
        f.write("t.properties",
                "warmup.min = 30s",
                "warmup.max = 20s",
                "rest.low_pct = 20",
                "verdict.fail_pct = 2",
                "workload.range_size = 200",
                "workload.table_size = 100",
                "profile.cpu.min_freq = 3GHz",
                "profile.cpu.max_freq = 2100MHz");
        assertThat(problems(f, "t.properties", Map.of("measure.duration", "1s", "workload.report_interval", "2s")))
                .containsExactly(
                        "warmup.min = 30s (t.properties:1) must be <= warmup.max = 20s (t.properties:2)",
                        "rest.low_pct = 20 (t.properties:3) must be < rest.high_pct = 20 (default)",
                        "verdict.fail_pct = 2 (t.properties:4) must be >= verdict.warning_pct = 3 (default)",
                        "workload.range_size = 200 (t.properties:5) must be <= workload.table_size = 100 "
                                + "(t.properties:6)",
                        "measure.duration = 1s (-D) must be >= workload.report_interval = 2s (-D)",
                        "profile.cpu.min_freq = 3GHz (t.properties:7) must be <= profile.cpu.max_freq = 2100MHz "
                                + "(t.properties:8)");
    }

    @Test
    void referencedFilesAndDirectoriesMustExist() {
        assertThat(problems("repository = nowhere", "post.narrative = story.md", "patch_diff = fix.diff"))
                .containsExactly(
                        "quick.properties:3: patch_diff = fix.diff: no such file (" + dir.resolve("fix.diff") + ")",
                        "quick.properties:1: repository = nowhere: no such directory (" + dir.resolve("nowhere") + ")",
                        "quick.properties:2: post.narrative = story.md: no such file (" + dir.resolve("story.md")
                                + ")");
    }

    @Test
    void aDefaultNameThatIsNotANameAsksForOne() {
        Fixture f = new Fixture(dir);
        f.write("my test.properties", "");
        assertThat(problems(f, "my test.properties", Map.of())).containsExactly(
                "my test.properties: name defaults to my test, which must be letters, digits, '_', '.' or '-'; "
                        + "set name");
    }

    @Test
    void malformedEscapesAndUndecodableFilesAreReported() throws Exception {
        Fixture f = new Fixture(dir);
        f.write("t.properties", "comments = \\u00zz");
        assertThat(problems(f, "t.properties", Map.of())).containsExactly(
                "t.properties:1: malformed \\uXXXX escape: \\u00zz");
        java.nio.file.Files.write(dir.resolve("bin.properties"), new byte[] {'a', '=', (byte) 0xff, (byte) 0xfe});
        assertThat(problems(f, "bin.properties", Map.of())).containsExactly("bin.properties: not UTF-8 text");
    }
}
