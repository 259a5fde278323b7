package org.taf.runner.config;

import static org.taf.runner.config.Keys.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.host.HostOptions;
import org.taf.runner.launch.LaunchOptions;
import org.taf.runner.profile.CpuSet;
import org.taf.runner.profile.ProfileOptions;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.Questions;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.sys.Durations;
import org.taf.runner.warmup.RestOptions;
import org.taf.runner.warmup.SettleOptions;
import org.taf.runner.warmup.WarmupOptions;
import org.taf.runner.warmup.WarmupSignal;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.WorkloadException;
import org.taf.runner.workload.WorkloadOptions;

/**
 * Builds the typed {@link TestDefinition} from a {@link ResolvedConfig}: plans the comparisons,
 * checks the rules that span keys (each message names both keys, their values and origins) and
 * that referenced files exist, then builds every stage's options record from its keys (the record checks
 * its own rules once) and config's own records for what only the run and the outputs read.
 */
final class DefinitionBuilder {
    private final ResolvedConfig config;
    /** How an unknown workload's message says what a workload is. */
    private static final String WORKLOADS = "workload.tests names them, e.g. OLTP_RW";

    private final Problems problems = new Problems();
    private Questions questions;

    DefinitionBuilder(ResolvedConfig config) {
        this.config = config;
    }

    TestDefinition build() {
        ComparisonPlanner planner = new ComparisonPlanner(config, problems);
        List<Comparison> comparisons = planner.plan();
        checkCrossKeys();
        checkPaths();
        questions = questions();
        problems.throwIfAny();
        try {
            return typed(comparisons, planner.globalEngine());
        } catch (IllegalArgumentException | WorkloadException e) {
            // A stage's own rule, checked by its options record, on values the keys and the rules above let
            // through: the definition's error all the same, named by its file (StageOptionsTest finds none).
            throw new ConfigException(config.fileDisplay() + ": " + e.getMessage(), e);
        }
    }

    /** Every stage's options, built from the keys and checked by their records, and config's own records. */
    private TestDefinition typed(List<Comparison> comparisons, EngineSettings engine) {
        return new TestDefinition(config.get(NAME), config.get(COMMENTS), config.get(REPOSITORY),
                config.get(CACHE_DIR), comparisons, config.get(WORKLOAD_TESTS), config.get(WORKLOAD_THREADS), engine,
                workload(),
                new MeasureSettings(config.get(MEASURE_DURATION), config.get(MEASURE_ITERATIONS),
                        config.get(MEASURE_ORDER), config.get(MEASURE_ORDER_SEED), config.get(MEASURE_MODE),
                        config.get(MEASURE_WINDOWS), config.get(MEASURE_SWITCH_SKIP), config.get(MEASURE_COUNTERS),
                        config.get(JFR)),
                warmup(),
                new RestOptions(config.get(REST_ENABLED), config.get(REST_LOW_PCT), config.get(REST_HIGH_PCT),
                        config.get(REST_CONSECUTIVE), config.get(REST_MAX_ATTEMPTS), config.get(REST_INTERVAL)),
                new BuildSpec(config.get(BUILD_COMMAND), config.get(BUILD_TIMEOUT),
                        config.get(BUILD_ARTIFACT).toString(), config.get(BUILD_INPUTS)),
                new LaunchOptions(config.get(LAUNCH_STARTUP_TIMEOUT), config.get(LAUNCH_SHUTDOWN_TIMEOUT),
                        config.get(LAUNCH_PORT), config.get(LAUNCH_JAVA), config.get(LAUNCH_JVM_ARGS),
                        config.get(LAUNCH_AOT_CACHE), config.get(LAUNCH_AOT_TRAINING)),
                profile(),
                new OutputSettings(config.get(OUTPUT_RESULTS_DIR), config.get(OUTPUT_SITE_DIR),
                        config.get(OUTPUT_PUBLISH), config.get(OUTPUT_JUNIT), config.get(RESULTS_DB_URL),
                        config.get(RESULTS_DB_PASSWORD)),
                new PostSettings(config.get(POST_TITLE), config.get(POST_SUMMARY), config.get(POST_NARRATIVE),
                        config.get(POST_COMMIT_URL), config.get(POST_STORY), config.get(POST_KEY_COUNTERS)),
                stats(),
                new HostOptions(config.get(HOST_PROBE), config.get(HOST_QUIET_WAIT), config.get(HOST_MAX_CV_PCT),
                        config.get(HOST_MIN_CAPACITY_PCT)),
                config.withWarnings(problems.warnings()));
    }

