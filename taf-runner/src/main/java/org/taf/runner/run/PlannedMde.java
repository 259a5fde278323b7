package org.taf.runner.run;

import java.io.PrintStream;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.DesignNoise;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.DetectableEffect;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MinimalDetectableEffect;
import org.taf.runner.stats.NoiseEstimate;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.workload.Workload;

/**
 * The minimal detectable effect of a run, before measuring: for each workload x threads, from the
 * noise {@code taf calibrate} stored for this host ({@link DetectableEffect#planned}), at the planned
 * pairs and at the most the adaptive loop may reach. Without stored noise the MDE is computed after
 * measuring, from the run's own spread, and this says so.
 */
public final class PlannedMde {
    /** Most pairs searched for NO_CHANGE's reach: beyond them "more than" is all a plan needs to say. */
    static final int SAME_SEARCH_LIMIT = 1000;

    private PlannedMde() {}

    /**
     * As {@link #of} with the adaptive loop, each cell's most pairs being those it reaches once the other cells are
     * answered ({@link QuestionTimes#reach()}: the loop stops an answered cell and spends the time saved on the
     * others) rather than an even share of the budget: so the MDE at the most pairs and its warnings agree with the
     * questions' lines of {@code taf plan} and {@code taf validate}.
     */
    static List<PlannedMdeRecord> reached(TestDefinition def, StatsOptions o, NoiseFile noise,
                                          HostFingerprint fingerprint, Design design) {
        java.util.Map<CellKey, Integer> reach = new java.util.HashMap<>();
        QuestionTimes.of(def, o, noise, fingerprint, design)
                .forEach(q -> reach.put(new CellKey(q.workload(), q.threads()), q.reach()));
        return of(def, o, noise, fingerprint, design, true, new java.util.HashMap<>(), reach);
    }

    /**
     * The planned MDE of every cell of {@code def} on this host ({@code fingerprint}) from the stored noise;
     * {@code adaptive}: the adaptive loop may add pairs (its per-look level is then used). Puts into {@code sds}
     * each cell's planned pair SD (cells with stored noise only).
     */
    static List<PlannedMdeRecord> of(TestDefinition def, StatsOptions o, NoiseFile noise, HostFingerprint fingerprint,
                                     Design design, boolean adaptive, java.util.Map<CellKey, Double> sds) {
        return of(def, o, noise, fingerprint, design, adaptive, sds, java.util.Map.of());
    }

