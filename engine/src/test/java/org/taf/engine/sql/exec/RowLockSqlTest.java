package org.taf.engine.sql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Engine;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.db.StorageEngine;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.parse.Parser;

/**
 * Row locks on composite keys through SQL, as TPROC-C's hot district row sees them: SELECT ...
 * FOR UPDATE and UPDATE take the row's exclusive lock until the transaction ends, a second writer
 * waits (and sees the first one's committed value), a cycle is a deadlock (1213, the victim's
 * transaction rolled back), a wait past innodb_lock_wait_timeout is 1205 (the statement alone).
 */
class RowLockSqlTest {
    @TempDir
    Path dir;
    Engine engine;
    Session one;
    Session two;

    @BeforeEach
    void open() {
        engine = StorageEngine.open(EngineConfig.defaults().with("datadir", dir.toString())
                .with("innodb_buffer_pool_size", "8M")
                .with("innodb_lock_wait_timeout", "2"));
        engine.createDatabase("tpcc", false);
        one = session(1);
        two = session(2);
        sql(one, "CREATE TABLE district (d_id INT NOT NULL, d_w_id INT NOT NULL, d_next_o_id INT,"
                + " PRIMARY KEY (d_w_id, d_id))");
        sql(one, "INSERT INTO district VALUES (1, 1, 3001), (2, 1, 3001)");
    }

    @AfterEach
    void close() {
        one.close();
        two.close();
        engine.close();
    }

    private Session session(long id) {
        Session s = new Session(engine, new SessionContext(id, "root", "127.0.0.1", () -> Map.of()));
        s.useDatabase("tpcc");
        return s;
    }

    private static List<List<Object>> sql(Session s, String text) {
        CollectingSink sink = new CollectingSink();
        Parser.parse(text).statements().forEach(st -> s.execute(st, sink));
        return sink.rows;
    }

    @Test
    void forUpdateMakesTheNextWriterWaitAndSeeTheCommittedValue() throws Exception {
        sql(one, "BEGIN");
        assertThat(sql(one, "SELECT d_next_o_id FROM district WHERE d_id = 1 AND d_w_id = 1 FOR UPDATE"))
                .containsExactly(List.of(3001L));
        long waits = engine.status().get("Innodb_row_lock_waits");
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<List<List<Object>>> waiter = CompletableFuture.supplyAsync(() -> {
            sql(two, "BEGIN");
            started.countDown();
            List<List<Object>> seen = sql(two, "SELECT d_next_o_id FROM district WHERE d_id = 1 AND d_w_id = 1 FOR "
                    + "UPDATE");
            sql(two, "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_id = 1 AND d_w_id = 1");
            sql(two, "COMMIT");
            return seen;
        });
        started.await();
        for (int i = 0; i < 200 && engine.status().get("Innodb_row_lock_waits") == waits; i++) {
            Thread.sleep(5); // until the second session waits for the lock (bounded: 1 s, within the 2 s timeout)
        }
        assertThat(engine.status().get("Innodb_row_lock_waits")).isEqualTo(waits + 1);
        assertThat(sql(one, "SELECT d_next_o_id FROM district WHERE d_id = 2 AND d_w_id = 1 FOR UPDATE"))
                .as("another district's row is another lock").containsExactly(List.of(3001L));
        sql(one, "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_id = 1 AND d_w_id = 1");
        sql(one, "COMMIT");
        assertThat(waiter.get(10, TimeUnit.SECONDS)).containsExactly(List.of(3002L));
        assertThat(sql(one, "SELECT d_next_o_id FROM district WHERE d_w_id = 1 ORDER BY d_id"))
                .containsExactly(List.of(3003L), List.of(3001L));
    }

    @Test
    void aCycleIsADeadlockThatRollsTheVictimBack() throws Exception {
        sql(one, "BEGIN");
        sql(two, "BEGIN");
        sql(one, "UPDATE district SET d_next_o_id = 1 WHERE d_w_id = 1 AND d_id = 1");
        sql(two, "UPDATE district SET d_next_o_id = 2 WHERE d_w_id = 1 AND d_id = 2");
        long waits = engine.status().get("Innodb_row_lock_waits");
        CompletableFuture<Void> first = CompletableFuture.runAsync(
                () -> sql(one, "SELECT * FROM district WHERE d_w_id = 1 AND d_id = 2 FOR UPDATE"));
        for (int i = 0; i < 200 && engine.status().get("Innodb_row_lock_waits") == waits; i++) {
            Thread.sleep(5);
        }
        assertThatThrownBy(() -> sql(two, "SELECT * FROM district WHERE d_w_id = 1 AND d_id = 1 FOR UPDATE"))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.number()).isEqualTo(1213));
        first.get(10, TimeUnit.SECONDS);
        assertThat(two.inTransaction()).as("the victim's transaction is over").isFalse();
        sql(one, "COMMIT");
        assertThat(sql(two, "SELECT d_next_o_id FROM district WHERE d_w_id = 1 ORDER BY d_id"))
                .containsExactly(List.of(1L), List.of(3001L));
    }

    @Test
    void aLongWaitTimesOutTheStatementOnly() {
        sql(one, "BEGIN");
        sql(one, "UPDATE district SET d_next_o_id = 5 WHERE d_w_id = 1 AND d_id = 1");
        sql(two, "BEGIN");
        sql(two, "UPDATE district SET d_next_o_id = 7 WHERE d_w_id = 1 AND d_id = 2");
        assertThatThrownBy(() -> sql(two, "UPDATE district SET d_next_o_id = 6 WHERE d_w_id = 1 AND d_id = 1"))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.number()).isEqualTo(1205));
        assertThat(two.inTransaction()).isTrue();
        sql(one, "COMMIT");
        sql(two, "COMMIT");
        assertThat(sql(one, "SELECT d_next_o_id FROM district WHERE d_w_id = 1 ORDER BY d_id"))
                .containsExactly(List.of(5L), List.of(7L));
    }
}
