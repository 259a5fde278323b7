package org.taf.runner.config;

import static org.taf.runner.config.ValueTypes.*;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.profile.CpuIdle;
import org.taf.runner.profile.CpuSet;
import org.taf.runner.profile.CpuToggle;
import org.taf.runner.profile.RuntimeKind;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.Question;
import org.taf.runner.warmup.WarmupSignal;
import org.taf.runner.workload.RandType;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.WorkloadOptions;

/**
 * The key registry: every configuration key, declared once with its type, default and a one-line
 * description, in the order {@code explain} and {@code docs/properties.md} show them.
 */
public final class Keys {
    private static final List<KeySpec> SPECS = new ArrayList<>();
    private static final int MAX = Integer.MAX_VALUE;
    private static final String NAME_RE = "[A-Za-z0-9][A-Za-z0-9_.-]*";
    private static final String NAME_RULE = "must be letters, digits, '_', '.' or '-'";
    private static final String IDENT_RULE = "must be letters, digits or '_'";

    private Keys() {}

    // --- the definition as a whole
    public static final Key<List<Path>> INCLUDE = key("include", listOf(path(), 0, true), "",
            "files whose values this file overrides, relative to this file (nested; cycles are an error)");
    public static final Key<String> NAME = key("name", matching("name", NAME_RE, NAME_RULE), "${file.basename}",
            "name of this test definition in results and posts");
    public static final Key<String> COMMENTS = key("comments", string(), "",
            "why this run is made; shown in the post");
    public static final Key<Path> REPOSITORY = key("repository", path(), ".",
            "the git repository whose commits are compared");
    public static final Key<String> PROFILE = key("profile", matching("name", NAME_RE, NAME_RULE), "default",
            "profile file profiles/<name>.properties (next to this file or in a parent directory)");

    // --- comparisons
    public static final Key<String> PARENT = key("parent", revision(), "HEAD~1",
            "parent side of the single comparison, and the default parent of named ones");
    public static final Key<String> PATCH = key("patch", revision(), "HEAD",
            "patch side of the single comparison, and the default patch of named ones");
    public static final Key<Optional<Path>> PATCH_DIFF = key("patch_diff", optional(path()), "",
            "a diff file applied on the parent to make the patch side (instead of patch)");
    public static final Key<Optional<String>> BASELINE = key("baseline", optional(revision()), "",
            "the nightly's pinned baseline, e.g. a release tag, moved on purpose: taf run --against-baseline measures"
                    + " patch against it side by side, and the history keeps those runs' ratios as a series");
    public static final Key<List<String>> COMPARISONS = key("comparisons",
            listOf(matching("comparison name", KeyPattern.NAME, IDENT_RULE + " or '-'"), 0, true), "",
            "names of several comparisons set by comparison.<name>.*; empty: the single parent/patch pair");
    public static final KeyPattern PARENT_ENGINE = pattern("parent.engine.<variable>", string(),
            "engine variable for the parent side of the single comparison only");
    public static final KeyPattern PATCH_ENGINE = pattern("patch.engine.<variable>", string(),
            "engine variable for the patch side of the single comparison only");
    public static final KeyPattern CMP_PARENT = pattern("comparison.<name>.parent", revision(),
            "parent revision (default: comparison.<name>.revision, else parent)");
    public static final KeyPattern CMP_PATCH = pattern("comparison.<name>.patch", revision(),
            "patch revision (default: comparison.<name>.revision, else patch)");
    public static final KeyPattern CMP_REVISION = pattern("comparison.<name>.revision", revision(),
            "one revision for both sides: the same commit under two engine configurations, or a sweep");
    public static final KeyPattern CMP_PATCH_DIFF = pattern("comparison.<name>.patch_diff", path(),
            "a diff file applied on this comparison's parent to make its patch side");
    public static final KeyPattern CMP_LABEL = pattern("comparison.<name>.label", string(),
            "how posts name this comparison, e.g. a branch (default: parent vs patch)");
    public static final KeyPattern CMP_PARENT_ENGINE = pattern("comparison.<name>.parent.engine.<variable>",
            string(), "engine variable for this comparison's parent side");
    public static final KeyPattern CMP_PATCH_ENGINE = pattern("comparison.<name>.patch.engine.<variable>",
            string(), "engine variable for this comparison's patch side");
    public static final KeyPattern CMP_SWEEP = pattern("comparison.<name>.sweep.engine.<variable>",
            listOf(matching("value", ".+", "must not be empty"), 2, true),
            "values of one engine variable on comparison.<name>.revision; each compared against the first");

