/**
 * The static site: publishing (build beside, swap in, render only what changed), the runs it holds (their digests
 * in {@code data/}, their records in a {@code RunStore}), the index, the history pages and their change points,
 * the Regressions page, the Atom feed and the other pages, rendered with Freemarker. It renders each post from
 * {@code post} and reads only what its runs' digests keep for the rest.
 */
package org.taf.runner.report.site;
