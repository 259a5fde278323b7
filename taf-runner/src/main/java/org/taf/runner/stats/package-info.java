/**
 * Statistics stage: turns the measured iterations of each workload x threads cell into a verdict
 * ({@link org.taf.runner.stats.CellVerdict}) with a hierarchical-bootstrap confidence interval, a
 * Mann-Whitney p-value, Benjamini-Hochberg control over the cells of a run, the minimal detectable
 * effect, TAF's classic threshold verdict beside it, and the adaptive loop's decision of whether to
 * measure another A/B pair ({@link org.taf.runner.stats.Statistics} is the entry point). Pure
 * functions of typed inputs and a seed; the formulas and their references are in
 * {@code docs/statistics.md}.
 */
package org.taf.runner.stats;