    // --- engine
    public static final KeyPattern ENGINE = pattern("engine.<variable>", string(),
            "engine variable for every side, e.g. engine.innodb_buffer_pool_size = 2G (the engine checks it)");

    // --- workload
    public static final Key<List<Workload>> WORKLOAD_TESTS = key("workload.tests",
            listOf(workload(), 1, true), "POINT_SELECT",
            "workloads to run, by TAF test name (case-insensitive)");
    public static final Key<List<Integer>> WORKLOAD_THREADS = key("workload.threads",
            listOf(integer(1, 10_000), 1, true), "1,2", "client thread counts to sweep, in this order");
    public static final Key<Integer> WORKLOAD_TABLES = key("workload.tables", integer(1, 10_000), "4",
            "number of sbtestN tables");
    public static final Key<Integer> WORKLOAD_TABLE_SIZE = key("workload.table_size", integer(1, 1_000_000_000),
            "10000",
            "rows per table (ids, plus range_size or points, must fit an SQL INTEGER)");
    public static final Key<RandType> WORKLOAD_RAND_TYPE = key("workload.rand_type",
            oneOf(RandType.values(), RandType::sysbenchName), "uniform",
            "distribution of row ids (sysbench --rand-type)");
    public static final Key<Integer> WORKLOAD_RANGE_SIZE = key("workload.range_size", integer(1, 1_000_000), "100",
            "rows per range query");
    public static final Key<Integer> WORKLOAD_POINTS = key("workload.points", integer(1, 10_000), "100",
            "values per IN list of the POINTS-* and RANDOM-POINTS workloads");
    public static final Key<Integer> WORKLOAD_POINT_SELECTS = key("workload.point_selects", integer(0, MAX), "10",
            "point selects per OLTP transaction");
    public static final Key<Integer> WORKLOAD_SIMPLE_RANGES = key("workload.simple_ranges", integer(0, MAX), "1",
            "simple range selects per OLTP transaction");
    public static final Key<Integer> WORKLOAD_SUM_RANGES = key("workload.sum_ranges", integer(0, MAX), "1",
            "SUM range selects per OLTP transaction");
    public static final Key<Integer> WORKLOAD_ORDER_RANGES = key("workload.order_ranges", integer(0, MAX), "1",
            "ORDER BY range selects per OLTP transaction");
    public static final Key<Integer> WORKLOAD_DISTINCT_RANGES = key("workload.distinct_ranges", integer(0, MAX),
            "1", "DISTINCT range selects per OLTP transaction");
    public static final Key<Integer> WORKLOAD_INDEX_UPDATES = key("workload.index_updates", integer(0, MAX), "1",
            "indexed-column updates per OLTP transaction");
    public static final Key<Integer> WORKLOAD_NON_INDEX_UPDATES = key("workload.non_index_updates",
            integer(0, MAX), "1", "non-indexed-column updates per OLTP transaction");
    public static final Key<Integer> WORKLOAD_DELETE_INSERTS = key("workload.delete_inserts", integer(0, MAX), "1",
            "delete + insert pairs per OLTP transaction");
    public static final Key<Long> WORKLOAD_SEED = key("workload.seed", longInteger(Long.MIN_VALUE, Long.MAX_VALUE),
            "1", "seed of the load generator's random numbers");
    public static final Key<Duration> WORKLOAD_REPORT_INTERVAL = key("workload.report_interval",
            duration(Duration.ofMillis(100)), "1s", "sampling interval of TPS, QPS and latency");
    public static final Key<String> WORKLOAD_USER = key("workload.user", matching("name", ".+", "must not be empty"),
            "root", "database user of the load generator");
    public static final Key<String> WORKLOAD_PASSWORD = secret("workload.password",
            "password of workload.user (masked by explain)");
    public static final Key<String> WORKLOAD_DATABASE = key("workload.database",
            matching("identifier", "[A-Za-z0-9_]+", IDENT_RULE), "sbtest", "database holding the sbtestN tables");
    public static final Key<Integer> WORKLOAD_WAREHOUSES = key("workload.warehouses",
            integer(1, WorkloadOptions.MAX_WAREHOUSES), "2", "TPROC-C: warehouses loaded (the specification's"
                    + " rows, about 70 MB each); thread i is a virtual user homed on i mod this + 1");
    public static final Key<Boolean> WORKLOAD_CHECK_AFTER_LOAD = key("workload.check_after_load", bool(), "true",
            "TPROC-C: check the TPC-C consistency conditions 1-4 once a build's data is loaded (a failure names it)");
    public static final Key<Boolean> WORKLOAD_CHECK_AFTER_RUN = key("workload.check_after_run", bool(), "true",
            "TPROC-C: check them after each engine start's windows; a failure fails that iteration, named");

