package org.taf.runner.health;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The gate's error rates on one host for one definition, over its last canary runs ({@link Health#NIGHTS} of
 * each kind), and the rule that raises an alarm on them.
 *
 * @param definition       the definition's name ({@code name}, the run's)
 * @param host             the host fingerprint's id ({@code results.HostFingerprint})
 * @param hostName         the host's name as its newest run recorded it
 * @param caught           planted runs that were REGRESSED, of the planted runs that completed
 * @param falseAlarms      A/A runs that were REGRESSED, of the A/A runs that completed
 * @param decided          runs of both kinds that gave an answer (exit 0 or 1, not 2), of those that completed
 * @param medianToDecide   the median wall time of the runs that decided, builds included; null when none did
 * @param errors           runs that ended in an error (exit 3): not counted above
 * @param targets          what the rates must meet, from the newest run's rules
 * @param plantedTpsRatios per cell ({@code POINT_SELECT@2}), the median TPS ratio the planted runs measured: the
 *                         slowdown the knob actually made, in cell order
 */
public record GateHealth(String definition, String host, String hostName, Proportion caught, Proportion falseAlarms,
                         Proportion decided, Duration medianToDecide, int errors, Targets targets,
                         Map<String, Double> plantedTpsRatios) {
    /** The confidence of the intervals: 95%. */
    public static final double CONFIDENCE = 0.95;
    /**
     * Runs of a kind before its rate may raise an alarm. Below it Wilson's interval is too narrow to trust: after
     * one missed catch it already ends at 79%, below an 80% target, though a gate that catches 80% misses one
     * night in five.
     */
    public static final int MIN_RUNS = 5;

    /**
     * What the rates must meet.
     *
     * @param catchRate      the least catch rate: the run's {@code stats.power}, the power its plan is sized for at
     *                       {@code verdict.fail_pct}, where the planted slowdown is sized (default 0.8)
     * @param falseAlarmRate the most false-alarm rate: the run's {@code stats.fdr}; on an unchanged commit every
     *                       discovery is false, so the false-discovery rate bounds how often any cell is called
     *                       (default 0.05)
     */
    public record Targets(double catchRate, double falseAlarmRate) {
    }

    public GateHealth {
        Objects.requireNonNull(definition, "definition");
        Objects.requireNonNull(targets, "targets");
        plantedTpsRatios = Collections.unmodifiableMap(new LinkedHashMap<>(plantedTpsRatios)); // in cell order
    }

    /**
     * What misses its target, one sentence each: the catch rate when its interval lies wholly below its target, the
     * false-alarm rate when its interval lies wholly above its target, each only from {@link #MIN_RUNS} runs on.
     * Empty when healthy.
     */
    public List<String> alarms() {
        List<String> out = new ArrayList<>();
        Proportion.Interval c = caught.interval(CONFIDENCE);
        if (caught.trials() >= MIN_RUNS && c.high() < targets.catchRate()) {
            out.add(where() + ": the catch rate is below its target: " + caught.hits() + " of " + caught.trials()
                    + " planted slowdowns caught, 95% interval " + range(c) + ", wholly below "
                    + percent(targets.catchRate()));
        }
        Proportion.Interval f = falseAlarms.interval(CONFIDENCE);
        if (falseAlarms.trials() >= MIN_RUNS && f.low() > targets.falseAlarmRate()) {
            out.add(where() + ": the false-alarm rate is above its target: " + falseAlarms.hits() + " of "
                    + falseAlarms.trials() + " unchanged runs called REGRESSED, 95% interval " + range(f)
                    + ", wholly above " + percent(targets.falseAlarmRate()));
        }
        return out;
    }

    /** One line, the rates first: "gate on perf1 (host 1a2b...): caught 28 of 30 planted slowdowns (93%, ...". */
    public String line() {
        StringBuilder b = new StringBuilder(where()).append(": ");
        b.append(caught.trials() == 0 ? "no planted slowdown completed yet" : "caught " + caught.hits() + " of "
                + count(caught.trials(), "planted slowdown") + " " + rate(caught));
        b.append("; ").append(falseAlarms.trials() == 0 ? "no A/A run completed yet"
                : count(falseAlarms.hits(), "false alarm") + " in " + count(falseAlarms.trials(), "unchanged run") + " "
                + rate(falseAlarms));
        b.append("; decided ").append(decided.hits()).append(" of ").append(count(decided.trials(), "run"));
        if (medianToDecide != null) {
            b.append(", in ").append(minutes(medianToDecide)).append(" (median)");
        }
        if (errors > 0) {
            b.append("; ").append(count(errors, "run")).append(" ended in an error");
        }
        if (!plantedTpsRatios.isEmpty()) {
            List<String> cells = new ArrayList<>();
            plantedTpsRatios.forEach((cell, r) -> cells.add(cell + " " + String.format(Locale.ROOT, "%.3f", r)));
            b.append("; the planted slowdown measured TPS ratios ").append(String.join(", ", cells))
                    .append(" (medians)");
        }
        b.append("; targets: catch at least ").append(percent(targets.catchRate())).append(", false alarms at most ")
                .append(percent(targets.falseAlarmRate()));
        return b.toString();
    }

    private String where() {
        return definition + " on " + hostName + " (host " + host + ")";
    }

    /** {@code 1 run}, {@code 2 runs}. */
    private static String count(int n, String thing) {
        return n + " " + thing + (n == 1 ? "" : "s");
    }

    private static String rate(Proportion p) {
        return "(" + percent(p.rate()) + ", 95% interval " + range(p.interval(CONFIDENCE)) + ")";
    }

    private static String range(Proportion.Interval i) {
        return Math.round(100 * i.low()) + "–" + percent(i.high());
    }

    private static String percent(double fraction) {
        return Math.round(100 * fraction) + "%";
    }

    /** A wall time as {@code 7m12s}, or {@code 45s} under a minute. */
    static String minutes(Duration d) {
        long s = Math.round(d.toMillis() / 1000.0);
        return s < 60 ? s + "s" : s / 60 + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s";
    }
}
