package org.taf.runner.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.DetectableEffect;
import org.taf.runner.stats.MinimalDetectableEffect;
import org.taf.runner.stats.NoiseEstimate;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.workload.Workload;

/**
 * The minimal detectable effect of a run, before measuring: for each workload x threads, from the
 * noise {@code taf calibrate} stored for this host ({@link DetectableEffect#planned}), at the planned
 * pairs and at the most the adaptive loop may reach. Without stored noise the MDE is computed after
 * measuring, from the run's own spread, and this says so.
 */
final class PlannedMde {
    private PlannedMde() {}

    /**
     * The planned MDE of every cell of {@code def}.
     *
     * @param noise       the stored noise file
     * @param fingerprint this host
     * @param adaptive    whether the adaptive loop may add pairs (its per-look level is then used)
     */
    static List<PlannedMdeRecord> of(TestDefinition def, StatsOptions o, NoiseFile noise, HostFingerprint fingerprint,
                                     Design design, boolean adaptive) {
        int pairs = Math.max(def.measure().iterations(), 1);
        boolean loop = adaptive && o.maxPairs() > def.measure().iterations();
        int maxPairs = loop ? Math.max(pairs, o.maxPairs()) : pairs;
        int samples = Design.samplesPerWindow(def);
        List<PlannedMdeRecord> out = new ArrayList<>();
        for (Workload w : def.workload().tests()) {
            for (int t : def.workload().threads()) {
                Optional<NoiseRecord> n = noise.find(fingerprint.id(), w.tafName(), t);
                if (n.isEmpty()) {
                    out.add(new PlannedMdeRecord(w.tafName(), t, null, pairs, maxPairs, null,
                            "no stored noise for host " + fingerprint.id() + ": the MDE is computed after measuring,"
                                    + " from this run's own pairs (taf calibrate, or any run, stores it)", null));
                    continue;
                }
                NoiseEstimate e = estimate(n.get());
                int perStart = samples * design.of(0, new CellKey(w.tafName(), t)).windows();
                MinimalDetectableEffect planned = DetectableEffect.planned(e, pairs, perStart, o, loop);
                MinimalDetectableEffect most = DetectableEffect.planned(e, maxPairs, perStart, o, loop);
                out.add(new PlannedMdeRecord(w.tafName(), t, planned.pct(), pairs, maxPairs, most.pct(),
                        planned.basis(), planned.warning()));
            }
        }
        return out;
    }

    /** The stats stage's view of a stored entry. */
    static NoiseEstimate estimate(NoiseRecord r) {
        return new NoiseEstimate(r.hostFingerprint(), r.workload(), r.threads(), r.betweenSd(), r.withinSd(),
                r.sampleSeconds(), r.samplesPerStart(), r.starts(), r.startSeconds(), r.measuredAt());
    }

    /** One line per cell, e.g. "this run can detect a drop of 6.7% at 80% power with 10 pairs", and its warning. */
    static void print(List<PlannedMdeRecord> cells, StatsOptions o, PrintStream out) {
        String power = String.format(Locale.ROOT, "%.0f%%", 100 * o.power());
        for (PlannedMdeRecord c : cells) {
            String cell = c.workload() + "@" + c.threads();
            if (c.mdePct() == null && c.warning() == null) {
                out.printf("taf: %s: %s%n", cell, c.basis());
                continue;
            }
            if (c.mdePct() != null) {
                out.printf(Locale.ROOT, "taf: %s: this run can detect a drop of %.1f%% at %s power with %d pairs%s%n",
                        cell, c.mdePct(), power, c.pairs(), c.maxPairs() > c.pairs() && c.maxPairsMdePct() != null
                                ? String.format(Locale.ROOT, " (%.1f%% with %d pairs if the adaptive loop needs them)",
                                        c.maxPairsMdePct(), c.maxPairs()) : "");
            }
            if (c.warning() != null) {
                out.printf("taf: warning: %s: %s%n", cell, c.warning());
            }
        }
    }
}
