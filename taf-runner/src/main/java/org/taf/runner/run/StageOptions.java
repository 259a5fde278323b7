package org.taf.runner.run;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.Keys;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.config.WarmupSignal;
import org.taf.runner.launch.JavaVersion;
import org.taf.runner.launch.LaunchException;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.config.ResolvedConfig;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.Questions;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.workload.Workload;
import org.taf.runner.warmup.RestOptions;
import org.taf.runner.warmup.SettleOptions;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.WorkloadException;
import org.taf.runner.workload.WorkloadOptions;

/**
 * The options of every stage a run uses, mapped from a test definition's settings in this one place
 * and validated by the stages' own option records. {@code taf validate} and {@code taf run} both
 * build them before anything starts, so a definition that validates cannot fail later on a rule of a
 * stage (a value the key registry accepts but a stage refuses is a bug that {@code StageOptionsTest}
 * catches for every key's range).
 *
 * @param workload the load generator's options, with the definition's account on 127.0.0.1:3306; each
 *                 engine start gets its own port through {@link #workloadOn(int)}
 * @param rest     waiting for the engine's CPU to rest
 * @param settle   the warm-up's settle rule on the engine's CPU (one sample a second)
 * @param stats    thresholds, FDR and the adaptive loop's limits
 * @param noise    the host-noise limits that flag an iteration
 */
public record StageOptions(WorkloadOptions workload, RestOptions rest, SettleOptions settle, StatsOptions stats,
                           NoiseThresholds noise) {

    /**
     * Maps and validates; a stage's refusal becomes a {@link ConfigException} naming the definition.
     *
     * @throws ConfigException when a stage refuses the combination of settings
     */
    public static StageOptions of(TestDefinition def) {
        try {
            var w = def.workload();
            WorkloadOptions workload = WorkloadOptions.builder(new ConnectionSettings("127.0.0.1", 3306, w.user(),
                            w.password(), w.database()))
                    .tables(w.tables()).tableSize(w.tableSize()).randType(w.randType()).rangeSize(w.rangeSize())
                    .randomPoints(w.points()).pointSelects(w.pointSelects()).simpleRanges(w.simpleRanges())
                    .sumRanges(w.sumRanges()).orderRanges(w.orderRanges()).distinctRanges(w.distinctRanges())
                    .indexUpdates(w.indexUpdates()).nonIndexUpdates(w.nonIndexUpdates())
                    .deleteInserts(w.deleteInserts()).seed(w.seed()).reportInterval(w.reportInterval()).build();
            var r = def.rest();
            RestOptions rest = new RestOptions(r.lowPct(), r.highPct(), r.consecutive(), r.maxAttempts(), r.interval());
            var s = def.warmup();
            // The settle rule's samples: the load's report interval on TPS and JIT, one CPU reading a second on CPU.
            Duration samples = s.signal() == WarmupSignal.CPU ? Duration.ofSeconds(1) : def.workload().reportInterval();
            SettleOptions settle = new SettleOptions(s.window(), samples, s.maxCvPct(), s.maxSlopePct(), s.min(),
                    s.max());
            StatsOptions stats = stats(def);
            NoiseThresholds noise = new NoiseThresholds(def.config().get(Keys.PROFILE_NOISE_MAX_OTHER_PCT),
                    def.config().get(Keys.PROFILE_NOISE_MAX_STEAL_PCT));
            if (def.launch().aotCache() && !def.launch().javaAuto()) { // auto finds a JDK 25 or goes without
                JavaVersion v = JavaVersion.of(def.launch().java());
                if (v.feature() < 25) {
                    throw new IllegalArgumentException("launch.aot_cache needs JDK 25 or later for the engine, but"
                            + " launch.java (" + def.launch().java() + ") is " + v.line());
                }
            }
            return new StageOptions(workload, rest, settle, stats, noise);
        } catch (IllegalArgumentException | WorkloadException | LaunchException e) {
            throw new ConfigException(def.config().fileDisplay() + ": " + e.getMessage());
        }
    }

    /**
     * The statistics' options: thresholds, FDR, the looks from the planned pairs to {@code stats.max_pairs}, and
     * the question each workload's cells ask.
     */
    static StatsOptions stats(TestDefinition def) {
        StatsOptions d = StatsOptions.defaults();
        var s = def.stats();
        var v = def.verdict();
        return new StatsOptions(s.confidence(), v.warningPct(), v.failPct(), v.gainPct(), s.fdr(), s.power(), d.seed(),
                d.exclusion(), def.measure().iterations(), s.maxPairs(), s.budget(), v.metrics(),
                v.counterMarginPct()).withQuestions(questions(def.config()));
    }

    /**
     * {@code verdict.question} and its per-workload keys. A workload TAF does not know is refused (a typo would
     * otherwise leave its cell asking the other question); one the definition does not run is allowed, so that
     * a fragment that definitions include may name the workloads of any of them.
     */
    static Questions questions(ResolvedConfig config) {
        Map<String, Question> byWorkload = new TreeMap<>();
        config.byPlaceholder(Keys.VERDICT_QUESTION_WORKLOAD).forEach((w, q) -> {
            Workload known = Arrays.stream(Workload.values()).filter(x -> x.tafName().equalsIgnoreCase(w)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("verdict.question." + w + ": " + w
                            + " is not a workload (workload.tests names them, e.g. OLTP_RW)"));
            byWorkload.put(known.tafName(), (Question) q);
        });
        return new Questions(config.get(Keys.VERDICT_QUESTION), byWorkload);
    }

    /** The settle rule on the load's throughput: one sample per {@code workload.report_interval}. */
    public SettleOptions settleOnTps() {
        return settle.withInterval(workload.reportInterval());
    }

    /** The workload options against an engine on 127.0.0.1:{@code port}. */
    public WorkloadOptions workloadOn(int port) {
        ConnectionSettings c = workload.connection();
        return workload.toBuilder()
                .connection(new ConnectionSettings(c.host(), port, c.user(), c.password(), c.database())).build();
    }
}
