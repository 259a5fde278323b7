package org.taf.runner.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.VerdictRecord.VarianceRecord;

/**
 * After a completed run, its cells' variance components and start costs become this host's stored
 * noise ({@code noise.json}), newest first: noise changes from day to day, and the next run plans its
 * design and MDE from the latest measurement ({@code taf calibrate} measures it on purpose).
 */
final class NoiseUpdate {
    private NoiseUpdate() {}

    static List<NoiseRecord> store(TestDefinition def, RunRecord run, HostFingerprint host, PrintStream out) {
        List<NoiseRecord> fresh = of(run, host, def.workload().reportInterval().toMillis() / 1000.0);
        if (!fresh.isEmpty()) {
            NoiseStore.merge(NoiseStore.fileIn(def.output().resultsDir()), fresh);
            for (NoiseRecord n : fresh) {
                out.printf(Locale.ROOT, "taf: %s@%d: noise %.2f%% between engine starts, %.2f%% per sample; a start costs"
                        + " %.1fs (stored for host %s)%n", n.workload(), n.threads(), 100 * n.betweenSd(),
                        100 * n.withinSd(), n.startSeconds(), host.id());
            }
        }
        return fresh;
    }

    /** One entry per cell with components (the first comparison that has them), for this host. */
    static List<NoiseRecord> of(RunRecord run, HostFingerprint host, double sampleSeconds) {
        List<NoiseRecord> out = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                VarianceRecord v = cell.verdict() == null ? null : cell.verdict().variance();
                if (v == null || v.starts() < 2 || out.stream().anyMatch(n -> n.isFor(host.id(), cell.workload(),
                        cell.threads()))) {
                    continue;
                }
                out.add(new NoiseRecord(host.id(), host.describe(), cell.workload(), cell.threads(), v.betweenSd(),
                        v.withinSd(), sampleSeconds, Math.max(1, v.samples() / v.starts()), v.starts(),
                        v.startSeconds() == null ? 0 : v.startSeconds(), run.finishedAt(), run.runId()));
            }
        }
        return out;
    }
}
