package org.taf.runner.workload;

import java.sql.SQLException;

/** Opens the connection of one worker thread; {@link Counters} receives that session's statement counts. */
@FunctionalInterface
interface SessionFactory {
    SqlSession open(Counters counters) throws SQLException;
}
