package org.taf.engine.sql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Engine;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.db.StorageEngine;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.sql.parse.Parser;

/**
 * The redo log seen through SQL: statement-level rollback inside a transaction, SET GLOBAL of the
 * two dynamic log variables (and refusals), the counters in SHOW GLOBAL STATUS, and read-only
 * autocommit selects that never touch the log.
 */
class RedoSessionTest {
    @TempDir
    Path dir;
    Engine engine;
    Session a;
    Session b;

    @BeforeEach
    void open() {
        engine = StorageEngine.open(EngineConfig.defaults()
                .with("datadir", dir.toString())
                .with("innodb_buffer_pool_size", "8M")
                .with("innodb_lock_wait_timeout", "1"));
        a = session(1);
        b = session(2);
        run(a, "CREATE DATABASE d");
        run(a, "USE d");
        run(b, "USE d");
        run(a, "CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id))");
        run(a, "CREATE INDEX k_1 ON t(k)");
        run(a, "INSERT INTO t VALUES (1, 10), (2, 20), (3, 30), (5, 50), (6, 60)");
    }

    @AfterEach
    void close() {
        a.close();
        b.close();
        engine.close();
    }

    private Session session(long id) {
        return new Session(engine, new SessionContext(id, "root", "127.0.0.1", Map::of));
    }

    private static CollectingSink run(Session s, String sql) {
        CollectingSink sink = new CollectingSink();
        for (Statement st : Parser.parse(sql).statements()) {
            s.execute(st, sink);
        }
        return sink;
    }

    private static SqlException fails(Session s, String sql) {
        try {
            run(s, sql);
        } catch (SqlException e) {
            return e;
        }
        throw new AssertionError("no error from " + sql);
    }

    private List<List<Object>> rows(Session s, String sql) {
        return run(s, sql).rows;
    }

    @Test
    void aFailedStatementInATransactionUndoesOnlyItself() {
        run(a, "BEGIN");
        run(a, "UPDATE t SET k = 11 WHERE id = 1");
        // The third row is a duplicate: the statement fails after inserting two rows, which go again.
        assertThat(fails(a, "INSERT INTO t VALUES (7, 70), (8, 80), (2, 99)").number()).isEqualTo(1062);
        assertThat(rows(a, "SELECT id FROM t WHERE id >= 7")).isEmpty();
        assertThat(rows(a, "SELECT k FROM t WHERE id = 1")).containsExactly(List.of(11L));
        assertThat(a.inTransaction()).as("the transaction goes on").isTrue();
        run(a, "INSERT INTO t VALUES (9, 90)");
        run(a, "COMMIT");
        assertThat(rows(b, "SELECT id, k FROM t ORDER BY id")).containsExactly(List.of(1L, 11L), List.of(2L, 20L),
                List.of(3L, 30L), List.of(5L, 50L), List.of(6L, 60L), List.of(9L, 90L));
        assertThat(rows(b, "SELECT id FROM t WHERE k BETWEEN 70 AND 80")).as("no index entry left behind").isEmpty();
    }

    @Test
    void aLockWaitTimeoutRollsBackTheStatementAndKeepsTheTransaction() {
        run(a, "BEGIN");
        run(a, "UPDATE t SET k = 51 WHERE id = 5");
        run(b, "BEGIN");
        run(b, "UPDATE t SET k = 61 WHERE id = 6");
        // Locks row 3, then waits for row 5 and times out: row 3 is put back, row 6 stays changed.
        assertThat(fails(b, "UPDATE t SET k = k + 1 WHERE id IN (3, 5)").number()).isEqualTo(1205);
        run(a, "COMMIT");
        run(b, "COMMIT");
        assertThat(rows(a, "SELECT id, k FROM t WHERE id IN (3, 5, 6) ORDER BY id"))
                .containsExactly(List.of(3L, 30L), List.of(5L, 51L), List.of(6L, 61L));
    }

