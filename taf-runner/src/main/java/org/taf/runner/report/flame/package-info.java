/**
 * Where the time went: JFR recordings of the engine's measured windows (CPU samples and lock
 * contention), folded into collapsed stacks, and drawn as static SVG flame graphs, per side and as
 * a differential of patch against parent normalised per transaction. No JavaScript, no inline
 * styles: the graphs work under Jenkins' default Content-Security-Policy.
 */
package org.taf.runner.report.flame;
