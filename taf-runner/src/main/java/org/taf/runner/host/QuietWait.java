package org.taf.runner.host;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * The quiet rule a run follows around each A/B pair. Before a pair it reads the host (or takes the reading made just
 * after the previous pair); while the reading is noisy and the run's wait budget ({@code host.quiet_wait}) lasts, it
 * waits {@link #RETRY} and reads again, saying so on the progress line. Past the budget the pair is measured anyway,
 * and the caller flags it. A reading is quiet when its CV is at most {@code host.max_cv_pct} and, once the host has
 * a history, its rate at least {@code host.min_capacity_pct} of the best the host has shown (the
 * {@link #BEST_QUANTILE} quantile of its readings, so that one lucky reading does not set the bar).
 */
public final class QuietWait {
    /** Pause between readings while waiting for the host to quieten. */
    static final Duration RETRY = Duration.ofSeconds(10);
    /** A reading this recent is the state the next pair starts in: no new probe is needed. */
    static final Duration FRESH = Duration.ofSeconds(5);
    /** Readings a host needs before its capacity is judged. */
    public static final int MIN_HISTORY = 10;
    /** The quantile of a host's readings taken as its best rate. */
    static final double BEST_QUANTILE = 0.9;

    private final HostOptions options;
    private final HostProbe probe;
    private final List<Double> rates = new ArrayList<>();
    private final Sleeper sleeper;
    private final Ticker ticker;
    private final PrintStream out;
    private long waitedNanos;
    private ProbeRecord last;
    private long lastAt;

    /**
     * @param history the host's stored readings, oldest first ({@code noise.json})
     * @param out     the progress lines
     */
    public QuietWait(HostOptions options, HostProbe probe, List<ProbeRecord> history, Sleeper sleeper, Ticker ticker,
                     PrintStream out) {
        this.options = options;
        this.probe = probe;
        history.forEach(r -> rates.add(r.rate()));
        this.sleeper = sleeper;
        this.ticker = ticker;
        this.out = out;
    }

    /** One reading now, judged, without waiting. */
    public ProbeRecord read(int pairsDone) {
        return read(pairsDone, 0);
    }

    /**
     * The host before pair {@code pairsDone + 1}: the readings taken for it, in order (none when the reading after
     * the previous pair is still fresh); {@link #last()} is the state the pair starts in.
     *
     * @throws InterruptedException when the run is interrupted while it waits
     */
    public List<ProbeRecord> beforePair(int pairsDone) throws InterruptedException {
        List<ProbeRecord> taken = new ArrayList<>();
        if (last == null || ticker.nanoTime() - lastAt > FRESH.toNanos()) {
            taken.add(read(pairsDone, 0));
        }
        long budget = options.quietWait().toNanos();
        if (last.quiet() || waitedNanos >= budget) {
            return taken;
        }
        long before = waitedNanos;
        while (!last.quiet() && waitedNanos < budget) {
            out.printf("taf: waiting for the host to quieten: %s (waited %s of %s)%n", last.describe(),
                    words(Duration.ofNanos(waitedNanos)), words(options.quietWait()));
            long t0 = ticker.nanoTime();
            sleeper.sleep(Duration.ofNanos(Math.min(RETRY.toNanos(), budget - waitedNanos)));
            long slept = ticker.nanoTime() - t0;
            waitedNanos += slept;
            taken.add(read(pairsDone, slept / 1e9));
        }
        String waitedFor = words(Duration.ofNanos(waitedNanos - before));
        out.println(last.quiet() ? "taf: the host is quiet again after " + waitedFor + " (" + last.describe() + ")"
                : "taf: the host is still noisy (" + last.describe() + ") after waiting " + words(options.quietWait())
                + " in all: measuring anyway, and the pairs measured now are flagged NOISY_SPELL");
        return taken;
    }

    /** Quiet now, by a few readings in a row ({@code taf host}): most of them were. */
    public static boolean mostlyQuiet(List<ProbeRecord> readings) {
        return 2 * readings.stream().filter(ProbeRecord::quiet).count() > readings.size();
    }

    /** The latest reading, or null before the first. */
    public ProbeRecord last() {
        return last;
    }

    /** Time spent waiting so far (sleeps only; the readings are part of the pairs' cost). */
    public Duration waited() {
        return Duration.ofNanos(waitedNanos);
    }

    private ProbeRecord read(int pairsDone, double waitedSeconds) {
        HostProbe.Reading r = probe.measure(options.probe());
        Double best = best();
        rates.add(r.rate());
        Double capacity = best == null ? null : 100 * r.rate() / best;
        boolean quiet = r.cvPct() <= options.maxCvPct() && (capacity == null || capacity >= options.minCapacityPct());
        last = new ProbeRecord(r.at(), pairsDone, r.seconds(), r.rate(), r.cvPct(), capacity, quiet, waitedSeconds);
        lastAt = ticker.nanoTime();
        return last;
    }

    /** The best rate this host has shown, or null while it has fewer than {@link #MIN_HISTORY} readings. */
    Double best() {
        if (rates.size() < MIN_HISTORY) {
            return null;
        }
        List<Double> sorted = rates.stream().sorted().toList();
        return sorted.get((int) Math.floor(BEST_QUANTILE * (sorted.size() - 1)));
    }

    /** 4m0s, 1m20s, 45s. */
    static String words(Duration d) {
        long s = Math.round(d.toMillis() / 1000.0);
        return s >= 60 ? String.format(Locale.ROOT, "%dm%ds", s / 60, s % 60) : s + "s";
    }
}
