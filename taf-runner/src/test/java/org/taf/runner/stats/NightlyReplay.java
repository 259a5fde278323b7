package org.taf.runner.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Benchmark (not a test), run by docs/benchmarks/nightly-replay.sh: replays nightly ratio series drawn from
 * measured nights through today's change-point search ({@link EDivisive} with the options {@code taf changes}
 * uses), to count false change points per 100 A/A nights and how soon a step is flagged, where running
 * hundreds of nights directly would take days.
 *
 * <p>The pool: the measured nights' log ratios, each centred on the mean of its own stretch of the series
 * (nights before the step, nights from it), so that a step measured in the series adds nothing to the noise.
 * A replayed series draws its nights from the pool with replacement, in random order: it keeps the nights'
 * spread and tails, not any drift from one night to the next (the measured nights ran back to back).
 *
 * <p>Arguments, key=value: {@code nights} (nights.tsv files, comma-separated), {@code step} (the night the
 * measured series stepped at, 0 for none), {@code length} (nights per replayed series), {@code replicates},
 * {@code effect} (the replayed step, a fraction: 0.03 is a 3% drop of the ratio), {@code at} (its night),
 * {@code within} (nights after it by which it counts as flagged), {@code seed}, {@code column} (the nights.tsv
 * column replayed: {@code ratio}, the TPS ratio, or {@code cpu_per_tx}; a rise of CPU per transaction is
 * replayed as a drop of the same size, which the search, symmetric in the log, finds as readily).
 */
public final class NightlyReplay {
    private NightlyReplay() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("nightly-replay: expected key=value, got '" + arg + "'");
            }
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        int step = Integer.parseInt(a.getOrDefault("step", "0"));
        String column = a.getOrDefault("column", "ratio");
        List<Double> pool = new ArrayList<>();
        for (String file : a.getOrDefault("nights", "").split(",")) {
            pool.addAll(centred(read(Path.of(file), column), step));
        }
        if (pool.size() < 3) { // drawn with replacement: a small pool works, and its size is printed
            throw new IllegalArgumentException("nightly-replay: only " + pool.size() + " measured nights in the pool");
        }
        int length = Integer.parseInt(a.getOrDefault("length", "24"));
        int replicates = Integer.parseInt(a.getOrDefault("replicates", "1000"));
        double effect = Double.parseDouble(a.getOrDefault("effect", "0"));
        int at = Integer.parseInt(a.getOrDefault("at", String.valueOf(length / 2)));
        int within = Integer.parseInt(a.getOrDefault("within", "10"));
        SplittableRandom rng = new SplittableRandom(Long.parseLong(a.getOrDefault("seed", "1")));
        double sd = Math.sqrt(pool.stream().mapToDouble(x -> x * x).sum() / (pool.size() - 1));

        long points = 0;
        long falseChanges = 0;
        int seriesWithFalse = 0;
        int flagged = 0;
        for (int r = 0; r < replicates; r++) {
            double[] series = new double[length];
            for (int i = 0; i < length; i++) {
                double log = pool.get(rng.nextInt(pool.size())) + (effect > 0 && i >= at ? Math.log(1 - effect) : 0);
                series[i] = Math.exp(log);
            }
            int wrong = 0;
            boolean hit = false;
            for (EDivisive.ChangePoint cp : EDivisive.detect(series, EDivisive.Options.defaults())) {
                // a change point counts as the step's when it falls within 2 nights of it and is a drop
                boolean isStep = effect > 0 && Math.abs(cp.index() - at) <= 2 && cp.meanAfter() < cp.meanBefore();
                if (isStep) {
                    hit = true;
                } else {
                    wrong++;
                }
            }
            // the step is flagged within `within` nights when a series that ends there already shows it
            if (effect > 0 && hit && at + within >= length) {
                flagged++;
            }
            points += length;
            falseChanges += wrong;
            seriesWithFalse += wrong > 0 ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "pool: %d measured nights (%s), log-ratio SD %.2f%%%n", pool.size(), column,
                100 * sd);
        System.out.printf(Locale.ROOT, "replayed: %d series of %d nights (%d nights)%s%n", replicates, length, points,
                effect > 0 ? String.format(Locale.ROOT, ", a %.1f%% drop at night %d", 100 * effect, at) : "");
        System.out.printf(Locale.ROOT, "false change points: %d, %.2f per 100 nights; series with one or more:"
                + " %.1f%%%n",
                falseChanges, 100.0 * falseChanges / points, 100.0 * seriesWithFalse / replicates);
        if (effect > 0) {
            System.out.printf(Locale.ROOT, "step flagged (within 2 nights of it) in %.1f%% of series%s%n",
                    100.0 * flagged / replicates, at + within >= length ? "" : " (series longer than at + within:"
                            + " not counted)");
        }
    }

    /** The ratios in {@code column} of a nights.tsv (gate-and-nightly.sh), night by night; a failed night has none. */
    static List<double[]> read(Path file, String column) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> head = List.of(lines.get(0).split("\t"));
        int night = head.indexOf("night");
        int ratio = head.indexOf(column);
        if (ratio < 0) {
            throw new IllegalArgumentException("nightly-replay: " + file + " has no column " + column);
        }
        List<double[]> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            if (f.length > ratio && !f[ratio].isEmpty() && !f[ratio].equals("None")) {
                out.add(new double[] {Integer.parseInt(f[night]), Double.parseDouble(f[ratio])});
            }
        }
        return out;
    }

    /** Each night's log ratio less its stretch's mean: the nights before {@code step}, and from it (0: one). */
    static List<Double> centred(List<double[]> nights, int step) {
        List<Double> out = new ArrayList<>();
        for (boolean after : new boolean[] {false, true}) {
            List<Double> logs = new ArrayList<>();
            for (double[] n : nights) {
                if ((step > 0 && n[0] >= step) == after) {
                    logs.add(Math.log(n[1]));
                }
            }
            double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            logs.forEach(l -> out.add(l - mean));
        }
        return out;
    }
}
