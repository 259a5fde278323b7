/**
 * What a run and the commands hand to CI and tools: the text, Markdown and JSON summaries, JUnit XML, the CSV and
 * JMH exports, and {@code Outputs}, which writes a finished run's files and its post on the site. On top of the
 * other report packages: none of them imports it.
 */
package org.taf.runner.report.output;
