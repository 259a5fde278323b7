/**
 * One run's post: its view model ({@code PostView}) and the builders only the post uses (headlines, the summary
 * table and forest plot, the thread sweep, the charts, the comparisons, flame graphs, the environment). Apart from
 * the site so that the site's shared pages (the digests, index, history) can read what a post says without the
 * post's builders reading the site.
 */
package org.taf.runner.report.post;