    /** The load generator's options; its account on 127.0.0.1:3306 until an engine start gives the port. */
    private WorkloadOptions workload() {
        ConnectionSettings account = new ConnectionSettings("127.0.0.1", 3306, config.get(WORKLOAD_USER),
                config.get(WORKLOAD_PASSWORD), config.get(WORKLOAD_DATABASE));
        return WorkloadOptions.builder(account).tables(config.get(WORKLOAD_TABLES))
                .tableSize(config.get(WORKLOAD_TABLE_SIZE)).randType(config.get(WORKLOAD_RAND_TYPE))
                .rangeSize(config.get(WORKLOAD_RANGE_SIZE)).randomPoints(config.get(WORKLOAD_POINTS))
                .pointSelects(config.get(WORKLOAD_POINT_SELECTS)).simpleRanges(config.get(WORKLOAD_SIMPLE_RANGES))
                .sumRanges(config.get(WORKLOAD_SUM_RANGES)).orderRanges(config.get(WORKLOAD_ORDER_RANGES))
                .distinctRanges(config.get(WORKLOAD_DISTINCT_RANGES))
                .indexUpdates(config.get(WORKLOAD_INDEX_UPDATES))
                .nonIndexUpdates(config.get(WORKLOAD_NON_INDEX_UPDATES))
                .deleteInserts(config.get(WORKLOAD_DELETE_INSERTS)).seed(config.get(WORKLOAD_SEED))
                .reportInterval(config.get(WORKLOAD_REPORT_INTERVAL)).warehouses(config.get(WORKLOAD_WAREHOUSES))
                .checkAfterLoad(config.get(WORKLOAD_CHECK_AFTER_LOAD))
                .checkAfterRun(config.get(WORKLOAD_CHECK_AFTER_RUN)).build();
    }

    /**
     * The warm-up; {@code warmup.threads = 0} is the largest of {@code workload.threads}, and the settle rule
     * samples the load's report intervals on TPS and JIT, one CPU reading a second on the CPU.
     */
    private WarmupOptions warmup() {
        int warmupThreads = config.get(WARMUP_THREADS) == 0
                ? config.get(WORKLOAD_THREADS).stream().mapToInt(Integer::intValue).max().orElseThrow()
                : config.get(WARMUP_THREADS);
        SettleOptions settle = new SettleOptions(config.get(WARMUP_WINDOW), settleSample(),
                config.get(WARMUP_MAX_CV_PCT), config.get(WARMUP_MAX_SLOPE_PCT), config.get(WARMUP_MIN),
                config.get(WARMUP_MAX));
        return new WarmupOptions(config.get(WARMUP_ENABLED), config.get(WARMUP_SIGNAL), warmupThreads, settle,
                config.get(WARMUP_MAX_JIT_PCT));
    }

    /** The settle rule's sample: the load's report interval (tps, jit), or one CPU reading a second (cpu). */
    private Duration settleSample() {
        return config.get(WARMUP_SIGNAL) == WarmupSignal.CPU ? Duration.ofSeconds(1)
                : config.get(WORKLOAD_REPORT_INTERVAL);
    }

    /** Thresholds and the adaptive loop's limits; {@code measure.iterations} is the first look. */
    private StatsOptions stats() {
        return StatsOptions.builder().confidence(config.get(STATS_CONFIDENCE)).fdr(config.get(STATS_FDR))
                .power(config.get(STATS_POWER)).budget(config.get(STATS_BUDGET)).maxPairs(config.get(STATS_MAX_PAIRS))
                .firstLook(config.get(MEASURE_ITERATIONS)).warningPct(config.get(VERDICT_WARNING_PCT))
                .failPct(config.get(VERDICT_FAIL_PCT)).gainPct(config.get(VERDICT_GAIN_PCT))
                .metrics(config.get(VERDICT_METRICS)).counterMarginPct(config.get(VERDICT_COUNTER_MARGIN_PCT))
                .questions(questions).futility(config.get(STATS_FUTILITY)).build();
    }

