/**
 * The outputs people and CI read: the static site (posts, index, workload history, Atom feed, JSON
 * data) rendered with Freemarker from view models built here, JUnit XML, and the plain-text summary.
 * Statistics come precomputed in the results; numbers derived for display (per-core throughput,
 * iteration medians) are computed once in the view models, never in templates.
 */
package org.taf.runner.report;
