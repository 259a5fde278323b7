/**
 * Runs statements over the embedded API. A {@link org.taf.engine.sql.exec.Session} plans each
 * statement once (names resolved to positions, WHERE turned into primary-key points or ranges,
 * secondary-index lookups or a full scan) and streams rows to a
 * {@link org.taf.engine.sql.exec.ResultSink}; prepared statements keep their plan.
 */
package org.taf.engine.sql.exec;