    /**
     * As {@link #of}, with the most pairs of the cells in {@code reach} given (the others get an even share of the
     * budget, {@link #affordable}).
     */
    private static List<PlannedMdeRecord> of(TestDefinition def, StatsOptions o, NoiseFile noise,
                                             HostFingerprint fingerprint, Design design, boolean adaptive,
                                             java.util.Map<CellKey, Double> sds,
                                             java.util.Map<CellKey, Integer> reach) {
        int pairs = Math.max(def.measure().iterations(), 1);
        boolean loop = adaptive && o.maxPairs() > def.measure().iterations();
        int samples = Design.samplesPerWindow(def);
        int cells = def.tests().size() * def.threads().size() * def.comparisons().size();
        List<PlannedMdeRecord> out = new ArrayList<>();
        for (Workload w : def.tests()) {
            for (int t : def.threads()) {
                Optional<NoiseRecord> n = noise.find(fingerprint.id(), w.tafName(), t);
                Design.Cell cell = design.of(0, new CellKey(w.tafName(), t));
                Integer reached = reach.get(new CellKey(w.tafName(), t));
                int maxPairs = !loop ? pairs : reached != null ? Math.max(pairs, reached) : Math.max(pairs,
                        n.map(r -> affordable(def, o, r, cells, pairs, cell)).orElse(o.maxPairs()));
                if (n.isEmpty()) {
                    out.add(new PlannedMdeRecord(w.tafName(), t, null, pairs, maxPairs, null,
                            "no stored noise for host " + fingerprint.id() + ": the MDE is computed after measuring,"
                                    + " from this run's own pairs (taf calibrate, or any run, stores it)", null));
                    continue;
                }
                Optional<DesignNoise> measured = n.get().design(cell.mode(), cell.windows(), windowSeconds(def));
                Optional<DesignNoise> alternation = cell.mode() == MeasureMode.ALTERNATE
                        ? n.get().alternation(windowSeconds(def)) : Optional.empty();
                MinimalDetectableEffect planned;
                MinimalDetectableEffect most;
                double sd; // one pair's log-ratio SD, as planned
                if (measured.isEmpty() && alternation.isPresent()) {
                    // Another window count measured here: its components predict this one's spread.
                    DesignNoise d = alternation.get();
                    sd = Math.sqrt(d.predictedPairVariance(cell.windows()));
                    String basis = String.format(Locale.ROOT, "planned for %d windows per start from the"
                            + " alternation's components (%.2f%% shared by a pair, %.2f%% per window) of %d pairs (%s)"
                            + " measured on %s at %s", cell.windows(), 100 * d.pairsSd(), 100 * d.windowSd(), d.pairs(),
                            d.describe(), fingerprint.id(), d.measuredAt().truncatedTo(ChronoUnit.SECONDS));
                    planned = DetectableEffect.compute(sd, pairs, o.level(loop), o, basis);
                    most = DetectableEffect.compute(sd, maxPairs, o.level(loop), o, basis);
                } else if (measured.isPresent()) {
                    // The spread this design's pairs were measured with: no model of independent starts needed.
                    DesignNoise d = measured.get();
                    sd = d.pairSd();
                    String basis = String.format(Locale.ROOT, "planned from the spread of %d pairs (%s) measured"
                            + " on %s at %s", d.pairs(), d.describe(), fingerprint.id(),
                            d.measuredAt().truncatedTo(ChronoUnit.SECONDS));
                    planned = DetectableEffect.compute(sd, pairs, o.level(loop), o, basis);
                    most = DetectableEffect.compute(sd, maxPairs, o.level(loop), o, basis);
                } else {
                    NoiseEstimate e = estimate(n.get());
                    int perStart = samples * cell.windows();
                    sd = Math.sqrt(e.pairVariance(perStart));
                    planned = DetectableEffect.planned(e, pairs, perStart, o, loop);
                    most = DetectableEffect.planned(e, maxPairs, perStart, o, loop);
                    if (cell.mode() == MeasureMode.ALTERNATE) {
                        planned = planned.withBasis(planned.basis() + "; no pairs of this design stored, so from"
                                + " components that treat starts as independent (too wide for alternating pairs,"
                                + " which share the host's level)");
                    }
                }
                sds.put(new CellKey(w.tafName(), t), sd);
                // Warn when even the most pairs the loop and its budget can reach fall short of the fail
                // threshold, or of showing an unchanged commit within the warning threshold where TPS asks that.
                String budget = maxPairs < o.maxPairs() ? " (stats.budget pays for " + maxPairs + " of "
                        + o.maxPairs() + " pairs" + (reached != null ? " once the other cells are answered" : "") + ")"
                        : "";
                List<String> warnings = new ArrayList<>();
                if (most.warning() != null) {
                    warnings.add(most.warning());
                }
                if (o.questions().of(w.tafName(), Metric.TPS) == Question.EQUIVALENCE) {
                    sameWarning(sd, maxPairs, o, loop).ifPresent(warnings::add);
                }
                out.add(new PlannedMdeRecord(w.tafName(), t, planned.pct(), pairs, maxPairs, most.pct(),
                        planned.basis(), warnings.isEmpty() ? null : String.join("; ", warnings) + budget));
            }
        }
        return out;
    }

