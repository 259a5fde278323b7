package org.taf.runner.report.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.taf.runner.report.ResultsStoreDates;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;

/**
 * Nightly runs for the history's tests: {@link ResultsFixtures#small()} (POINT_SELECT at 2 threads,
 * comparison "HEAD~1 vs HEAD") once a night, with the patch's TPS, the machine, kernel, JVMs, runner
 * version and data size chosen per night. Each night's patch is a new commit ({@code c0000000...} +
 * night). Deterministic; synthetic: never published.
 */
public final class HistoryFixtures {
    static final Instant FIRST_NIGHT = Instant.parse("2026-06-01T02:00:00Z");

    private HistoryFixtures() {}

    /**
     * Where and on what a night ran.
     *
     * @param host      host name
     * @param cpu       CPU model
     * @param kernel    kernel release
     * @param jvm       TAF's JVM
     * @param runner    runner version
     * @param tableSize {@code workload.table_size}
     */
    record Night(String host, String cpu, String kernel, String jvm, String runner, String tableSize) {
        static Night base() {
            return new Night("bench-1", "Example CPU @ 2.10GHz", "6.1.0-18-amd64", "OpenJDK 17.0.15",
                    "0.1.0-SNAPSHOT", "10000");
        }

        Night host(String h, String c) {
            return new Night(h, c, kernel, jvm, runner, tableSize);
        }

        Night kernel(String k) {
            return new Night(host, cpu, k, jvm, runner, tableSize);
        }

        Night jvm(String j) {
            return new Night(host, cpu, kernel, j, runner, tableSize);
        }

        Night runner(String r) {
            return new Night(host, cpu, kernel, jvm, r, tableSize);
        }

        Night tableSize(String t) {
            return new Night(host, cpu, kernel, jvm, runner, t);
        }
    }

    /** {@code tps.length} nights from {@link #FIRST_NIGHT}, night i measured in {@code nights.get(i)}. */
    static List<RunRecord> nights(double[] tps, List<Night> nights) {
        List<RunRecord> out = new ArrayList<>();
        for (int i = 0; i < tps.length; i++) {
            out.add(night(i, tps[i], nights.get(i)));
        }
        return out;
    }

    /** 30 nights on one machine whose patch TPS steps down 10% at night 17 (commit c0000017...): one change point. */
    public static List<RunRecord> tenPercentStepAtNight17() {
        return nights(step(11, 30, 60_000, 0.01, 17, 0.90), all(30, Night.base()));
    }

    /** 30 nights whose TPS steps down 10% at night 15, where the kernel changed too: drift, not a change point. */
    public static List<RunRecord> tenPercentStepAtAKernelChange() {
        List<Night> where = new ArrayList<>(all(15, Night.base()));
        where.addAll(all(15, Night.base().kernel("6.1.0-21-amd64")));
        return nights(step(5, 30, 60_000, 0.01, 15, 0.90), where);
    }

    /** {@code n} nights in {@code where}. */
    static List<Night> all(int n, Night where) {
        return new ArrayList<>(java.util.Collections.nCopies(n, where));
    }

    /** Night {@code i}: the run of {@code FIRST_NIGHT + i days}, its patch at {@code patchTps}. */
    static RunRecord night(int i, double patchTps, Night where) {
        RunRecord base = ResultsFixtures.small();
        Instant at = FIRST_NIGHT.plusSeconds(86_400L * i);
        ComparisonRecord c = base.comparisons().get(0);
        SideRecord p = c.patch();
        String sha = String.format("c%07d", i) + "0".repeat(32);
        SideRecord patch = new SideRecord(p.role(), p.revision(), new SideRecord.CommitRecord(sha, sha.substring(0, 8),
                "Nightly commit " + i, "A. Developer", "dev@example.org", at.minusSeconds(3600)), sha, null,
                p.engineSettings(), p.build());
        CellRecord cell = c.cells().get(0);
        CellVerdict v = cell.verdict();
        double parentTps = patchTps / 1.01;
        List<MetricVerdict> metrics = new ArrayList<>();
        for (MetricVerdict r : v.metrics()) {
            metrics.add(r.metric() != Metric.TPS ? r : new MetricVerdict(Metric.TPS, parentTps, patchTps,
                    patchTps / parentTps, r.ciLow(), r.ciHigh(), r.confidence(), r.pValue(), r.pAdjusted(), r.pairs(),
                    r.sdLog(), r.change(), r.gates(), r.equivalence()));
        }
        CellVerdict verdict = new CellVerdict(v.cell(), v.verdict(), v.reason(), metrics, v.classic(),
                v.measuredPairs(), v.level(), v.stopReason(), v.mde(), v.components(), v.excluded(), v.exclusionRule(),
                v.warnings(), v.findings(), v.counters());
        ComparisonRecord comparison = new ComparisonRecord(c.name(), c.label(), c.parent(), patch,
                List.of(cell.withVerdict(verdict)));
        EnvironmentRecord e = base.environment();
        EnvironmentRecord env = new EnvironmentRecord(where.host(), where.cpu(), e.sockets(), e.cores(), e.threads(),
                e.memoryBytes(), e.os(), where.kernel(), where.jvm(), e.engineJvm(), e.runtime(), e.engineCpuset(),
                e.clientCpuset(), e.cpufreq(), e.cpuIdle());
        List<SettingRecord> settings = new ArrayList<>(base.definition().settings());
        settings.add(new SettingRecord("workload.tables", "2", "nightly.properties:3"));
        settings.add(new SettingRecord("workload.table_size", where.tableSize(), "nightly.properties:4"));
        DefinitionRecord def = new DefinitionRecord(base.definition().file(), base.definition().sourceText(), settings,
                base.definition().command());
        String id = ResultsStoreDates.id(at) + "-nightly";
        return new RunRecord(base.formatVersion(), id, "nightly", "nightly " + i, at, at.plusSeconds(600),
                base.status(), null, where.runner(), def, env, List.of(comparison), List.of(), List.of(), null,
                base.judgement());
    }

    /** {@code n} values around {@code level} with relative noise {@code cv}, from {@code seed}. */
    static double[] noise(long seed, int n, double level, double cv) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = level * (1 + cv * r.nextGaussian());
        }
        return out;
    }

    /** {@link #noise} with the level multiplied by {@code factor} from index {@code at} on. */
    static double[] step(long seed, int n, double level, double cv, int at, double factor) {
        double[] out = noise(seed, n, level, cv);
        for (int i = at; i < n; i++) {
            out[i] *= factor;
        }
        return out;
    }
}
