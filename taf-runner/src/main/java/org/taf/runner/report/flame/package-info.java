/**
 * Flame graphs of the collapsed stacks a run recorded ({@code org.taf.runner.jfr}): static SVG, per side and as
 * a differential of patch against parent normalised per transaction. No JavaScript, no inline styles: the graphs
 * work under Jenkins' default Content-Security-Policy.
 */
package org.taf.runner.report.flame;
