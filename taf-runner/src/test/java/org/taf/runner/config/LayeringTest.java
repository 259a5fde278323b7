package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.profile.RuntimeKind;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.warmup.RestOptions;
import org.taf.runner.workload.Workload;

/** Precedence: defaults < includes < profile < file < -D < environment, each value with its origin. */
class LayeringTest {
    @TempDir
    Path dir;

    private Fixture fixture() {
        Fixture f = new Fixture(dir);
        f.write("base.properties",
                "workload.tables = 2",
                "workload.table_size = 500",
                "workload.seed = 7",
                "measure.iterations = 5");
        f.write("more.properties",
                "workload.table_size = 600");
        f.write("profiles/default.properties",
                "profile.runtime = container",
                "profile.engine_cpuset = 1");
        f.write("test.properties",
                "include = base.properties, more.properties",
                "workload.seed = 8",
                "measure.iterations = 4",
                "profile.engine_cpuset = 0");
        return f;
    }

    private static String origin(ResolvedConfig c, String key) {
        return c.find(key).orElseThrow().origin().toString();
    }

    private static String value(ResolvedConfig c, String key) {
        return c.find(key).orElseThrow().value();
    }

    @Test
    void everyLayerOverridesTheOnesBelowIt() {
        Fixture f = fixture().env(Map.of("TAF_MEASURE_ITERATIONS", "9", "PATH", "/usr/bin"));
        Map<String, String> cli = new LinkedHashMap<>();
        cli.put("measure.iterations", "6");
        cli.put("workload.seed", "10");
        ResolvedConfig c = f.resolve("test.properties", cli);

        assertThat(value(c, "workload.threads")).isEqualTo("1,2");
        assertThat(origin(c, "workload.threads")).isEqualTo("default");
        assertThat(value(c, "workload.tables")).isEqualTo("2");
        assertThat(origin(c, "workload.tables")).isEqualTo("include base.properties:1");
        assertThat(value(c, "workload.table_size")).isEqualTo("600");
        assertThat(origin(c, "workload.table_size")).isEqualTo("include more.properties:1");
        assertThat(origin(c, "profile.runtime")).isEqualTo("profile profiles/default.properties:1");
        assertThat(value(c, "profile.engine_cpuset")).isEqualTo("0");
        assertThat(origin(c, "profile.engine_cpuset")).isEqualTo("test.properties:4");
        assertThat(value(c, "workload.seed")).isEqualTo("10");
        assertThat(origin(c, "workload.seed")).isEqualTo("-D");
        assertThat(value(c, "measure.iterations")).isEqualTo("9");
        assertThat(origin(c, "measure.iterations")).isEqualTo("env TAF_MEASURE_ITERATIONS");
        assertThat(c.get(Keys.MEASURE_ITERATIONS)).isEqualTo(9);
        assertThat(c.warnings()).isEmpty();
    }

    @Test
    void aFileOverridesItsOwnIncludesAndNestedIncludesAreRelativeToTheirFile() {
        Fixture f = new Fixture(dir);
        f.write("shared/inner.properties", "workload.tables = 3", "workload.seed = 3");
        f.write("shared/outer.properties", "include = inner.properties", "workload.tables = 4");
        f.write("test.properties", "include = shared/outer.properties");
        ResolvedConfig c = f.resolve("test.properties");
        assertThat(origin(c, "workload.tables")).isEqualTo("include shared/outer.properties:2");
        assertThat(origin(c, "workload.seed")).isEqualTo("include shared/inner.properties:2");
    }

    @Test
    void environmentNamesMapDotsAndUnderscoresAndReachEngineVariables() {
        Fixture f = new Fixture(dir).env(Map.of(
                "TAF_WORKLOAD_TABLE_SIZE", "100000",
                "TAF_ENGINE_INNODB_BUFFER_POOL_SIZE", "2G",
                "TAF_THREADS", "4,8",
                "TAF_WORKLOAD_THREDS", "3",
                "HOME", "/root"));
        f.write("t.properties", "name = t");
        ResolvedConfig c = f.resolve("t.properties");
        assertThat(KeyRegistry.envName("workload.table_size")).isEqualTo("TAF_WORKLOAD_TABLE_SIZE");
        assertThat(c.get(Keys.WORKLOAD_TABLE_SIZE)).isEqualTo(100_000);
        assertThat(value(c, "engine.innodb_buffer_pool_size")).isEqualTo("2G");
        assertThat(origin(c, "engine.innodb_buffer_pool_size")).isEqualTo("env TAF_ENGINE_INNODB_BUFFER_POOL_SIZE");
        assertThat(c.get(Keys.WORKLOAD_THREADS)).containsExactly(4, 8);
        assertThat(origin(c, "workload.threads")).isEqualTo("env TAF_THREADS (as threads)");
        assertThat(c.warnings()).containsExactly("env TAF_WORKLOAD_THREDS: no TAF key is named so; ignored");
    }

