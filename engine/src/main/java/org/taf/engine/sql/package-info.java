/**
 * The SQL layer over the embedded API: {@code parse} turns text into the statements of {@code ast},
 * {@code exec} plans and runs them in a session. Errors a client sees are {@link org.taf.engine.sql.SqlException}.
 */
package org.taf.engine.sql;
