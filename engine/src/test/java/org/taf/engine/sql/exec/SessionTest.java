package org.taf.engine.sql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
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

/** The executor over the real engine: sysbench's statements and the session semantics around them. */
class SessionTest {
    @TempDir
    Path dir;
    Engine engine;
    Session session;

    @BeforeEach
    void open() {
        engine = StorageEngine.open(
                EngineConfig.defaults().with("datadir", dir.toString()).with("innodb_buffer_pool_size", "8M"));
        session = newSession(1);
        run("CREATE DATABASE sbtest");
        run("USE sbtest");
        run("CREATE TABLE sbtest1(id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, c CHAR(120)"
                + " DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id)) /*! ENGINE = innodb"
                + " */");
        StringBuilder insert = new StringBuilder("INSERT INTO sbtest1(k, c, pad) VALUES");
        for (int i = 1; i <= 200; i++) {
            insert.append(i == 1 ? "" : ",")
                    .append("(")
                    .append(i % 10)
                    .append(", 'c-")
                    .append(1000 - i)
                    .append("', 'p')");
        }
        CollectingSink ok = run(insert.toString());
        assertThat(ok.affected).isEqualTo(200);
        assertThat(ok.lastInsertId).isEqualTo(1);
        run("CREATE INDEX k_1 ON sbtest1(k)");
    }

    @AfterEach
    void close() {
        session.close();
        engine.close();
    }

    private Session newSession(long id) {
        return new Session(engine, new SessionContext(id, "root", "127.0.0.1", () -> Map.of("Threads_connected", 1L)));
    }

    private CollectingSink run(String sql) {
        return run(session, sql);
    }

    private static CollectingSink run(Session s, String sql) {
        CollectingSink sink = new CollectingSink();
        for (Statement st : Parser.parse(sql).statements()) {
            s.execute(st, sink);
        }
        return sink;
    }

    private CollectingSink exec(String sql, Object... params) {
        PreparedQuery q = session.prepare(sql);
        CollectingSink sink = new CollectingSink();
        session.execute(q, params, sink);
        return sink;
    }

    @Test
    void sysbenchReads() {
        assertThat(exec("SELECT c FROM sbtest1 WHERE id=?", 5L).rows).containsExactly(List.of("c-995"));
        assertThat(exec("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?", 3L, 5L).rows)
                .containsExactly(List.of("c-997"), List.of("c-996"), List.of("c-995"));
        assertThat(exec("SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?", 1L, 10L).rows)
                .containsExactly(List.of(new BigDecimal(45)));
        assertThat(exec("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", 3L, 5L).rows)
                .containsExactly(List.of("c-995"), List.of("c-996"), List.of("c-997"));
        assertThat(exec("SELECT DISTINCT k FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY k DESC", 1L, 30L).rows)
                .hasSize(10).first().isEqualTo(List.of(9L));
        assertThat(exec("SELECT id, k, c, pad FROM sbtest1 WHERE k IN (?, ?, ?)", 3L, 3L, 11L).rows)
                .hasSize(20).allSatisfy(r -> assertThat(r.get(1)).isEqualTo(3L));
        assertThat(exec("SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ?", 1L, 2L, 2L, 3L)
                        .rows)
                .containsExactly(List.of(60L));
        assertThat(exec("SELECT id FROM sbtest1 WHERE id IN (7, 3, 3, 500, 1)").rows)
                .containsExactly(List.of(1L), List.of(3L), List.of(7L));
        assertThat(exec("SELECT id FROM sbtest1 WHERE id BETWEEN 2.5 AND 4").rows)
                .containsExactly(List.of(3L), List.of(4L));
    }

    @Test
    void columnCountAndTypesAreKnownAtPrepare() {
        PreparedQuery q = session.prepare("SELECT id, c, SUM(k) AS s FROM sbtest1 WHERE id=?");
        assertThat(q.paramCount()).isEqualTo(1);
        assertThat(q.columns().list()).extracting(ResultColumn::name, ResultColumn::type).containsExactly(
                org.assertj.core.groups.Tuple.tuple("id", SqlType.INT),
                org.assertj.core.groups.Tuple.tuple("c", SqlType.CHAR),
                org.assertj.core.groups.Tuple.tuple("s", SqlType.DECIMAL));
        assertThat(q.columns().get(0).flags() & ResultColumn.PRIMARY_KEY).isNotZero();
        assertThat(session.prepare("UPDATE sbtest1 SET k=k+1 WHERE id=?").columns()).isNull();
        assertThat(session.prepare("BEGIN").columns()).isNull();
    }