    // --- measurement
    public static final Key<Duration> MEASURE_DURATION = key("measure.duration", duration(Duration.ofSeconds(1)),
            "30s", "measured time per workload x threads x iteration, after warm-up");
    public static final Key<Integer> MEASURE_ITERATIONS = key("measure.iterations", integer(1, 1_000), "3",
            "iterations per side, each on a fresh engine process");
    public static final Key<MeasureOrder> MEASURE_ORDER = key("measure.order",
            oneOf(MeasureOrder.values(), MeasureOrder::label), "balanced",
            "order within each A/B pair: balanced (A B, B A, ...: each side first in half the pairs), interleaved"
                    + " (A B A B, the parent always first) or seeded random");
    public static final Key<Long> MEASURE_ORDER_SEED = key("measure.order_seed",
            longInteger(Long.MIN_VALUE, Long.MAX_VALUE), "1", "seed of the random order");
    public static final Key<MeasureMode> MEASURE_MODE = key("measure.mode",
            oneOf(MeasureMode.values(), MeasureMode::label), "auto",
            "restart (one window per engine start), alternate (both engines alive, the load switching A B A B"
                    + " for measure.windows windows each), or auto (chosen from this host's stored noise)");
    public static final Key<Integer> MEASURE_WINDOWS = key("measure.windows", integer(1, 100), "3",
            "windows of measure.duration per engine start in alternate mode; each leaves out its first"
                    + " measure.switch_skip");
    public static final Key<Duration> MEASURE_SWITCH_SKIP = key("measure.switch_skip", duration(Duration.ZERO),
            "500ms", "left out at the start of each alternating window, after the load switched from the other engine"
                    + " (whole report intervals; 0s leaves out nothing)");
    public static final Key<Boolean> MEASURE_COUNTERS = key("measure.counters", bool(), "true",
            "read the engine's SHOW GLOBAL STATUS counters and its threads' context switches over each window");

    // --- the host's state (the host probe and the quiet rule)
    public static final Key<Duration> HOST_PROBE = key("host.probe", duration(Duration.ZERO), "1500ms",
            "how long the host probe runs before each A/B pair and after it (0s: no probe, no waiting): a thread"
                    + " spinning 100 us then napping 100 us, its rounds counted in 100 ms slices");
    public static final Key<Duration> HOST_QUIET_WAIT = key("host.quiet_wait", duration(Duration.ZERO), "3m",
            "how long a run may wait, over all its pairs, for a noisy host to quieten before a pair (not counted"
                    + " in stats.budget); past it, pairs are measured and flagged NOISY_SPELL");
    public static final Key<Double> HOST_MAX_CV_PCT = key("host.max_cv_pct", percent(0.1, 1_000), "10",
            "a probe reading is quiet when the CV of its slices is at most this");
    public static final Key<Double> HOST_MIN_CAPACITY_PCT = key("host.min_capacity_pct", percent(0, 100), "60",
            "... and its rate at least this share of the best this host has shown (noise.json keeps its readings)");

