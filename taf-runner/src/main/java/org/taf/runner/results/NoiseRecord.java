package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The noise of one workload x threads on one host, one entry of {@code noise.json}: the variance
 * components of ln TPS and the cost of an engine start, measured by {@code taf calibrate} (A/A pairs)
 * or by the latest run, and the spread of pairs each design was last measured with.
 *
 * @param hostFingerprint stable id of the host (CPU model, cores, logical CPUs, memory, kernel)
 * @param host            the same facts, readable
 * @param workload        TAF's test name
 * @param threads         client threads
 * @param betweenSd       SD of ln TPS between engine starts beyond the samples' own noise (about a CV)
 * @param withinSd        SD of ln TPS of one sample within a start
 * @param sampleSeconds   length of a sample ({@code workload.report_interval}), seconds
 * @param samplesPerStart measured samples per start
 * @param starts          engine starts measured
 * @param startSeconds    mean cost of a start (launch, rest, warm-up), seconds
 * @param measuredAt      when
 * @param runId           the run whose results.json holds the raw samples
 * @param designs         the latest measured pair spread per design (format 3; empty in format 2 files)
 * @param spell           the spread of the latest pairs measured here in a noisy spell (flagged NOISY_SPELL), or
 *                        null when none was: what a run that must measure in a spell now would see
 */
public record NoiseRecord(String hostFingerprint, String host, String workload, int threads, double betweenSd,
                          double withinSd, double sampleSeconds, int samplesPerStart, int starts,
                          double startSeconds, Instant measuredAt, String runId, List<DesignNoise> designs,
                          SpellNoise spell) {
    /** Fewest pairs measured in a spell whose spread is kept. */
    public static final int MIN_SPELL_PAIRS = 3;

    /**
     * How pairs measured in a noisy spell spread on this host.
     *
     * @param pairSd     SD of their TPS log-ratios
     * @param pairs      how many
     * @param measuredAt when
     * @param runId      the run they come from
     */
    public record SpellNoise(double pairSd, int pairs, Instant measuredAt, String runId) {}

    private static final Comparator<DesignNoise> ORDER = Comparator.comparing(DesignNoise::mode)
            .thenComparingInt(DesignNoise::windows).thenComparingDouble(DesignNoise::windowSeconds);

    @JsonCreator
    public NoiseRecord {
        Objects.requireNonNull(hostFingerprint, "hostFingerprint");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(measuredAt, "measuredAt");
        designs = designs == null ? List.of() : designs.stream().sorted(ORDER).toList();
    }

    /** True when this entry is for that host and cell. */
    public boolean isFor(String fingerprint, String workloadName, int threadCount) {
        return hostFingerprint.equals(fingerprint) && workload.equals(workloadName) && threads == threadCount;
    }

    /** The pair spread stored for this design, if it was measured in enough pairs to plan with. */
    public Optional<DesignNoise> design(MeasureMode mode, int windows, double windowSeconds) {
        return designs.stream().filter(d -> d.isDesign(mode, windows, windowSeconds) && d.plannable()).findFirst();
    }

    /**
     * The latest alternating design with windows of this length whose components were estimated (in
     * enough pairs to plan with): it predicts the pair spread of any number of windows per start.
     */
    public Optional<DesignNoise> alternation(double windowSeconds) {
        return designs.stream().filter(d -> d.mode() == MeasureMode.ALTERNATE && d.hasComponents() && d.plannable()
                && d.hasWindowsOf(windowSeconds)).max(Comparator.comparing(DesignNoise::measuredAt));
    }

    /**
     * This (fresher) entry keeping the designs of {@code older} that it did not measure again: a run
     * measures one design, and the others' last spread stays what a plan or {@code auto} compares with. So does
     * the spread of the last spell, when this run measured none.
     */
    public NoiseRecord keepingDesignsOf(NoiseRecord older) {
        List<DesignNoise> merged = new ArrayList<>(designs);
        for (DesignNoise d : older.designs()) {
            if (merged.stream().noneMatch(m -> m.isDesign(d.mode(), d.windows(), d.windowSeconds()))) {
                merged.add(d);
            }
        }
        return new NoiseRecord(hostFingerprint, host, workload, threads, betweenSd, withinSd, sampleSeconds,
                samplesPerStart, starts, startSeconds, measuredAt, runId, merged,
                spell != null ? spell : older.spell());
    }
}
