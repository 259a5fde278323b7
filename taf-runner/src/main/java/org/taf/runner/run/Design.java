package org.taf.runner.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.DesignNoise;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.stats.Allocation;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.NoiseEstimate;
import org.taf.runner.workload.Workload;

/**
 * How each cell's pairs are measured: {@code measure.mode} as given, or, for {@code auto}, chosen
 * from this host's stored variance components and start cost (Kalibera and Jones's allocation,
 * {@link Allocation}): alternate with k windows per engine start when k* &gt; 1, else restart; and
 * where designs were measured here, from their pairs' measured spread and cost ({@link DesignNoise}).
 * Without stored noise, auto restarts.
 */
final class Design {
    /** At most this many windows per engine start in auto mode. */
    static final int MAX_AUTO_WINDOWS = 10;

    /**
     * One cell's design.
     *
     * @param mode    RESTART or ALTERNATE
     * @param windows windows per engine start
     * @param why     how it was chosen
     */
    record Cell(MeasureMode mode, int windows, String why) {
        String describe() {
            return mode == MeasureMode.RESTART ? "restart" : "alternate, " + windows + " windows";
        }
    }

    private final Map<CellKey, Cell> cells;

    private Design(Map<CellKey, Cell> cells) {
        this.cells = cells;
    }

    /** The design of every cell of {@code def}; auto choices are printed. */
    static Design of(TestDefinition def, NoiseFile noise, HostFingerprint host, PrintStream out) {
        Map<CellKey, Cell> cells = new HashMap<>();
        MeasureMode mode = def.measure().mode();
        int samples = samplesPerWindow(def);
        for (Workload w : def.tests()) {
            for (int t : def.threads()) {
                CellKey key = new CellKey(w.tafName(), t);
                Cell c = switch (mode) {
                    case RESTART -> new Cell(MeasureMode.RESTART, 1, "measure.mode = restart");
                    case ALTERNATE -> new Cell(MeasureMode.ALTERNATE, def.measure().windows(),
                            "measure.mode = alternate");
                    case AUTO -> auto(noise.find(host.id(), w.tafName(), t), samples, def.measure().duration()
                            .toMillis() / 1000.0);
                };
                cells.put(key, c);
                if (mode == MeasureMode.AUTO) {
                    out.printf("taf: %s: %s (%s)%n", key, c.describe(), c.why());
                }
            }
        }
        return new Design(cells);
    }

    /**
     * Auto's choice: of the designs whose pairs were measured on this host (with this window length) and
     * the one the components suggest, the one whose pairs buy a given precision soonest (the least
     * pair variance x pair seconds). A measured design is judged by its measured spread; the suggested one,
     * when not measured, by the components, which treat starts as independent.
     */
    private static Cell auto(Optional<NoiseRecord> stored, int samples, double windowSeconds) {
        if (stored.isEmpty()) {
            return new Cell(MeasureMode.RESTART, 1, "auto: no stored noise for this host, so one window per start");
        }
        NoiseEstimate e = PlannedMde.estimate(stored.get());
        Allocation a = e.allocation(samples, MAX_AUTO_WINDOWS);
        int k = a.windowsPerStart();
        MeasureMode suggested = k <= 1 ? MeasureMode.RESTART : MeasureMode.ALTERNATE;
        String why = String.format(Locale.ROOT, "auto: between starts %.2f%%, within a %.0fs window %.2f%%, a start"
                + " costs %.1fs: k* = %.2f", 100 * e.betweenSd(), windowSeconds, 100 * Math.sqrt(a.withinVariance()),
                e.startSeconds(), a.optimalWindows());
        Cell best = new Cell(suggested, k, why);
        // The suggestion judged by its own measured pairs when it has them, else by the components.
        double bestCost = stored.get().design(suggested, k, windowSeconds).map(DesignNoise::costOfPrecision)
                .orElse(a.pairVariance(k) * a.pairSeconds(k));
        List<String> measured = new ArrayList<>();
        for (DesignNoise d : stored.get().designs()) {
            if (!d.hasWindowsOf(windowSeconds) || d.windows() > MAX_AUTO_WINDOWS || !d.plannable()) {
                continue;
            }
            measured.add(String.format(Locale.ROOT, "%s: pairs spread %.2f%%, %.0fs a pair", d.describe(),
                    100 * d.pairSd(), d.pairSeconds()));
            if (d.costOfPrecision() < bestCost) {
                bestCost = d.costOfPrecision();
                best = new Cell(d.mode(), d.windows(), "");
            }
        }
        // The alternation's own components (what a pair's windows share, one window's noise) predict every
        // number of windows per start: Kalibera and Jones's k* with them in place of the start components.
        Optional<DesignNoise> alternation = stored.get().alternation(windowSeconds);
        if (alternation.isPresent()) {
            DesignNoise d = alternation.get();
            Allocation alt = new Allocation(d.pairsSd() * d.pairsSd() / 2, d.windowSd() * d.windowSd() / 2,
                    Math.max(d.startSeconds(), 0.001), windowSeconds, MAX_AUTO_WINDOWS);
            int kAlt = alt.windowsPerStart();
            measured.add(String.format(Locale.ROOT, "alternating windows share %.2f%% a pair and spread %.2f%% each,"
                    + " so %d windows per start are best (k* = %.2f)", 100 * d.pairsSd(), 100 * d.windowSd(), kAlt,
                    alt.optimalWindows()));
            if (alt.pairVariance(kAlt) * alt.pairSeconds(kAlt) < bestCost) {
                bestCost = alt.pairVariance(kAlt) * alt.pairSeconds(kAlt);
                best = new Cell(MeasureMode.ALTERNATE, kAlt, "");
            }
        }
        if (measured.isEmpty()) {
            return best;
        }
        return new Cell(best.mode(), best.windows(), why + "; measured " + String.join("; ", measured)
                + "; least variance per second spent: " + best.describe());
    }

    /** The design of one cell. */
    Cell of(int comparison, CellKey cell) {
        Cell c = cells.get(cell);
        if (c == null) {
            throw new IllegalArgumentException("no such cell in the definition: " + cell);
        }
        return c;
    }

    static int samplesPerWindow(TestDefinition def) {
        return (int) Math.max(1, def.measure().duration().toMillis() / def.workload().reportInterval().toMillis());
    }

    /**
     * Samples an alternating window leaves out before measuring: {@code measure.switch_skip} in whole
     * report intervals, rounded up; 0 when it is 0.
     */
    static int skippedSamples(java.time.Duration switchSkip, java.time.Duration reportInterval) {
        long skip = switchSkip.toMillis();
        long interval = Math.max(1, reportInterval.toMillis());
        return (int) ((skip + interval - 1) / interval);
    }
}