    @Test
    void legacyAliasesSetTheCanonicalKeyAndTheOriginSaysSo() {
        Fixture f = new Fixture(dir);
        f.write("legacy.properties",
                "threads = 1,4",
                "taf.duration = 300",
                "iterations = 2",
                "tests = oltp_ro, points-covered-pk",
                "warmup_threads = 3",
                "warmup_duration = 100",
                "db_process_rest_enable = false",
                "db_process_rest_low = 6",
                "db_process_rest_high = 25",
                "db_process_rest_consecutive = 10",
                "db_process_rest_max_attempts = 200",
                "db_process_rest_interval = 2",
                "results_threshold_warning_pct = 2",
                "results_threshold_fail_pct = 4",
                "results_threshold_gain_pct = 6",
                "taf.comments = legacy");
        TestDefinition d = f.load("legacy.properties");
        assertThat(d.threads()).containsExactly(1, 4);
        assertThat(d.measure().duration()).hasSeconds(300);
        assertThat(d.measure().iterations()).isEqualTo(2);
        assertThat(d.tests()).containsExactly(Workload.OLTP_RO, Workload.POINTS_COVERED_PK);
        assertThat(d.warmup().threads()).isEqualTo(3);
        assertThat(d.warmup().settle().max()).hasSeconds(100);
        assertThat(d.rest()).isEqualTo(new RestOptions(false, 6, 25, 10, 200, java.time.Duration.ofSeconds(2)));
        assertThat(d.stats()).as("verdict.*, and TPS and CPU per transaction gating by default")
                .isEqualTo(StatsOptions.defaults().toBuilder().warningPct(2).failPct(4).gainPct(6).build());
        assertThat(d.comments()).isEqualTo("legacy");
        ResolvedConfig c = d.config();
        assertThat(origin(c, "measure.duration")).isEqualTo("legacy.properties:2 (as taf.duration)");
        assertThat(value(c, "measure.duration")).as("explain shows the value read: bare seconds")
                .isEqualTo("300s");
        assertThat(origin(c, "rest.interval")).isEqualTo("legacy.properties:12 (as db_process_rest_interval)");
    }

    @Test
    void aRenamedKeyStillReadsUnderItsOldNameAndSaysTheNewOne() {
        Fixture f = new Fixture(dir).env(Map.of("TAF_PROFILE_JFR", "true"));
        f.write("old.properties", "profile.jfr = true");
        TestDefinition d = f.load("old.properties");
        assertThat(d.measure().jfr()).isTrue();
        assertThat(origin(d.config(), "jfr")).isEqualTo("env TAF_PROFILE_JFR (as profile.jfr)");
        assertThat(d.config().warnings()).containsExactly(
                "old.properties:1: profile.jfr is now called jfr; the old name still works",
                "env TAF_PROFILE_JFR: profile.jfr is now called jfr; the old name still works");
        f.write("new.properties", "jfr = true");
        ResolvedConfig c = new Fixture(dir).resolve("new.properties");
        assertThat(c.get(Keys.JFR)).isTrue();
        assertThat(c.warnings()).isEmpty();
        assertThat(new Fixture(dir).load("new.properties", Map.of("profile.jfr", "false")).measure().jfr())
                .as("-D with the old name overrides the file's new one").isFalse();
    }

