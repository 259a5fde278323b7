package org.taf.runner.results;

import java.util.List;
import java.util.Objects;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.Questions;

/**
 * The effective rules a run is judged by, stored with it from its start, so its verdicts and flags can be
 * read and re-checked without the definition.
 *
 * @param analysis      the analysis, e.g. "paired t over A/B pairs"
 * @param warningPct    {@code verdict.warning_pct}: the smallest change called
 * @param failPct       {@code verdict.fail_pct}: the drop the plan is sized to catch
 * @param gainPct       {@code verdict.gain_pct}: the classic verdict's GAIN
 * @param metrics       {@code verdict.metrics}: the metrics that may decide
 * @param confidence    {@code stats.confidence}
 * @param fdr           {@code stats.fdr}
 * @param power         {@code stats.power}
 * @param firstLook     pairs before the first look ({@code measure.iterations}, at least 3)
 * @param maxPairs      {@code stats.max_pairs}
 * @param budgetSeconds {@code stats.budget}, seconds
 * @param counterMarginPct {@code verdict.counter_margin_pct}; null in files judged before counters
 * @param hostNoise     the host's CPU use that flags an iteration {@code HOST_NOISE} ({@code profile.noise.*})
 * @param questions     {@code verdict.question} and its keys per workload (format 5), per metric and per workload
 *                      and metric (format 6); before format 5, equivalence
 */
public record JudgementRecord(String analysis, double warningPct, double failPct, double gainPct,
                              List<Metric> metrics, double confidence, double fdr, double power, int firstLook,
                              int maxPairs, long budgetSeconds, Double counterMarginPct, NoiseThresholds hostNoise,
                              Questions questions) {
    @com.fasterxml.jackson.annotation.JsonCreator
    public JudgementRecord {
        metrics = List.copyOf(metrics);
        Objects.requireNonNull(hostNoise, "hostNoise");
        questions = questions == null ? Questions.EQUIVALENCE : questions;
    }

    /** Rules whose every cell asks equivalence. */
    public JudgementRecord(String analysis, double warningPct, double failPct, double gainPct, List<Metric> metrics,
                           double confidence, double fdr, double power, int firstLook, int maxPairs,
                           long budgetSeconds, Double counterMarginPct, NoiseThresholds hostNoise) {
        this(analysis, warningPct, failPct, gainPct, metrics, confidence, fdr, power, firstLook, maxPairs,
                budgetSeconds, counterMarginPct, hostNoise, Questions.EQUIVALENCE);
    }
}
