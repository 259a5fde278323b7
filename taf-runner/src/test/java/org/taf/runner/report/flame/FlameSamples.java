package org.taf.runner.report.flame;

import org.taf.runner.jfr.CollapsedStacks;
import org.taf.runner.jfr.FoldedText;

/** Small synthetic stacks of an engine-like server, for the SVG goldens and the browser check. */
final class FlameSamples {
    static final String RUN = "java.lang.Thread.run;org.taf.engine.server.Connection.run;";
    static final String EXEC = RUN + "org.taf.engine.sql.exec.Session.execute;";
    static final String SELECT = EXEC + "org.taf.engine.sql.exec.SelectPlan.run;";
    static final long PARENT_TX = 1000;
    static final long PATCH_TX = 2000;

    private FlameSamples() {}

    /** The parent, per 1,000 transactions. */
    static CollapsedStacks parent() {
        return FoldedText.parse(EXEC + "org.taf.engine.sql.exec.Planner.plan 120\n"
                + SELECT + "org.taf.engine.btree.BTree.search 300\n"
                + SELECT + "org.taf.engine.buffer.BufferPool.get;org.taf.engine.buffer.PoolMutex.lock 80\n"
                + RUN + "org.taf.engine.server.Protocol.readPacket 60\n"
                + SELECT + "org.taf.engine.sql.exec.RowsPlan.legacyCopy 40\n"
                + "java.lang.Thread.run;org.taf.engine.buffer.PageCleaner.run 1\n"
                + EXEC + "org.taf.engine.sql.exec.Functions.<lambda>&\"quoted\" 12\n");
    }

    /**
     * The patch, per 2,000 transactions: the B-tree search doubled per transaction, the pool mutex
     * halved, planning unchanged, reading packets +5% (within the tolerance), an audit call new and
     * the legacy copy gone.
     */
    static CollapsedStacks patch() {
        return FoldedText.parse(EXEC + "org.taf.engine.sql.exec.Planner.plan 240\n"
                + SELECT + "org.taf.engine.btree.BTree.search 1200\n"
                + SELECT + "org.taf.engine.buffer.BufferPool.get;org.taf.engine.buffer.PoolMutex.lock 80\n"
                + RUN + "org.taf.engine.server.Protocol.readPacket 126\n"
                + EXEC + "org.taf.engine.sql.exec.Session.audit 50\n"
                + "java.lang.Thread.run;org.taf.engine.buffer.PageCleaner.run 2\n"
                + EXEC + "org.taf.engine.sql.exec.Functions.<lambda>&\"quoted\" 24\n");
    }
}
