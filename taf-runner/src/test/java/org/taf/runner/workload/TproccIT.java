package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.SampleListener;
import org.taf.runner.workload.tprocc.JdbcTproccSql;
import org.taf.runner.workload.tprocc.TproccRandom;
import org.taf.runner.workload.tprocc.TproccScale;
import org.taf.runner.workload.tprocc.TproccTerminal;
import org.taf.runner.workload.tprocc.Transaction;

/**
 * TPROC-C against TAF's engine and a real MariaDB side by side, on the same small data set (2 warehouses, 1,000
 * items, 30 customers per district): the loaded data meets TPC-C's consistency conditions on both; one seeded
 * virtual user sends the same number of statements per transaction to both; the load generator runs the mix on
 * both with new orders counted (NOPM); the conditions still hold after it, and a corrupted table fails them, named.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(600)
class TproccIT {
    private static final int WAREHOUSES = 2;
    private static final TproccScale SCALE = new TproccScale(1_000, 30);
    private static final long SEED = 17;
    private static final int TRANSACTIONS = 400;

    private TafEngineServer engine;
    private MariaDbServer mariaDb;
    private WorkloadOptions onEngine;
    private WorkloadOptions onMariaDb;

    @BeforeAll
    void start() throws Exception {
        engine = TafEngineServer.start();
        mariaDb = MariaDbServer.start();
        onEngine = loaded(engine.server());
        onMariaDb = loaded(mariaDb.server());
    }

    @AfterAll
    void stop() throws Exception {
        if (engine != null) {
            engine.close();
        }
        if (mariaDb != null) {
            mariaDb.close();
        }
    }

    private static WorkloadOptions loaded(TestServer server) {
        ConnectionSettings db = server.database("tprocc_it");
        WorkloadOptions o = WorkloadOptions.builder(db).warehouses(WAREHOUSES).tproccScale(SCALE).seed(SEED)
                .reportInterval(Duration.ofMillis(500)).build();
        new DataLoader(db).prepare(o.dataSpec(List.of(Workload.TPROC_C)), 2);
        TproccConsistency.check(db, WAREHOUSES, "after loading");
        return o;
    }

    @Test
    void oneVirtualUserSendsTheSameStatementsPerTransactionToBoth() throws SQLException {
        Map<Transaction, Long> onTheEngine = statementsPerTransaction(onEngine);
        Map<Transaction, Long> onMaria = statementsPerTransaction(onMariaDb);
        assertThat(onTheEngine).isEqualTo(onMaria);
        assertThat(onTheEngine.keySet()).containsExactlyInAnyOrder(Transaction.values());
        TproccConsistency.check(onEngine.connection(), WAREHOUSES, "after the terminal");
        TproccConsistency.check(onMariaDb.connection(), WAREHOUSES, "after the terminal");
    }

    /** Statements by transaction of {@link #TRANSACTIONS} seeded transactions of warehouse 1's virtual user. */
    private static Map<Transaction, Long> statementsPerTransaction(WorkloadOptions o) throws SQLException {
        Map<Transaction, Long> out = new EnumMap<>(Transaction.class);
        long[] statements = new long[1];
        JdbcTproccSql.Listener count = new JdbcTproccSql.Listener() {
            @Override
            public void executing(String sql) {
            }

            @Override
            public void counted(JdbcTproccSql.Kind kind) {
                statements[0]++;
            }
        };
        try (Connection c = Jdbc.connect(o.connection())) {
            TproccTerminal t = new TproccTerminal(new JdbcTproccSql(c, count), TproccRandom.forRun(SEED, 0), SCALE,
                    WAREHOUSES, 1, () -> new Timestamp(System.currentTimeMillis()));
            for (int i = 0; i < TRANSACTIONS; i++) {
                long before = statements[0];
                Transaction done = t.next().transaction();
                out.merge(done, statements[0] - before, Long::sum);
            }
        }
        return out;
    }

    @Test
    void theLoadGeneratorRunsTheMixAndCountsNewOrders() {
        for (WorkloadOptions o : new WorkloadOptions[] {onEngine, onMariaDb}) {
            WorkloadResult r = new LoadGenerator(o, System.out).run(Workload.TPROC_C, 2, Duration.ofSeconds(3),
                    SampleListener.NONE);
            Counts t = r.totals();
            assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.DURATION);
            assertThat(t.events()).as("transactions on %s", o.connection().address()).isPositive();
            assertThat(t.newOrders()).as("new orders").isPositive().isLessThan(t.events());
            assertThat(r.nopm()).isPositive();
            assertThat(t.reconnects()).isZero();
            // two virtual users on two warehouses: lock waits are rare, and none may turn into a lost connection
            assertThat(t.errors()).as("errors").isLessThanOrEqualTo(t.events() / 20);
            assertThat(r.samples()).isNotEmpty();
            TproccConsistency.check(o.connection(), WAREHOUSES, "after the load generator");
        }
    }

    @Test
    void aCorruptedTableFailsTheCheckNamingTheCondition() throws SQLException {
        ConnectionSettings db = engine.server().database("tprocc_corrupt");
        WorkloadOptions o = WorkloadOptions.builder(db).warehouses(1).tproccScale(SCALE).seed(SEED).build();
        new DataLoader(db).prepare(o.dataSpec(List.of(Workload.TPROC_C)), 1);
        TproccConsistency.check(db, 1, "after loading");
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = 5"
                    + " AND ol_number = 1");
        }
        assertThatThrownBy(() -> TproccConsistency.check(db, 1, "after the run"))
                .isInstanceOf(WorkloadException.class)
                .hasMessageStartingWith("TPC-C consistency condition 4 fails in warehouse 1, district 3:")
                .hasMessageContaining("(after the run, ");
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1");
        }
        assertThatThrownBy(() -> TproccConsistency.check(db, 1, "after the run"))
                .hasMessageStartingWith("TPC-C consistency condition 1 fails in warehouse 1: W_YTD 300001.00");
    }
}
