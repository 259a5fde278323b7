package org.taf.runner.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.taf.runner.workload.tprocc.ConsistencyCheck;
import org.taf.runner.workload.tprocc.JdbcTproccSql;

/**
 * TPC-C's consistency conditions 1-4 on a server, for the stages that run them: after the data is loaded
 * ({@code workload.check_after_load}) and after each engine start's measurement ({@code workload.check_after_run}).
 * A condition that does not hold is a {@link WorkloadException} naming it, never a number.
 */
public final class TproccConsistency {
    private TproccConsistency() {}

    /**
     * Checks warehouses 1..{@code warehouses} of the server at {@code c}.
     *
     * @param when how the message says when, e.g. {@code after loading}
     * @throws WorkloadException naming the first conditions that fail, or why the server could not be read
     */
    public static void check(ConnectionSettings c, int warehouses, String when) {
        List<ConsistencyCheck.Violation> violations;
        try (Connection conn = Jdbc.connect(c)) {
            violations = ConsistencyCheck.check(new JdbcTproccSql(conn, JdbcTproccSql.Listener.NONE), warehouses);
        } catch (SQLException e) {
            throw new WorkloadException("cannot check TPC-C consistency " + when + " on " + c.address() + ": "
                    + Jdbc.describe(e), e);
        }
        if (!violations.isEmpty()) {
            throw new WorkloadException(ConsistencyCheck.describe(violations) + " (" + when + ", " + c.address()
                    + ")");
        }
    }
}
