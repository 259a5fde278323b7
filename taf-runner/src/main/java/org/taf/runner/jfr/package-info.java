/**
 * Where the engine's time went, as the measuring side records it: JFR recordings of the engine's measured windows
 * (CPU samples and lock contention; {@link org.taf.runner.jfr.JfrRecordingOptions}) folded into collapsed stacks
 * ({@link org.taf.runner.jfr.JfrFolder}). The outputs draw them ({@code report.flame}); nothing here renders.
 */
package org.taf.runner.jfr;