    @Test
    void setGlobalChangesTheDynamicLogVariablesAndRefusesBadValues() {
        run(a, "SET GLOBAL innodb_flush_log_at_trx_commit = 2");
        run(a, "SET GLOBAL innodb_log_spin_wait_delay = 30");
        assertThat(rows(b, "SELECT @@innodb_flush_log_at_trx_commit, @@global.innodb_log_spin_wait_delay"))
                .containsExactly(List.of(2L, 30L));
        assertThat(rows(b, "SHOW GLOBAL VARIABLES LIKE 'innodb_log_spin_wait_delay'"))
                .containsExactly(List.of("innodb_log_spin_wait_delay", "30"));
        assertThat(fails(a, "SET GLOBAL innodb_flush_log_at_trx_commit = 4").getMessage())
                .isEqualTo("Variable 'innodb_flush_log_at_trx_commit' can't be set to the value of '4'"
                        + " (innodb_flush_log_at_trx_commit = '4': must be between 0 and 3)");
        assertThat(fails(a, "SET GLOBAL innodb_log_spin_wait_delay = 6001").number()).isEqualTo(1231);
        assertThat(fails(a, "SET GLOBAL innodb_log_spin_wait_delay = 'fast'").number()).isEqualTo(1232);
        assertThat(fails(a, "SET innodb_log_spin_wait_delay = 1").number()).as("a GLOBAL variable").isEqualTo(1229);
        assertThat(fails(a, "SET GLOBAL innodb_log_file_size = 1048576").number())
                .as("needs a restart")
                .isEqualTo(1235);
        run(a, "SET GLOBAL innodb_flush_log_at_trx_commit = DEFAULT");
        assertThat(rows(b, "SELECT @@innodb_flush_log_at_trx_commit")).containsExactly(List.of(1L));
        assertThat(rows(b, "SELECT @@innodb_log_spin_wait_delay")).containsExactly(List.of(30L));
    }

    @Test
    void readOnlyAutocommitSelectsDoNotTouchTheLogAndWritesAreCounted() {
        Map<String, Long> before = engine.status();
        for (int i = 0; i < 100; i++) {
            run(b, "SELECT k FROM t WHERE id = 3");
        }
        Map<String, Long> after = engine.status();
        for (String n : List.of("Innodb_log_write_requests", "Innodb_log_writes", "Innodb_os_log_fsyncs",
                "Innodb_log_lsn_lock_acquisitions", "Innodb_lsn_current")) {
            assertThat(after.get(n)).as(n + " after 100 point selects").isEqualTo(before.get(n));
        }
        run(a, "UPDATE t SET k = k + 1 WHERE id = 3");
        Map<String, Long> w = engine.status();
        assertThat(w.get("Innodb_log_write_requests") - after.get("Innodb_log_write_requests"))
                .as("clustered record, two index entries, the commit record and the purge").isEqualTo(5);
        assertThat(w.get("Innodb_os_log_fsyncs") - after.get("Innodb_os_log_fsyncs")).isEqualTo(1);
        assertThat(w.get("Innodb_log_commit_flush_requests") - after.get("Innodb_log_commit_flush_requests"))
                .isEqualTo(1);
        assertThat(w.get("Innodb_lsn_flushed")).isEqualTo(w.get("Innodb_lsn_current"));
        assertThat(rows(a, "SHOW GLOBAL STATUS LIKE 'Innodb_log_lsn_lock%'")).extracting(r -> r.get(0)).containsExactly(
                "Innodb_log_lsn_lock_acquisitions", "Innodb_log_lsn_lock_spin_rounds", "Innodb_log_lsn_lock_waits");
        assertThat(rows(a, "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_LRU%'")).extracting(r -> r.get(0))
                .containsExactly("Innodb_buffer_LRU_search_num_scan", "Innodb_buffer_LRU_search_scanned");
    }
}
