/**
 * The results of a run as a versioned record tree (run, comparison, side, workload x threads,
 * iteration, per-second samples) with full provenance, written atomically as JSON.
 */
package org.taf.runner.results;