    // --- warm-up
    public static final Key<Boolean> WARMUP_ENABLED = key("warmup.enabled", bool(), "true",
            "warm up under the workload until the engine's CPU load settles");
    public static final Key<WarmupSignal> WARMUP_SIGNAL = key("warmup.signal",
            oneOf(WarmupSignal.values(), WarmupSignal::label), "tps",
            "what must settle: tps (the load's throughput, each workload.report_interval, with the cell's threads),"
                    + " jit (the engine JVM's JIT compiler threads quiet; the tps rule where none is visible) or cpu"
                    + " (the engine's CPU load each second, TAF's rule)");
    public static final Key<Integer> WARMUP_THREADS = key("warmup.threads", integer(0, 10_000), "0",
            "client threads during a cpu warm-up; 0 means the largest of workload.threads");
    public static final Key<Duration> WARMUP_MIN = key("warmup.min", duration(Duration.ZERO), "10s",
            "shortest warm-up, settled or not; a shorter warmup.max set by the user shortens this default with it");
    public static final Key<Duration> WARMUP_MAX = key("warmup.max", duration(Duration.ofSeconds(1)), "120s",
            "longest warm-up; a run that has not settled by then is flagged; shorter than 3 samples of the"
                    + " signal, a fixed warm-up of this long");
    public static final Key<Duration> WARMUP_WINDOW = key("warmup.window", duration(Duration.ofMillis(100)), "10s",
            "rolling window the settle test looks at (at least 3 samples); a shorter warmup.max shortens this default");
    public static final Key<Double> WARMUP_MAX_CV_PCT = key("warmup.max_cv_pct", percent(0.1, 100), "5",
            "settled when the window's coefficient of variation is at most this");
    public static final Key<Double> WARMUP_MAX_SLOPE_PCT = key("warmup.max_slope_pct", percent(0.1, 100), "2",
            "... and its trend changes the mean by at most this per window");
    public static final Key<Double> WARMUP_MAX_JIT_PCT = key("warmup.max_jit_pct", percent(0.1, 100), "5",
            "with warmup.signal jit: quiet when the JIT compiler threads used at most this share of one CPU over"
                    + " warmup.window");

    // --- rest detection
    public static final Key<Boolean> REST_ENABLED = key("rest.enabled", bool(), "true",
            "wait until the engine's CPU is at rest before each warm-up");
    public static final Key<Double> REST_LOW_PCT = key("rest.low_pct", percent(0, 100), "5",
            "a CPU sample at or below this counts as rest");
    public static final Key<Double> REST_HIGH_PCT = key("rest.high_pct", percent(0, 100), "20",
            "a CPU sample at or above this resets the count");
    public static final Key<Integer> REST_CONSECUTIVE = key("rest.consecutive", integer(1, MAX), "5",
            "rest samples in a row needed");
    public static final Key<Integer> REST_MAX_ATTEMPTS = key("rest.max_attempts", integer(1, MAX), "120",
            "samples before giving up (the run is flagged, not stopped)");
    public static final Key<Duration> REST_INTERVAL = key("rest.interval", duration(Duration.ofMillis(100)), "1s",
            "time between CPU samples");

    // --- verdict
    public static final Key<Double> VERDICT_WARNING_PCT = key("verdict.warning_pct", percent(0, 99), "3",
            "a TPS drop of at least this is a warning");
    public static final Key<Double> VERDICT_FAIL_PCT = key("verdict.fail_pct", percent(0, 99), "5",
            "a TPS drop of at least this is a regression (exit code 1)");
    public static final Key<Double> VERDICT_GAIN_PCT = key("verdict.gain_pct", percent(0, 99), "5",
            "a TPS rise of at least this is an improvement");
    public static final Key<List<Metric>> VERDICT_METRICS = key("verdict.metrics",
            listOf(oneOf(Metric.values(), Metric::label), 1, true), "tps, cpu_per_tx",
            "metrics that may fail the gate: tps, cpu_per_tx, cs_per_tx (one false-discovery rate over them all)");
    public static final Key<Double> VERDICT_COUNTER_MARGIN_PCT = key("verdict.counter_margin_pct", percent(0, 1000),
            "10", "a counter per transaction is listed as changed beside the verdict when its interval excludes 1"
                    + " and it moved at least this far");
    public static final Key<Question> VERDICT_QUESTION = key("verdict.question",
            oneOf(Question.values(), Question::label), "equivalence",
            "what passes a metric of a cell: equivalence (NO_CHANGE: shown within +-verdict.warning_pct) or"
                    + " non_inferiority (NOT_WORSE: shown not worse by verdict.fail_pct or more; smaller changes left"
                    + " unresolved); a cell passes when each gating metric answers its own");
    public static final KeyPattern VERDICT_QUESTION_NAME = pattern("verdict.question.<name>",
            oneOf(Question.values(), Question::label), "verdict.question for one workload's cells (its TAF test"
                    + " name, e.g. verdict.question.OLTP_RW) or for one metric in every cell (e.g."
                    + " verdict.question.cpu_per_tx); a metric's key wins over a workload's");
    public static final KeyPattern VERDICT_QUESTION_WORKLOAD_METRIC = pattern("verdict.question.<workload>.<metric>",
            oneOf(Question.values(), Question::label), "verdict.question for one metric in one workload's cells,"
                    + " e.g. verdict.question.POINT_SELECT.cpu_per_tx; wins over every other verdict.question key");

