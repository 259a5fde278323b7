/**
 * Statistics stage: turns the measured A/B pairs of each workload x threads cell into a verdict
 * ({@link org.taf.runner.stats.CellVerdict}, which the results store as it is) with a paired t interval and
 * test per metric, Benjamini-Hochberg control over the metrics and cells of a comparison, the minimal
 * detectable effect, the variance components, TAF's classic threshold verdict beside it, and the adaptive
 * loop's decision of whether to measure another A/B pair ({@link org.taf.runner.stats.Statistics} is the
 * entry point). Pure functions of typed inputs and a seed; the formulas and their references are in
 * {@code docs/statistics.md}.
 */
package org.taf.runner.stats;
