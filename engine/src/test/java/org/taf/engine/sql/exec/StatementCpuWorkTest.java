package org.taf.engine.sql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
 * The calibration knob in a session: SET GLOBAL changes it for every session sharing it, bad values
 * are refused with MariaDB's errors, and with it on each statement really burns CPU (counted rounds
 * and the thread's CPU time from ThreadMXBean; no wall-clock assertion).
 */
class StatementCpuWorkTest {
    @TempDir
    Path dir;
    Engine engine;
    StatementCpuWork knob;
    Session a;
    Session b;

    @BeforeEach
    void open() {
        engine = StorageEngine.open(
                EngineConfig.defaults().with("datadir", dir.toString()).with("innodb_buffer_pool_size", "8M"));
        knob = StatementCpuWork.of(0);
        a = session(1);
        b = session(2);
        run(a, "CREATE DATABASE sbtest");
        run(a, "USE sbtest");
        run(a, "CREATE TABLE sbtest1(id INTEGER NOT NULL, k INTEGER NOT NULL, PRIMARY KEY (id))");
        run(a, "INSERT INTO sbtest1 VALUES (1, 10), (2, 20), (3, 30)");
    }

    @AfterEach
    void close() {
        a.close();
        b.close();
        engine.close();
    }

    private Session session(long id) {
        return new Session(engine, new SessionContext(id, "root", "127.0.0.1", Map::of, knob));
    }

    private static CollectingSink run(Session s, String sql) {
        CollectingSink sink = new CollectingSink();
        for (Statement st : Parser.parse(sql).statements()) {
            s.execute(st, sink);
        }
        return sink;
    }

    @Test
    void setGlobalChangesItForEverySessionAndShowsTheLiveValue() {
        run(a, "SET GLOBAL taf_statement_cpu_work = 1234");
        assertThat(knob.rounds()).isEqualTo(1234);
        assertThat(run(b, "SELECT @@global.taf_statement_cpu_work").rows).containsExactly(List.of(1234L));
        assertThat(run(b, "SELECT @@taf_statement_cpu_work").rows).containsExactly(List.of(1234L));
        assertThat(run(b, "SHOW GLOBAL VARIABLES LIKE 'taf_statement%'").rows)
                .containsExactly(List.of("taf_statement_cpu_work", "1234"));
        run(b, "SET GLOBAL taf_statement_cpu_work = DEFAULT");
        assertThat(knob.rounds()).isZero();
    }

    @Test
    void badValuesAndScopesAreRefused() {
        assertThatThrownBy(() -> run(a, "SET GLOBAL taf_statement_cpu_work = -1")).isInstanceOf(SqlException.class)
                .hasMessage("Variable 'taf_statement_cpu_work' can't be set to the value of '-1'"
                        + " (taf_statement_cpu_work = -1: must be between 0 and 1000000000)");
        assertThatThrownBy(() -> run(a, "SET GLOBAL taf_statement_cpu_work = 'lots'"))
                .hasMessage("Incorrect argument type to variable 'taf_statement_cpu_work'");
        assertThatThrownBy(() -> run(a, "SET taf_statement_cpu_work = 5"))
                .hasMessageContaining("is a GLOBAL variable and should be set with SET GLOBAL");
        assertThat(knob.rounds()).isZero();
        assertThatThrownBy(() -> knob.set(1_000_000_001L)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("taf_statement_cpu_work = 1000000001: must be between 0 and 1000000000");
    }

    @Test
    void offMeansNoWork() {
        for (int i = 0; i < 20; i++) {
            run(a, "SELECT k FROM sbtest1 WHERE id = 2");
        }
        assertThat(knob.roundsDone()).isZero();
    }

    @Test
    void everyStatementBurnsTheRoundsOnItsOwnThread() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        assumeThat(mx.isCurrentThreadCpuTimeSupported()).as("thread CPU time").isTrue();
        int statements = 10;
        long rounds = 10_000_000;
        long cpuOff = cpuNanos(mx, statements);
        knob.set(rounds);
        long before = knob.roundsDone();
        long cpuOn = cpuNanos(mx, statements);
        assertThat(knob.roundsDone() - before).isEqualTo(statements * rounds);
        // 10^8 dependent xorshift steps are at least 6 cycles each: >= 0.1 s of CPU on any current core,
        // measured as this thread's CPU time (not wall time, so a busy host cannot fake or hide it).
        assertThat(cpuOn - cpuOff).as("extra CPU ns for %d rounds", statements * rounds).isGreaterThan(50_000_000L);
    }

    private long cpuNanos(ThreadMXBean mx, int statements) {
        long start = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < statements; i++) {
            assertThat(run(a, "SELECT k FROM sbtest1 WHERE id = 2").rows).containsExactly(List.of(20L));
        }
        return mx.getCurrentThreadCpuTime() - start;
    }

    @Test
    void theLoopIsDeterministicAndNeverZero() {
        assertThat(StatementCpuWork.spin(1000, 42)).isEqualTo(StatementCpuWork.spin(1000, 42)).isNotZero();
        assertThat(StatementCpuWork.spin(0, 0)).isNotZero();
    }
}