    // --- build and caches
    public static final Key<String> BUILD_COMMAND = key("build.command",
            matching("shell command", "(?s).*\\S.*", "must not be empty"),
            BuildSpec.DEFAULT_COMMAND,
            "shell command (bash -c) that builds the engine in a commit's tree; a Maven -o build that misses"
                    + " artifacts is retried once online");
    public static final Key<Duration> BUILD_TIMEOUT = key("build.timeout", duration(Duration.ofSeconds(1)), "15m",
            "a build running longer fails");
    public static final Key<Path> BUILD_ARTIFACT = key("build.artifact", treePath(), "engine/target/engine.jar",
            "the built engine, relative to the commit's tree");
    public static final Key<List<Path>> BUILD_INPUTS = key("build.inputs", listOf(treePath(), 1, true),
            "pom.xml, .mvn, engine",
            "the paths of a commit's tree that build.command reads; commits alike at all of them have the same"
                    + " engine (taf bisect judges them once)");
    public static final Key<Path> CACHE_DIR = key("cache.dir", path(), "~/.cache/taf",
            "where checked-out trees and built artifacts are cached, by commit");

    // --- launch
    public static final Key<Duration> LAUNCH_STARTUP_TIMEOUT = key("launch.startup_timeout",
            duration(Duration.ofSeconds(1)), "60s", "the engine must answer a protocol handshake within this");
    public static final Key<Duration> LAUNCH_SHUTDOWN_TIMEOUT = key("launch.shutdown_timeout",
            duration(Duration.ofSeconds(1)), "30s", "graceful stop time before the engine is killed");
    public static final Key<Integer> LAUNCH_PORT = key("launch.port", integer(0, 65_535), "0",
            "engine port on 127.0.0.1; 0 picks a free port");
    public static final Key<Path> LAUNCH_JAVA = key("launch.java", ValueTypes.javaOrAuto(), "auto",
            "java executable that runs the engine; auto: a JDK 25 or newer from TAF_JAVA, JAVA_HOME or the"
                    + " newest under /usr/lib/jvm and /opt/java (launch.aot_cache then used), else this runner's"
                    + " own JDK, without the AOT cache, with a warning; the run records which and why");
    public static final Key<List<String>> LAUNCH_JVM_ARGS = key("launch.jvm_args",
            listOf(matching("argument", "\\S+", "must not contain spaces"), 0, false), "",
            "extra JVM arguments of the engine, comma-separated");
    public static final Key<Boolean> LAUNCH_AOT_CACHE = key("launch.aot_cache", bool(), "false",
            "start the engine from an ahead-of-time cache with method profiles (JDK 25+, JEP 515), trained once"
                    + " per build on the definition's workloads and cached with it");
    public static final Key<Duration> LAUNCH_AOT_TRAINING = key("launch.aot_training",
            duration(Duration.ofSeconds(1)), "10s", "load per workload of the AOT cache's training run");