    /**
     * Why an unchanged commit is unlikely to be called NO_CHANGE within {@code maxPairs} pairs at a pair SD
     * of {@code sd} ({@link DetectableEffect#pairsForSame}), or empty when it is likely. From TPS's spread
     * alone: where CPU per transaction gates too, it must be shown within the threshold as well.
     */
    static Optional<String> sameWarning(double sd, int maxPairs, StatsOptions o, boolean loop) {
        int need = DetectableEffect.pairsForSame(sd, SAME_SEARCH_LIMIT, o.equivalenceLevel(loop), o);
        if (need != -1 && need <= maxPairs) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "an unchanged commit is called NO_CHANGE (within +-%s%%) at %s%%"
                + " power only after %s pairs at a pair SD of %.1f%%; this run may reach %d",
                DetectableEffect.trim(o.warningPct()), DetectableEffect.trim(100 * o.power()),
                need == -1 ? "more than " + SAME_SEARCH_LIMIT : "about " + need, 100 * sd, maxPairs));
    }

    /**
     * The most pairs the adaptive loop can reach in a cell: {@code stats.max_pairs}, or fewer when the
     * budget, shared by all cells, pays for fewer extra pairs at this host's cost of a pair (two starts
     * and their measured windows, in the cell's design).
     */
    static int affordable(TestDefinition def, StatsOptions o, NoiseRecord noise, int cells, int planned,
                          Design.Cell cell) {
        double pairSeconds = pairSeconds(def, noise, cell);
        long extra = pairSeconds <= 0 ? Long.MAX_VALUE
                : (long) (o.budget().toSeconds() / Math.max(1, cells) / pairSeconds);
        return (int) Math.min(o.maxPairs(), planned + extra);
    }

    /**
     * What {@code taf validate} says of a definition on this host, before anything runs: each cell's
     * planned MDE from the noise stored in its results directory, at the planned pairs and at the most
     * its budget pays for, a warning where that cannot reach the fail threshold or call an unchanged
     * commit NO_CHANGE, and for a cell with no stored noise, that there is none.
     */
    public static List<String> check(TestDefinition def) {
        HostFingerprint host = org.taf.runner.profile.HostFacts.system().host().fingerprint();
        NoiseFile noise = org.taf.runner.results.NoiseStore.read(org.taf.runner.results.NoiseStore.fileIn(
                def.output().resultsDir()));
        StatsOptions o = def.stats();
        Design design = Design.of(def, noise, host, new PrintStream(java.io.OutputStream.nullOutputStream()));
        // A cell without stored noise says so: its MDE and reach are known only after a run.
        List<String> out = new ArrayList<>(lines(reached(def, o, noise, host, design), o));
        QuestionTimes.of(def, o, noise, host, design).forEach(q -> q.lines(o).forEach(l -> out.add("taf: " + l)));
        return out;
    }

    /**
     * What each cell of {@code def} could see if it measured now, in a noisy spell ({@code taf host}): from the
     * spread of the last pairs measured in a spell on this host ({@code noise.json}), at the most pairs the run
     * may reach.
     */
    public static List<String> inSpell(TestDefinition def) {
        HostFingerprint host = org.taf.runner.profile.HostFacts.system().host().fingerprint();
        NoiseFile noise = org.taf.runner.results.NoiseStore.read(org.taf.runner.results.NoiseStore.fileIn(
                def.output().resultsDir()));
        StatsOptions o = def.stats();
        List<String> out = new ArrayList<>();
        for (Workload w : def.tests()) {
            for (int t : def.threads()) {
                String cell = w.tafName() + "@" + t;
                Optional<NoiseRecord.SpellNoise> s = noise.find(host.id(), w.tafName(), t).map(NoiseRecord::spell);
                if (s.isEmpty()) {
                    out.add("taf: " + cell + ": no pairs measured in a noisy spell are stored for this host yet");
                    continue;
                }
                MinimalDetectableEffect m = DetectableEffect.compute(s.get().pairSd(), o.maxPairs(), o.level(true), o,
                        "");
                out.add(String.format(Locale.ROOT, "taf: %s: measured in a spell like this one, it could see a drop"
                        + " of %.1f%% with %d pairs (its pairs measured in a spell here spread %.1f%%: %d pairs, %s)",
                        cell, m.pct(), o.maxPairs(), 100 * s.get().pairSd(), s.get().pairs(),
                        s.get().measuredAt().truncatedTo(ChronoUnit.MINUTES)));
            }
        }
        return out;
    }

    /** One pair's cost on this host in the cell's design: two starts as this mode last measured them, and windows. */
    static double pairSeconds(TestDefinition def, NoiseRecord noise, Design.Cell cell) {
        int windows = cell.mode() == MeasureMode.ALTERNATE ? cell.windows() : 1;
        // A start's cost as this mode last measured it (two live engines start differently from one).
        double start = noise.designs().stream().filter(d -> d.mode() == cell.mode()).max(java.util.Comparator
                .comparing(DesignNoise::measuredAt)).map(DesignNoise::startSeconds).orElse(noise.startSeconds());
        return org.taf.runner.stats.Allocation.pairSeconds(start, windows, windowSeconds(def));
    }

    static double windowSeconds(TestDefinition def) {
        return def.measure().duration().toMillis() / 1000.0;
    }

    /** The stats stage's view of a stored entry. */
    static NoiseEstimate estimate(NoiseRecord r) {
        return new NoiseEstimate(r.hostFingerprint(), r.workload(), r.threads(), r.betweenSd(), r.withinSd(),
                r.sampleSeconds(), r.samplesPerStart(), r.starts(), r.startSeconds(), r.measuredAt());
    }

    /** One line per cell, e.g. "this run can detect a drop of 6.7% at 80% power with 10 pairs", and its warning. */
    static void print(List<PlannedMdeRecord> cells, StatsOptions o, PrintStream out) {
        lines(cells, o).forEach(out::println);
    }

    static List<String> lines(List<PlannedMdeRecord> cells, StatsOptions o) {
        String power = String.format(Locale.ROOT, "%.0f%%", 100 * o.power());
        List<String> out = new ArrayList<>();
        for (PlannedMdeRecord c : cells) {
            String cell = c.workload() + "@" + c.threads();
            if (c.mdePct() == null && c.warning() == null) {
                out.add(String.format("taf: %s: %s", cell, c.basis()));
                continue;
            }
            if (c.mdePct() != null) {
                out.add(String.format(Locale.ROOT, "taf: %s: this run can detect a drop of %.1f%% at %s power with %d"
                        + " pairs%s", cell, c.mdePct(), power, c.pairs(), c.maxPairs() > c.pairs()
                        && c.maxPairsMdePct() != null ? String.format(Locale.ROOT, " (%.1f%% with %d pairs if the"
                        + " adaptive loop needs them and its budget pays for them)", c.maxPairsMdePct(), c.maxPairs())
                        : ""));
            }
            if (c.warning() != null) {
                out.add("taf: warning: " + cell + ": " + c.warning());
            }
        }
        return out;
    }
}