    @Test
    void sysbenchWrites() {
        assertThat(exec("UPDATE sbtest1 SET k=k+1 WHERE id=?", 10L).affected).isEqualTo(1);
        assertThat(exec("SELECT k FROM sbtest1 WHERE id=10").rows).containsExactly(List.of(1L));
        assertThat(exec("UPDATE sbtest1 SET c=? WHERE id=?", "new", 10L).affected).isEqualTo(1);
        assertThat(exec("UPDATE sbtest1 SET c=? WHERE id=?", "new", 10L).affected).isZero();
        session.foundRows(true);
        assertThat(exec("UPDATE sbtest1 SET c=? WHERE id=?", "new", 10L).affected).isEqualTo(1);
        assertThat(exec("DELETE FROM sbtest1 WHERE id=?", 10L).affected).isEqualTo(1);
        assertThat(exec("DELETE FROM sbtest1 WHERE id=?", 10L).affected).isZero();
        assertThat(exec("INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)", 10L, 4L, "x", "y").affected)
                .isEqualTo(1);
        assertThat(exec("SELECT id, k, c, pad FROM sbtest1 WHERE id=10").rows)
                .containsExactly(List.of(10L, 4L, "x", "y"));
        CollectingSink auto = exec("INSERT INTO sbtest1 (id, k, c, pad) VALUES (0, 1, 'a', 'b')");
        assertThat(auto.lastInsertId).isEqualTo(201);
        assertThat(exec("SELECT LAST_INSERT_ID()").rows).containsExactly(List.of(201L));
        assertThat(exec("UPDATE sbtest1 SET k=k+1 WHERE k BETWEEN 1 AND 2").affected).isEqualTo(41);
        assertThat(exec("SELECT COUNT(*) FROM sbtest1 WHERE k = 3").rows).containsExactly(List.of(40L));
    }

    @Test
    void transactionsCommitAndRollBack() {
        Session other = newSession(2);
        other.useDatabase("sbtest");
        run("BEGIN");
        assertThat(session.inTransaction()).isTrue();
        run("UPDATE sbtest1 SET c='txn' WHERE id=1");
        assertThat(run(other, "SELECT c FROM sbtest1 WHERE id=1").rows).containsExactly(List.of("c-999"));
        run("ROLLBACK");
        assertThat(run("SELECT c FROM sbtest1 WHERE id=1").rows).containsExactly(List.of("c-999"));
        run("START TRANSACTION; UPDATE sbtest1 SET c='txn' WHERE id=1; COMMIT");
        assertThat(run(other, "SELECT c FROM sbtest1 WHERE id=1").rows).containsExactly(List.of("txn"));
        run("SET autocommit=0");
        run("DELETE FROM sbtest1 WHERE id=2");
        assertThat(session.inTransaction()).isTrue();
        run("SET autocommit=1"); // commits
        assertThat(session.inTransaction()).isFalse();
        assertThat(run(other, "SELECT COUNT(*) FROM sbtest1").rows).containsExactly(List.of(199L));
        other.close();
    }