    // --- profile (usually set in profiles/<name>.properties)
    public static final Key<RuntimeKind> PROFILE_RUNTIME = key("profile.runtime",
            oneOf(RuntimeKind.values(), RuntimeKind::label), "process",
            "run the engine as a process or in a container");
    public static final Key<Optional<CpuSet>> PROFILE_ENGINE_CPUSET = key("profile.engine_cpuset",
            optional(cpuset()), "", "CPUs of the engine, e.g. 1-3 (empty: not pinned)");
    public static final Key<Optional<CpuSet>> PROFILE_CLIENT_CPUSET = key("profile.client_cpuset",
            optional(cpuset()), "", "CPUs of the load generator (empty: not pinned)");
    public static final Key<Optional<Long>> PROFILE_MEMORY_LIMIT = key("profile.memory_limit",
            optional(size(4L << 20)), "", "memory limit of the engine's container (empty: none)");
    public static final Key<Optional<String>> PROFILE_CPU_GOVERNOR = key("profile.cpu.governor",
            optional(matching("governor", "performance|powersave|schedutil|ondemand|conservative|userspace",
                    "must be performance, powersave, schedutil, ondemand, conservative or userspace")),
            "", "cpufreq governor of the profile's CPUs (empty: unchanged)");
    public static final Key<Optional<Long>> PROFILE_CPU_MIN_FREQ = key("profile.cpu.min_freq", optional(frequency()),
            "", "minimum CPU frequency, e.g. 2100MHz (empty: unchanged)");
    public static final Key<Optional<Long>> PROFILE_CPU_MAX_FREQ = key("profile.cpu.max_freq", optional(frequency()),
            "", "maximum CPU frequency, e.g. 2100MHz (empty: unchanged)");
    public static final Key<CpuToggle> PROFILE_CPU_BOOST = key("profile.cpu.boost",
            oneOf(CpuToggle.values(), CpuToggle::label), "unchanged", "CPU boost/turbo");
    public static final Key<CpuToggle> PROFILE_CPU_SMT = key("profile.cpu.smt",
            oneOf(CpuToggle.values(), CpuToggle::label), "unchanged", "simultaneous multithreading (hyper-threads)");
    public static final Key<CpuIdle> PROFILE_CPU_IDLE = key("profile.cpu.idle",
            oneOf(CpuIdle.values(), CpuIdle::label), "unchanged", "what idle CPUs do during the run: unchanged, or"
                    + " poll (a CPU latency request of 0 us on /dev/cpu_dma_latency, needs root; on a VM a halted"
                    + " vCPU wakes through the hypervisor)");
    public static final Key<Boolean> PROFILE_CPU_STRICT = key("profile.cpu.strict", bool(), "false",
            "a CPU setting that cannot be applied is an error instead of a recorded warning");
    public static final Key<Double> PROFILE_NOISE_MAX_OTHER_PCT = key("profile.noise.max_other_pct",
            percent(0, 100_000), "10", "CPU of other processes while measuring (% of one CPU, mean per iteration)"
                    + " above which the iteration is flagged HOST_NOISE");
    public static final Key<Double> PROFILE_NOISE_MAX_STEAL_PCT = key("profile.noise.max_steal_pct",
            percent(0, 100_000), "5", "hypervisor steal time while measuring (% of one CPU, mean per iteration)"
                    + " above which the iteration is flagged HOST_NOISE");
    public static final Key<Optional<String>> PROFILE_IMAGE = key("profile.image", optional(matching("image",
            "\\S+", "must not contain spaces")), "", "engine container image (empty: built locally, no registry)");

    // --- JFR recording (profile.jfr before; KeyRegistry still reads that name)
    public static final Key<Boolean> JFR = key("jfr", bool(), "false", "record the engine with JFR (CPU samples, lock"
            + " waits) and show flame graphs of the measured windows per side, and patch minus parent per transaction,"
            + " in the post");

    // --- outputs
    public static final Key<Path> OUTPUT_RESULTS_DIR = key("output.results_dir", path(), "results",
            "where the JSON results of runs are written");
    public static final Key<Path> OUTPUT_SITE_DIR = key("output.site_dir", path(), "site",
            "the published site: where taf publish writes, and a run's post when output.publish is true");
    // One key for "is this post for publishing", defaulting to no: before, every run (the README's first
    // command included) wrote into the tracked site/, dirtying a fresh clone and crowding the story posts
    // off the index. Explicit values keep their effect on site/: true still writes it, false never does.
    public static final Key<Boolean> OUTPUT_PUBLISH = key("output.publish", bool(), "false",
            "the post is for publishing: true writes it into output.site_dir (the story definitions, Jenkins);"
                    + " false writes a full local site into <output.results_dir>/site (ignored by git) and prints"
                    + " its path; taf publish RESULTS moves a run into output.site_dir later");
    public static final Key<Boolean> OUTPUT_JUNIT = key("output.junit", bool(), "true",
            "write JUnit XML (one test case per workload x threads)");
    public static final Key<Optional<String>> RESULTS_DB_URL = key("results.db.url", resultsDbUrl(),
            "jdbc:sqlite:~/.local/share/taf/results.db",
            "the results database every run is also written to: jdbc:sqlite:FILE (embedded),"
                    + " jdbc:mariadb://HOST:PORT/DB"
                    + "?user=U&password=P (shared by a fleet of hosts), or none");
    public static final Key<String> RESULTS_DB_PASSWORD = secret("results.db.password",
            "password of the results database's user (masked by explain; kept out of results.db.url, which is shown)");