    /**
     * {@code verdict.question} and its keys per workload, per metric and per workload and metric. A name that is
     * neither a workload TAF knows nor a metric is refused with its file:line (a typo would otherwise leave its
     * metrics asking the other question); a workload the definition does not run is allowed, so that a fragment
     * that definitions include may name the workloads of any of them. A metric that does not gate is warned of:
     * its question decides nothing.
     */
    private Questions questions() {
        Map<String, Question> byWorkload = new TreeMap<>();
        Map<Metric, Question> byMetric = new EnumMap<>(Metric.class);
        Map<String, Map<Metric, Question>> byWorkloadMetric = new TreeMap<>();
        List<Metric> gating = config.get(VERDICT_METRICS);
        for (Setting s : config.matching(VERDICT_QUESTION_NAME)) {
            String name = VERDICT_QUESTION_NAME.captures(s.key())[0];
            Optional<Metric> metric = metric(name);
            Optional<Workload> workload = workload(name);
            if (metric.isPresent()) {
                byMetric.put(metric.get(), (Question) s.value());
                warnIfNotGating(s, metric.get(), gating);
            } else if (workload.isPresent()) {
                byWorkload.put(workload.get().tafName(), (Question) s.value());
            } else {
                problems.error(written(s) + ": " + name + " is neither a workload (" + WORKLOADS + ") nor a metric ("
                        + metrics() + ")");
            }
        }
        for (Setting s : config.matching(VERDICT_QUESTION_WORKLOAD_METRIC)) {
            String[] names = VERDICT_QUESTION_WORKLOAD_METRIC.captures(s.key());
            Optional<Workload> workload = workload(names[0]);
            Optional<Metric> metric = metric(names[1]);
            if (workload.isPresent() && metric.isPresent()) {
                byWorkloadMetric.computeIfAbsent(workload.get().tafName(), w -> new EnumMap<>(Metric.class))
                        .put(metric.get(), (Question) s.value());
                warnIfNotGating(s, metric.get(), gating);
            } else if (metric(names[0]).isPresent() && workload(names[1]).isPresent()) {
                problems.error(written(s) + ": the workload comes first: verdict.question." + names[1] + "."
                        + names[0]);
            } else {
                problems.error(written(s) + ": " + (workload.isEmpty() ? names[0] + " is not a workload ("
                        + WORKLOADS + ")" : names[1] + " is not a metric (" + metrics() + ")"));
            }
        }
        return new Questions(config.get(VERDICT_QUESTION), byWorkload, byMetric, byWorkloadMetric);
    }

    /** {@code quick.properties:7: verdict.question.OLTP_WR = non_inferiority}: where and what, for its messages. */
    private static String written(Setting s) {
        return s.origin().where() + ": " + s.key() + " = " + s.raw();
    }

    private void warnIfNotGating(Setting s, Metric metric, List<Metric> gating) {
        if (!gating.contains(metric)) {
            problems.warn(written(s) + ": " + metric.label() + " is not in verdict.metrics ("
                    + gating.stream().map(Metric::label).collect(Collectors.joining(", "))
                    + "), so its question decides nothing");
        }
    }

    /** The metric named so (any case): metric and workload names never coincide ({@code QuestionKeysTest}). */
    private static Optional<Metric> metric(String name) {
        return Arrays.stream(Metric.values()).filter(m -> m.label().equalsIgnoreCase(name)).findFirst();
    }

    private static Optional<Workload> workload(String name) {
        return Arrays.stream(Workload.values()).filter(w -> w.named(name)).findFirst();
    }

    private static String metrics() {
        return Arrays.stream(Metric.values()).map(Metric::label).collect(Collectors.joining(", "));
    }

    private ProfileOptions profile() {
        return new ProfileOptions(config.get(PROFILE), config.get(PROFILE_RUNTIME),
                config.get(PROFILE_ENGINE_CPUSET), config.get(PROFILE_CLIENT_CPUSET),
                optionalLong(config.get(PROFILE_MEMORY_LIMIT)), config.get(PROFILE_CPU_GOVERNOR),
                optionalLong(config.get(PROFILE_CPU_MIN_FREQ)), optionalLong(config.get(PROFILE_CPU_MAX_FREQ)),
                config.get(PROFILE_CPU_BOOST), config.get(PROFILE_CPU_SMT), config.get(PROFILE_CPU_IDLE),
                config.get(PROFILE_CPU_STRICT),
                config.get(PROFILE_IMAGE),
                new NoiseThresholds(config.get(PROFILE_NOISE_MAX_OTHER_PCT),
                        config.get(PROFILE_NOISE_MAX_STEAL_PCT)));
    }

