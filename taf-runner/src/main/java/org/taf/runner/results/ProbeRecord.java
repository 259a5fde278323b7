package org.taf.runner.results;

import java.time.Instant;
import java.util.Objects;

/**
 * One reading of the host probe ({@code host.*}): how much work a short fixed task got done on this host, and how
 * steadily, at one moment of a run or of {@code taf host}. A run reads it before its first pair, after every pair
 * and, while the host is in a noisy spell, again each time it has waited.
 *
 * @param at            when the reading ended
 * @param pairsDone     A/B pairs the run had measured before it (0: before the first; -1: outside a run)
 * @param seconds       how long the probe ran
 * @param rate          the task's rate, units per second (comparable between readings of one host only)
 * @param cvPct         coefficient of variation of the rate over the probe's slices, in percent: a few percent on a
 *                      quiet host, 20-50% in a noisy spell
 * @param capacityPct   the rate against the best this host has shown ({@code noise.json}'s probe history), in
 *                      percent; null while the history is too short to say
 * @param quiet         whether the reading met the quiet rule ({@code host.max_cv_pct}, {@code host.min_capacity_pct})
 * @param waitedSeconds how long the run waited for the host to quieten just before this reading (0 when it did not)
 */
public record ProbeRecord(Instant at, int pairsDone, double seconds, double rate, double cvPct, Double capacityPct,
                          boolean quiet, double waitedSeconds) {
    public ProbeRecord {
        Objects.requireNonNull(at, "at");
    }

    /** "capacity 41%, CV 38%" (or "CV 38%" without a capacity): the reading as the progress lines quote it. */
    public String describe() {
        String cv = "CV " + Math.round(cvPct) + "%";
        return capacityPct == null ? cv : "capacity " + Math.round(capacityPct) + "%, " + cv;
    }
}
