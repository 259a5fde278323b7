package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.launch.LaunchOptions;
import org.taf.runner.profile.CpuIdle;
import org.taf.runner.profile.CpuToggle;
import org.taf.runner.profile.ProfileOptions;
import org.taf.runner.profile.RuntimeKind;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.stats.ExclusionRule;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.warmup.RestOptions;
import org.taf.runner.warmup.SettleOptions;
import org.taf.runner.warmup.WarmupOptions;
import org.taf.runner.warmup.WarmupSignal;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.RandType;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.WorkloadOptions;

/** The typed result: every group of settings, defaults and derived values. */
class TestDefinitionTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAreTypedAsDocumented() {
        Fixture f = new Fixture(dir);
        f.write("d.properties", "");
        TestDefinition d = f.load("d.properties");
        assertThat(d.name()).isEqualTo("d");
        assertThat(d.comments()).isEmpty();
        assertThat(d.repository()).isEqualTo(dir);
        assertThat(d.cacheDir()).isEqualTo(Fixture.USER_HOME.resolve(".cache/taf"));
        assertThat(d.engine().asMap()).isEmpty();
        assertThat(d.tests()).containsExactly(Workload.POINT_SELECT);
        assertThat(d.threads()).containsExactly(1, 2);
        assertThat(d.workload()).isEqualTo(new WorkloadOptions(4, 10_000, RandType.UNIFORM, 100, 100, 10, 1, 1, 1, 1,
                1, 1, 1, 10, 5, 1, Duration.ofSeconds(1), new ConnectionSettings("127.0.0.1", 3306, "root", "",
                "sbtest"), 2, true, true, org.taf.runner.workload.tprocc.TproccScale.STANDARD));
        assertThat(d.measure()).isEqualTo(new MeasureSettings(Duration.ofSeconds(30), 3, MeasureOrder.BALANCED, 1,
                MeasureMode.AUTO, 3, Duration.ofMillis(500), true, false));
        assertThat(d.warmup()).isEqualTo(new WarmupOptions(true, WarmupSignal.TPS, 2, new SettleOptions(
                Duration.ofSeconds(10), Duration.ofSeconds(1), 5, 2, Duration.ofSeconds(10), Duration.ofSeconds(120)),
                5));
        assertThat(d.rest()).isEqualTo(new RestOptions(true, 5, 20, 5, 120, Duration.ofSeconds(1)));
        assertThat(d.build().command()).isEqualTo(org.taf.runner.build.BuildSpec.DEFAULT_COMMAND);
        assertThat(d.build().timeout()).isEqualTo(Duration.ofMinutes(15));
        assertThat(d.build().artifactPath()).isEqualTo("engine/target/engine.jar");
        assertThat(d.build()).as("the key registry's defaults are the build's").isEqualTo(BuildSpec.defaults());
        assertThat(d.launch()).isEqualTo(new LaunchOptions(Duration.ofSeconds(60), Duration.ofSeconds(30), 0,
                LaunchOptions.AUTO, List.of(), false, Duration.ofSeconds(10)));
        assertThat(d.profile()).isEqualTo(new ProfileOptions("default", RuntimeKind.PROCESS, Optional.empty(),
                Optional.empty(), OptionalLong.empty(), Optional.empty(), OptionalLong.empty(), OptionalLong.empty(),
                CpuToggle.UNCHANGED, CpuToggle.UNCHANGED, CpuIdle.UNCHANGED, false, Optional.empty(),
                NoiseThresholds.DEFAULT));
        assertThat(d.profile().changesCpu()).isFalse();
        assertThat(d.output()).isEqualTo(new OutputSettings(dir.resolve("results"), dir.resolve("site"), false, true,
                Optional.of("jdbc:sqlite:" + Fixture.USER_HOME.resolve(".local/share/taf/results.db")), ""));
        // Not for publishing unless the definition says so: the post goes into the local site.
        assertThat(d.output().postSiteDir()).isEqualTo(dir.resolve("results/site"));
        assertThat(d.post()).isEqualTo(new PostSettings(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), java.util.List.of()));
        assertThat(d.stats()).isEqualTo(new StatsOptions(0.95, 3, 5, 5, 0.05, 0.8, 1, ExclusionRule.DEFAULT, 3, 20,
                Duration.ofMinutes(10), List.of(Metric.TPS, Metric.CPU_PER_TX), 10,
                        org.taf.runner.stats.Questions.EQUIVALENCE, true));
        assertThat(d.file()).isEqualTo(dir.resolve("d.properties"));
    }

    @Test
    void everyGroupIsFilledFromItsKeys() {
        Fixture f = new Fixture(dir);
        f.write("story.md", "# story");
        f.write("profiles/pinned.properties",
                "profile.runtime = container",
                "profile.engine_cpuset = 1-3",
                "profile.client_cpuset = 0",
                "profile.memory_limit = 2G",
                "profile.cpu.governor = performance",
                "profile.cpu.min_freq = 2100MHz",
                "profile.cpu.max_freq = 2.1GHz",
                "profile.cpu.boost = off",
                "profile.cpu.smt = ON",
                "profile.cpu.strict = true",
                "profile.image = taf/engine:local");
        f.write("full.properties",
                "name = full-run",
                "comments = all of it",
                "profile = pinned",
                "workload.tests = oltp_rw, hot-points",
                "workload.threads = 8, 1, 4",
                "workload.tables = 8",
                "workload.table_size = 10000000",
                "workload.rand_type = Zipfian",
                "workload.password = s3cret",
                "warmup.threads = 0",
                "measure.order = random",
                "measure.order_seed = 42",
                "launch.jvm_args = -Xmx2g, -XX:+UseParallelGC",
                "launch.port = 33061",
                "post.narrative = story.md",
                "post.commit_url = https://example.org/c/{sha}",
                "stats.confidence = 0.99");
        TestDefinition d = f.load("full.properties");
        assertThat(d.name()).isEqualTo("full-run");
        assertThat(d.tests()).containsExactly(Workload.OLTP_RW, Workload.HOT_POINTS);
        assertThat(d.threads()).containsExactly(8, 1, 4);
        assertThat(d.workload().randType()).isEqualTo(RandType.ZIPFIAN);
        assertThat(d.workload().tableSize()).isEqualTo(10_000_000);
        assertThat(d.workload().toString()).doesNotContain("s3cret");
        assertThat(d.warmup().threads()).isEqualTo(8);
        assertThat(d.measure().order()).isEqualTo(MeasureOrder.RANDOM);
        assertThat(d.launch().jvmArgs()).containsExactly("-Xmx2g", "-XX:+UseParallelGC");
        assertThat(d.launch().port()).isEqualTo(33061);
        assertThat(d.post().narrative()).contains(dir.resolve("story.md"));
        assertThat(d.post().commitUrl()).contains("https://example.org/c/{sha}");
        assertThat(d.stats().confidence()).isEqualTo(0.99);
        ProfileOptions p = d.profile();
        assertThat(p.name()).isEqualTo("pinned");
        assertThat(p.runtime()).isEqualTo(RuntimeKind.CONTAINER);
        assertThat(p.engineCpuset().orElseThrow().cpus()).containsExactly(1, 2, 3);
        assertThat(p.clientCpuset().orElseThrow().spec()).isEqualTo("0");
        assertThat(p.memoryLimit()).hasValue(2L << 30);
        assertThat(p.governor()).contains("performance");
        assertThat(p.minFreqKhz()).hasValue(2_100_000);
        assertThat(p.maxFreqKhz()).hasValue(2_100_000);
        assertThat(p.boost()).isEqualTo(CpuToggle.OFF);
        assertThat(p.smt()).isEqualTo(CpuToggle.ON);
        assertThat(p.strict()).isTrue();
        assertThat(p.image()).contains("taf/engine:local");
        assertThat(p.changesCpu()).isTrue();
        assertThat(d.config().warnings()).isEmpty();
        assertThat(d.config().find("workload.password").orElseThrow().displayValue()).isEqualTo("****");
    }

    @Test
    void overlappingCpusetsAreAWarning() {
        Fixture f = new Fixture(dir);
        f.write("t.properties", "profile.engine_cpuset = 0-1", "profile.client_cpuset = 1");
        assertThat(f.load("t.properties").config().warnings()).containsExactly(
                "profile.engine_cpuset = 0-1 (t.properties:1) and profile.client_cpuset = 1 (t.properties:2) share "
                        + "CPUs: the load generator competes with the engine");
    }

    @Test
    void theResultsDatabaseIsSetLikeAnyKeyAndNoneTurnsItOff() {
        Fixture f = new Fixture(dir);
        f.write("d.properties", "results.db.url = jdbc:sqlite:db/results.db");
        assertThat(f.load("d.properties").output().resultsDb()).contains("jdbc:sqlite:" + dir.resolve("db/results.db"));
        assertThat(f.resolve("d.properties").find("results.db.url").orElseThrow().origin().toString())
                .contains("d.properties:1");
        assertThat(f.load("d.properties", java.util.Map.of("results.db.url", "none")).output().resultsDb()).isEmpty();
        assertThat(f.env(java.util.Map.of("TAF_RESULTS_DB_URL", "NONE")).load("d.properties").output().resultsDb())
                .isEmpty();
    }
}