    private void checkCrossKeys() {
        atMost(WARMUP_MIN, WARMUP_MAX, config.get(WARMUP_MIN).compareTo(config.get(WARMUP_MAX)) <= 0);
        atMost(WARMUP_WINDOW, WARMUP_MAX, config.get(WARMUP_WINDOW).compareTo(config.get(WARMUP_MAX)) <= 0);
        // The settle window needs 3 samples (SettleOptions checks it too; here the message names the origins).
        Duration sample = settleSample();
        if (!SettleOptions.fixed(sample, config.get(WARMUP_MAX))
                && config.get(WARMUP_WINDOW).compareTo(sample.multipliedBy(3)) < 0) {
            problems.error(show(WARMUP_WINDOW) + " must be at least 3 samples of " + Durations.format(sample)
                    + " (warmup.signal " + config.get(WARMUP_SIGNAL).label() + ")");
        }
        atMost(REST_CONSECUTIVE, REST_MAX_ATTEMPTS, config.get(REST_CONSECUTIVE) <= config.get(REST_MAX_ATTEMPTS));
        if (config.get(REST_LOW_PCT) >= config.get(REST_HIGH_PCT)) {
            problems.error(show(REST_LOW_PCT) + " must be < " + show(REST_HIGH_PCT));
        }
        if (config.get(VERDICT_FAIL_PCT) < config.get(VERDICT_WARNING_PCT)) {
            problems.error(show(VERDICT_FAIL_PCT) + " must be >= " + show(VERDICT_WARNING_PCT));
        }
        atMost(WORKLOAD_RANGE_SIZE, WORKLOAD_TABLE_SIZE,
                config.get(WORKLOAD_RANGE_SIZE) <= config.get(WORKLOAD_TABLE_SIZE));
        Duration interval = config.get(WORKLOAD_REPORT_INTERVAL);
        if (config.get(MEASURE_DURATION).compareTo(interval) < 0) {
            problems.error(show(MEASURE_DURATION) + " must be >= " + show(WORKLOAD_REPORT_INTERVAL));
        }
        Optional<Long> min = config.get(PROFILE_CPU_MIN_FREQ);
        Optional<Long> max = config.get(PROFILE_CPU_MAX_FREQ);
        if (min.isPresent() && max.isPresent()) {
            atMost(PROFILE_CPU_MIN_FREQ, PROFILE_CPU_MAX_FREQ, min.get() <= max.get());
        }
        Optional<CpuSet> engine = config.get(PROFILE_ENGINE_CPUSET);
        Optional<CpuSet> client = config.get(PROFILE_CLIENT_CPUSET);
        if (engine.isPresent() && client.isPresent() && engine.get().overlaps(client.get())) {
            problems.warn(show(PROFILE_ENGINE_CPUSET) + " and " + show(PROFILE_CLIENT_CPUSET)
                    + " share CPUs: the load generator competes with the engine");
        }
    }

    private void checkPaths() {
        Path repo = config.get(REPOSITORY);
        if (!Files.isDirectory(repo)) {
            problems.error(where(REPOSITORY) + ": repository = " + raw(REPOSITORY) + ": no such directory ("
                    + repo + ")");
        }
        config.get(POST_NARRATIVE).filter(p -> !Files.isRegularFile(p)).ifPresent(p -> problems.error(
                where(POST_NARRATIVE) + ": post.narrative = " + raw(POST_NARRATIVE) + ": no such file (" + p + ")"));
    }

    private void atMost(Key<?> lower, Key<?> upper, boolean ok) {
        if (!ok) {
            problems.error(show(lower) + " must be <= " + show(upper));
        }
    }

    /** {@code warmup.min = 30s (quick.properties:5)}: key, value and origin for cross-key messages. */
    private String show(Key<?> key) {
        Setting s = config.setting(key.name()).orElseThrow();
        return key.name() + " = " + s.raw() + " (" + s.origin() + ")";
    }

    private String where(Key<?> key) {
        return config.setting(key.name()).orElseThrow().origin().where();
    }

    private String raw(Key<?> key) {
        return config.setting(key.name()).orElseThrow().raw();
    }

    private static OptionalLong optionalLong(Optional<Long> v) {
        return v.map(OptionalLong::of).orElse(OptionalLong.empty());
    }
}