    @Test
    void bothNamesOfOneKeyAreAnErrorNamingBoth() {
        Fixture f = new Fixture(dir);
        f.write("both.properties", "jfr = true", "profile.jfr = false");
        assertThatThrownBy(() -> f.resolve("both.properties")).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        "both.properties:2: duplicate key profile.jfr (jfr); first set at line 1 as jfr"));
        f.write("t.properties", "");
        Map<String, String> cli = new LinkedHashMap<>();
        cli.put("jfr", "true");
        cli.put("profile.jfr", "false");
        assertThatThrownBy(() -> f.resolve("t.properties", cli)).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        "-Djfr and -Dprofile.jfr both set jfr; give one of them"));
        Fixture env = new Fixture(dir).env(new java.util.TreeMap<>(Map.of("TAF_JFR", "true", "TAF_PROFILE_JFR", "1")));
        assertThatThrownBy(() -> env.resolve("t.properties")).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        "env TAF_JFR and env TAF_PROFILE_JFR both set jfr; give one of them"));
    }

    @Test
    void aProfileMayNotRecordJfrUnderEitherName() {
        Fixture f = new Fixture(dir);
        f.write("profiles/default.properties", "profile.jfr = true");
        f.write("t.properties", "");
        assertThatThrownBy(() -> f.resolve("t.properties")).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        "profiles/default.properties:1: a profile may set only profile.* keys, not profile.jfr (jfr)"));
    }

    @Test
    void aDurationUnderItsCanonicalNameStillNeedsAUnit() {
        Fixture f = new Fixture(dir);
        f.write("t.properties", "measure.duration = 300");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> f.resolve("t.properties"))
                .hasMessage("t.properties:1: measure.duration = 300: needs a unit (ms, s, m, h), e.g. 300s");
    }

    @Test
    void pathsResolveAgainstTheFileThatSetsThemAndDefaultsAgainstTheWorkingDirectory() {
        Fixture f = new Fixture(dir);
        f.write("sub/inc.properties", "output.site_dir = www");
        f.write("sub/t.properties", "include = inc.properties", "output.results_dir = out", "cache.dir = ~/c");
        ResolvedConfig c = f.resolve("sub/t.properties", Map.of("post.narrative", "n.md"));
        assertThat(c.get(Keys.OUTPUT_RESULTS_DIR)).isEqualTo(dir.resolve("sub/out"));
        assertThat(c.get(Keys.OUTPUT_SITE_DIR)).isEqualTo(dir.resolve("sub/www"));
        assertThat(c.get(Keys.REPOSITORY)).isEqualTo(dir);
        assertThat(c.get(Keys.CACHE_DIR)).isEqualTo(Fixture.USER_HOME.resolve("c"));
        assertThat(c.get(Keys.POST_NARRATIVE)).contains(dir.resolve("n.md"));
        assertThat(c.get(Keys.LAUNCH_JAVA))
                .as("auto: found when a run starts")
                .isEqualTo(org.taf.runner.launch.LaunchOptions.AUTO);
        assertThat(c.get(Keys.NAME)).isEqualTo("t");
    }

    @Test
    void theProfileIsFoundInAParentDirectoryAndMaySetOnlyProfileKeys() {
        Fixture f = new Fixture(dir);
        f.write("profiles/pinned.properties", "profile.engine_cpuset = 1", "workload.threads = 3", "profile = x");
        f.write("examples/t.properties", "profile = pinned");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> f.resolve("examples/t.properties"))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        "profiles/pinned.properties:2: a profile may set only profile.* keys, not workload.threads",
                        "profiles/pinned.properties:3: a profile may set only profile.* keys, not profile"));
        f.write("profiles/pinned.properties", "profile.engine_cpuset = 1");
        ResolvedConfig c = f.resolve("examples/t.properties");
        assertThat(c.profileFile()).contains(dir.resolve("profiles/pinned.properties"));
        assertThat(origin(c, "profile.engine_cpuset")).isEqualTo("profile profiles/pinned.properties:1");
    }

    @Test
    void theProfileCanBeChosenFromTheCommandLine() {
        Fixture f = new Fixture(dir);
        f.write("profiles/a.properties", "profile.runtime = container");
        f.write("t.properties", "");
        ResolvedConfig c = f.resolve("t.properties", Map.of("profile", "a"));
        assertThat(c.get(Keys.PROFILE_RUNTIME)).isEqualTo(RuntimeKind.CONTAINER);
        assertThat(f.resolve("t.properties").profileFile()).isEmpty();
    }

    @Test
    void keepsTheVerbatimTextOfTheFile() throws Exception {
        String text = "# why we run\r\nworkload.threads = 4\n\n  # trailing comment";
        java.nio.file.Files.writeString(dir.resolve("t.properties"), text);
        assertThat(new Fixture(dir).resolve("t.properties").sourceText()).isEqualTo(text);
    }

    @Test
    void aShortWarmUpShortensTheWarmUpDefaultsWithItAndExplainSaysSo() {
        Fixture f = new Fixture(dir);
        f.write("short.properties", "warmup.max = 5s");
        // TAF (perl)'s warm-up key, in plain seconds: such files run as written.
        f.write("perl.properties", "taf.warmup_duration = 4");
        TestDefinition d = f.load("short.properties");
        assertThat(d.warmup().settle().min()).isEqualTo(Duration.ofSeconds(5));
        assertThat(d.warmup().settle().window()).isEqualTo(Duration.ofSeconds(5));
        ResolvedConfig c = f.resolve("short.properties");
        assertThat(value(c, "warmup.min")).isEqualTo("5s");
        assertThat(origin(c, "warmup.min")).isEqualTo("default, shortened to warmup.max");
        assertThat(origin(c, "warmup.window")).isEqualTo("default, shortened to warmup.max");
        assertThat(f.load("perl.properties").warmup().settle().min()).isEqualTo(Duration.ofSeconds(4));
        // One second is too short for the settle test's 3 samples: a fixed warm-up, as TAF (perl) meant it.
        f.write("one.properties", "taf.warmup_duration = 1");
        assertThat(f.load("one.properties").warmup().strategy().describe()).isEqualTo(
                "a fixed warm-up of 1s (too short for a settle test's 3 samples)");
        // A long warm-up leaves the defaults alone.
        f.write("long.properties", "warmup.max = 60s");
        assertThat(origin(f.resolve("long.properties"), "warmup.min")).isEqualTo("default");
        assertThat(value(f.resolve("long.properties"), "warmup.min")).isEqualTo("10s");
    }

    @Test
    void aValueTheUserSetDoesNotYield() {
        Fixture f = new Fixture(dir);
        f.write("both.properties", "warmup.min = 10s", "warmup.max = 5s");
        assertThatThrownBy(() -> f.load("both.properties")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("warmup.min = 10s (both.properties:1) must be <= warmup.max = 5s"
                        + " (both.properties:2)");
    }
}