    @Test
    void concurrentIncrementsLoseNoUpdate() throws Exception {
        int threads = 4;
        int each = 150;
        java.util.List<Thread> workers = new java.util.ArrayList<>();
        java.util.concurrent.atomic.AtomicReference<Throwable> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
        for (int t = 0; t < threads; t++) {
            Session s = newSession(10 + t);
            s.useDatabase("sbtest");
            PreparedQuery q = s.prepare("UPDATE sbtest1 SET k=k+1 WHERE id=?");
            workers.add(new Thread(() -> {
                try (s) {
                    for (int i = 0; i < each; i++) {
                        s.execute(q, new Object[] {7L}, new CollectingSink());
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            }));
        }
        workers.forEach(Thread::start);
        for (Thread w : workers) {
            w.join();
        }
        assertThat(failure.get()).isNull();
        assertThat(run("SELECT k FROM sbtest1 WHERE id = 7").rows).containsExactly(List.of(7L + threads * each));
    }

    @Test
    void aDeadlockRollsBackAndEndsTheVictimsTransaction() throws Exception {
        Session a = newSession(20);
        Session b = newSession(21);
        a.useDatabase("sbtest");
        b.useDatabase("sbtest");
        run(a, "BEGIN; UPDATE sbtest1 SET c='a' WHERE id=1");
        run(b, "BEGIN; UPDATE sbtest1 SET c='b' WHERE id=2");
        java.util.concurrent.CompletableFuture<SqlException> aWaits =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        run(a, "UPDATE sbtest1 SET c='a' WHERE id=2");
                        return null;
                    } catch (SqlException e) {
                        return e;
                    }
                });
        Thread.sleep(300); // let a block on row 2
        SqlException bError = null;
        try {
            run(b, "UPDATE sbtest1 SET c='b' WHERE id=1");
        } catch (SqlException e) {
            bError = e;
        }
        SqlException aError = aWaits.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(aError == null ^ bError == null).as("exactly one victim").isTrue();
        SqlException victimError = aError != null ? aError : bError;
        Session victim = aError != null ? a : b;
        Session survivor = aError != null ? b : a;
        assertThat(victimError.number()).isEqualTo(1213);
        assertThat(victim.inTransaction()).isFalse();
        assertThat(survivor.inTransaction()).isTrue();
        run(survivor, "COMMIT");
        String mark = survivor == a ? "a" : "b";
        assertThat(run("SELECT c FROM sbtest1 WHERE id IN (1, 2)").rows).containsExactly(List.of(mark), List.of(mark));
        a.close();
        b.close();
    }

    @Test
    void variablesAndShow() {
        assertThat(run("SELECT @@version_comment LIMIT 1").rows).containsExactly(List.of("TAF engine"));
        assertThat(run("SELECT @@max_allowed_packet, @@autocommit, @@session.tx_isolation").rows)
                .containsExactly(List.of(16L << 20, 1L, "READ-COMMITTED"));
        run("SET NAMES utf8mb4, sql_mode=CONCAT(@@sql_mode, ',ANSI_QUOTES'), @x = 42");
        assertThat(run("SELECT @@character_set_client, @x, @@sql_mode LIKE '%ANSI_QUOTES'").rows)
                .containsExactly(List.of("utf8mb4", 42L, 1L));
        assertThat(run("SHOW VARIABLES LIKE 'innodb_buffer_pool_s%'").rows)
                .containsExactly(List.of("innodb_buffer_pool_size", "8388608"));
        assertThat(run("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_read_requests'").rows).hasSize(1);
        assertThat(run("SHOW STATUS LIKE 'threads_connected'").rows).containsExactly(List.of("Threads_connected", "1"));
        assertThat(run("SHOW TABLES").rows).containsExactly(List.of("sbtest1"));
        assertThat(run("SHOW TABLES").names()).containsExactly("Tables_in_sbtest");
        assertThat(run("SHOW DATABASES").rows).containsExactly(List.of("sbtest"));
        assertThat(run("SHOW VARIABLES LIKE 'users'").rows).containsExactly(List.of("users", "root,sbtest"));
        assertThat(run("SELECT database(), VERSION(), 1 + 1").names())
                .containsExactly("database()", "VERSION()", "1 + 1");
        assertThat(run("SELECT DATABASE(), CONNECTION_ID(), USER()").rows)
                .containsExactly(List.of("sbtest", 1L, "root@127.0.0.1"));
    }

    @Test
    void errorsHaveMariadbNumbers() {
        assertError("SELECT c FROM nope WHERE id=1", 1146, "Table 'sbtest.nope' doesn't exist");
        assertError("SELECT nope FROM sbtest1", 1054, "Unknown column 'nope' in 'field list'");
        assertError("SELECT @@nope", 1193, "Unknown system variable 'nope'");
        assertError("SET GLOBAL max_connections=5", 1235, null);
        assertError("SET innodb_buffer_pool_size=5", 1229, null);
        assertError("SET version='x'", 1238, null);
        assertError("SET autocommit='maybe'", 1231, null);
        assertError("INSERT INTO sbtest1 (id, k) VALUES (1, 1)", 1062, null);
        assertError("INSERT INTO sbtest1 (k) VALUES (1, 2)", 1136, "Column count doesn't match value count at row 1");
        assertError("INSERT INTO sbtest1 (k) VALUES ('abc')", 1366, null);
        assertError("INSERT INTO sbtest1 (k) VALUES (99999999999)", 1264, "Out of range value for column 'k' at row 1");
        assertError(
                "INSERT INTO sbtest1 (k, c) VALUES (1, REPEAT('x', 200))",
                1305,
                "FUNCTION sbtest.repeat does not exist");
        assertError("INSERT INTO sbtest1 (k, c) VALUES (1, NULL)", 1048, "Column 'c' cannot be null");
        assertError("CREATE TABLE t (a TEXT)", 1235, null);
        assertError("CREATE TABLE t (a INT PRIMARY KEY, b INT AUTO_INCREMENT)", 1075, null);
        assertError("CREATE TABLE sbtest1 (a INT PRIMARY KEY)", 1050, null);
        assertError("DROP TABLE nope", 1051, "Unknown table 'sbtest.nope'");
        assertError("USE nope", 1049, "Unknown database 'nope'");
        assertError("SELECT SUM(k) FROM sbtest1 WHERE SUM(k) > 1", 1111, null);
        assertError("SELECT * FROM sbtest1 LIMIT ?", 1064, null);
        run("DROP TABLE IF EXISTS nope");
        Session fresh = newSession(3);
        assertThatThrownBy(() -> run(fresh, "SELECT c FROM sbtest1")).isInstanceOfSatisfying(SqlException.class,
                e -> assertThat(e.number()).isEqualTo(1046));
    }

    private void assertError(String sql, int number, String message) {
        assertThatThrownBy(() -> run(sql)).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e.number()).as(sql + ": " + e.getMessage()).isEqualTo(number);
            if (message != null) {
                assertThat(e.getMessage()).isEqualTo(message);
            }
        });
    }

    @Test
    void badLimitParameters() {
        assertThatThrownBy(() -> exec("SELECT id FROM sbtest1 LIMIT ?", -1L)).isInstanceOfSatisfying(SqlException.class,
                e -> assertThat(e.number()).isEqualTo(1210));
        assertThat(exec("SELECT id FROM sbtest1 LIMIT ?", "2").rows).hasSize(2);
    }

    @Test
    void preparedPlansSurviveDdl() {
        PreparedQuery q = session.prepare("SELECT k FROM sbtest1 WHERE k = ?");
        CollectingSink before = new CollectingSink();
        session.execute(q, new Object[] {5L}, before);
        run("DROP TABLE sbtest1");
        assertThatThrownBy(() -> session.execute(q, new Object[] {5L}, new CollectingSink()))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.number()).isEqualTo(1146));
        run("CREATE TABLE sbtest1 (id INT PRIMARY KEY, k INT)");
        run("INSERT INTO sbtest1 VALUES (1, 5), (2, 6)");
        CollectingSink after = new CollectingSink();
        session.execute(q, new Object[] {5L}, after);
        assertThat(after.rows).containsExactly(List.of(5L));
    }

    @Test
    void orderLimitAndFullScans() {
        assertThat(run("SELECT id FROM sbtest1 ORDER BY id DESC LIMIT 2").rows)
                .containsExactly(List.of(200L), List.of(199L));
        assertThat(run("SELECT id FROM sbtest1 WHERE c LIKE 'c-99_' ORDER BY 1 LIMIT 2 OFFSET 1").rows)
                .containsExactly(List.of(2L), List.of(3L));
        assertThat(run("SELECT id AS x FROM sbtest1 WHERE id < 4 ORDER BY x DESC").rows)
                .containsExactly(List.of(3L), List.of(2L), List.of(1L));
        assertThat(run("SELECT MIN(id), MAX(c), AVG(k), COUNT(DISTINCT k) FROM sbtest1").rows)
                .containsExactly(List.of(1L, "c-999", new BigDecimal("4.5000"), 10L));
        assertThat(run("SELECT 1 + 2 * 3, 7 / 2, 7 DIV 2, 'a' = 'A ', NULL IS NULL").rows)
                .containsExactly(List.of(7L, new BigDecimal("3.5000"), 3L, 1L, 1L));
    }
}
