package org.taf.runner.workload;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A scripted {@link SqlSession} for unit tests: records what is prepared and executed (parameters written in
 * as literals), counts SELECT as read, BEGIN/COMMIT as other and the rest as write, and lets a test inject
 * an SQLException before any execution.
 */
final class FakeSession implements SqlSession {
    /** Decides, per execution, whether it fails; null means it succeeds. */
    @FunctionalInterface
    interface Failure {
        SQLException before(FakeSession session, String sql) throws SQLException;
    }

    final List<String> prepared = new ArrayList<>();
    final List<String> executed = Collections.synchronizedList(new ArrayList<>());
    private final Counters counters;
    private final Failure failure;
    private String last = "";
    volatile boolean closed;
    volatile boolean aborted;

    FakeSession(Counters counters, Failure failure) {
        this.counters = counters;
        this.failure = failure;
    }

    @Override
    public Stmt prepare(String sql) {
        last = sql;
        prepared.add(sql);
        LiteralSql literal = new LiteralSql(sql);
        return new Stmt() {
            @Override
            public void setInt(int index, int value) {
                literal.set(index, value);
            }

            @Override
            public void setString(int index, String value) {
                literal.set(index, value);
            }

            @Override
            public void execute() throws SQLException {
                last = sql;
                run(literal.render());
            }
        };
    }

    @Override
    public org.taf.runner.workload.tprocc.TproccSql rows() {
        throw new UnsupportedOperationException("a scripted session runs no TPROC-C; see TproccTerminalTest");
    }

    @Override
    public void query(String sql) throws SQLException {
        last = sql;
        run(sql);
    }

    private void run(String sql) throws SQLException {
        if (closed) {
            throw new IllegalStateException("statement on a closed session: " + sql);
        }
        SQLException e = failure.before(this, sql);
        if (e != null) {
            throw e;
        }
        executed.add(sql);
        if (sql.startsWith("SELECT")) {
            counters.read();
        } else if (sql.equals("BEGIN") || sql.equals("COMMIT")) {
            counters.other();
        } else {
            counters.write();
        }
    }

    @Override
    public String lastSql() {
        return last;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public void abort() {
        aborted = true;
    }

    /** Opens FakeSessions and keeps them for inspection. */
    static final class Factory implements SessionFactory {
        final List<FakeSession> opened = new CopyOnWriteArrayList<>();
        private final Failure failure;
        private final List<SQLException> openFailures = Collections.synchronizedList(new ArrayList<>());

        Factory(Failure failure) {
            this.failure = failure;
        }

        Factory() {
            this((session, sql) -> null);
        }

        /** The next opens fail with these, in order. */
        Factory failOpens(SQLException... errors) {
            openFailures.addAll(List.of(errors));
            return this;
        }

        @Override
        public SqlSession open(Counters counters) throws SQLException {
            synchronized (openFailures) {
                if (!openFailures.isEmpty()) {
                    throw openFailures.remove(0);
                }
            }
            FakeSession s = new FakeSession(counters, failure);
            opened.add(s);
            return s;
        }
    }
}
