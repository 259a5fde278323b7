package org.taf.runner.workload;

import java.sql.SQLException;
import java.sql.Timestamp;
import org.taf.runner.workload.tprocc.TproccRandom;
import org.taf.runner.workload.tprocc.TproccSql;
import org.taf.runner.workload.tprocc.TproccTerminal;

/**
 * TPROC-C as a worker's event: the thread is a virtual user homed on warehouse {@code thread % warehouses + 1}
 * (HammerDB spreads its virtual users over the warehouses too; round robin keeps every run's homes the same),
 * and each event is one transaction of the mix. A committed new order is counted before the event ends. A
 * transaction that fails is rolled back before the worker restarts or reconnects: a lock wait timeout undoes only
 * its statement, and the next transaction must not inherit the rest.
 */
final class TproccEvents {
    private TproccEvents() {}

    static Event create(EventContext ctx) throws SQLException {
        WorkloadOptions o = ctx.options();
        TproccSql sql = ctx.session().rows();
        TproccTerminal terminal = new TproccTerminal(sql, TproccRandom.forRun(o.seed(), ctx.thread()),
                o.tproccScale(), o.warehouses(), ctx.thread() % o.warehouses() + 1,
                () -> new Timestamp(System.currentTimeMillis()));
        return () -> {
            try {
                if (terminal.next().newOrder()) {
                    ctx.counters().newOrder();
                }
            } catch (SQLException e) {
                sql.abandon();
                throw e;
            }
        };
    }
}
