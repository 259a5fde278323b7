/**
 * What every output shares: the edition's words ({@code Messages}), number formats, the verdict, counter, CPU,
 * host and rate texts, the summary rows, the warnings, the site's paths and page frame, Markdown, SVG and HTML
 * escaping. Here so that the summaries, the post and the site say the same thing in the same words; the outputs
 * themselves are in {@code post}, {@code site} and {@code output}, which import this package and never the
 * other way round. Statistics come precomputed in the results; numbers derived for display are computed once.
 */
package org.taf.runner.report;