    // --- post
    public static final Key<Optional<String>> POST_TITLE = key("post.title", optional(string()), "",
            "title of the post (empty: made from the comparisons)");
    public static final Key<Optional<String>> POST_SUMMARY = key("post.summary", optional(string()), "",
            "one-paragraph summary at the top of the post");
    public static final Key<Optional<Path>> POST_NARRATIVE = key("post.narrative", optional(path()), "",
            "a Markdown file with the post's text");
    public static final Key<Optional<Integer>> POST_STORY = key("post.story", optional(integer(1, 100)), "",
            "a story of the site: the index leads with the newest post of each story definition, in this order,"
                    + " each with its answer (empty: an ordinary post)");
    public static final Key<List<String>> POST_KEY_COUNTERS = key("post.key_counters",
            listOf(matching("counter name", "[A-Za-z][A-Za-z0-9_]*", "letters, digits and _"), 0, true), "",
            "the counters that show the post's mechanism, shown first under its headline (e.g."
                    + " Innodb_buffer_pool_mutex_acquisitions, cpu_per_tx); empty: the counters that moved most");
    public static final Key<Optional<String>> POST_COMMIT_URL = key("post.commit_url",
            optional(matching("URL template", ".*\\{sha}.*", "must contain {sha}")), "",
            "link to a commit, with {sha} replaced, e.g. https://github.com/o/r/commit/{sha}");

    // --- statistics
    public static final Key<Double> STATS_CONFIDENCE = key("stats.confidence", fraction(), "0.95",
            "confidence level of intervals");
    public static final Key<Double> STATS_FDR = key("stats.fdr", fraction(), "0.05",
            "false discovery rate across the workload x threads cells");
    public static final Key<Double> STATS_POWER = key("stats.power", fraction(), "0.8",
            "power wanted when planning iterations");
    public static final Key<Duration> STATS_BUDGET = key("stats.budget", duration(Duration.ofSeconds(1)), "10m",
            "time budget for extra iterations when a result is inconclusive");
    public static final Key<Integer> STATS_MAX_PAIRS = key("stats.max_pairs", integer(3, 1_000), "20",
            "A/B pairs per cell after which the adaptive loop stops; at or below measure.iterations: no extra pairs");
    public static final Key<Boolean> STATS_FUTILITY = key("stats.futility", bool(), "true",
            "stop a cell's extra pairs early when, at the spread its pairs show, the most pairs stats.budget and"
                    + " stats.max_pairs reach could not answer its question (the host is too noisy now; exit 2)");

    // --- canaries (taf canary)
    public static final Key<Integer> CANARY_CPU_WORK = key("canary.cpu_work", integer(1, 1_000_000_000), "280",
            "taf canary's planted slowdown: taf_statement_cpu_work rounds on the patch side (docs/health.md)");

    /** Every key and pattern, in declaration order. */
    public static List<KeySpec> all() {
        return List.copyOf(SPECS);
    }

    private static <T> Key<T> key(String name, ValueType<T> type, String defaultValue, String description) {
        Key<T> k = new Key<>(name, type, defaultValue, description, false);
        SPECS.add(k);
        return k;
    }

    private static KeyPattern pattern(String template, ValueType<?> type, String description) {
        KeyPattern p = new KeyPattern(template, type, description);
        SPECS.add(p);
        return p;
    }

    private static Key<String> secret(String name, String description) {
        Key<String> k = new Key<>(name, string(), "", description, true);
        SPECS.add(k);
        return k;
    }
}
