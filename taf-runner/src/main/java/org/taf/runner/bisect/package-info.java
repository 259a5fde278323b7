/**
 * {@code taf bisect}: from "bad is slower than good" to "this commit made it slower". An orchestrator
 * like {@code run}: it walks the first-parent commits between the two, has each judged against good
 * by TAF's own verdict (a {@link org.taf.runner.bisect.Judge}), judges commits with the same engine
 * tree once, and keeps the evidence as {@code bisect.json} and a page of the site.
 */
package org.taf.runner.bisect;
