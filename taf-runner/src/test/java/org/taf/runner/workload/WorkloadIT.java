package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.SampleListener;

/**
 * Every workload against a real server: 2 tables x 10k rows, 2 threads, 2 s. Statements are counted as
 * sysbench counts them, which the server's own state confirms for INSERT and DELETE.
 */
@ExtendWith(MariaDbExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class WorkloadIT {
    private static final int THREADS = 2;
    private static final Duration RUN = Duration.ofSeconds(2);

    private WorkloadOptions options;

    @BeforeAll
    void prepare(TestServer server) {
        ConnectionSettings db = server.database("workload_it");
        options = WorkloadOptions.builder(db).tables(2).tableSize(10_000).randType(RandType.UNIFORM).seed(11).build();
        DataLoader loader = new DataLoader(db);
        loader.cleanup(2);
        loader.prepare(options.dataSpec(1), 2);
    }

    // TPROC-C needs its own data set: TproccIT runs it
    @ParameterizedTest
    @EnumSource(value = Workload.class, mode = EnumSource.Mode.EXCLUDE, names = "TPROC_C")
    void runsAndCountsLikeSysbench(Workload w) throws SQLException {
        long rowsBefore = rows();
        WorkloadResult r = new LoadGenerator(options, System.out).run(w, THREADS, RUN, SampleListener.NONE);
        Counts t = r.totals();
        long e = t.events();

        assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.DURATION);
        assertThat(e).as("events").isPositive();
        assertThat(r.samples()).isNotEmpty().allMatch(s -> s.threads() == THREADS);
        assertThat(r.samples().stream().mapToLong(IntervalSample::events).sum()).isLessThanOrEqualTo(e);
        assertThat(r.latency().p95Ms()).isPositive();
        assertThat(t.reconnects()).isZero();
        if (!w.writes()) {
            assertThat(t.errors()).as("errors of a read-only workload").isZero();
        }
        // With no restarted event the counts are exact; deadlocks between the two writers only add statements.
        boolean exact = t.errors() == 0;
        switch (w) {
            case OLTP_RO, PARSER_RO -> {
                assertThat(t.reads()).isEqualTo(14 * e);
                assertThat(t.other()).isEqualTo(2 * e);
                assertThat(t.writes()).isZero();
            }
            case OLTP_RW -> {
                check(exact, t.reads(), 14 * e);
                check(exact, t.writes() + t.other(), 6 * e);
                assertThat(t.other()).isGreaterThanOrEqualTo(2 * e);
                assertThat(t.writes()).isPositive();
            }
            case OLTP_WO -> {
                assertThat(t.reads()).isZero();
                check(exact, t.writes() + t.other(), 6 * e);
                assertThat(t.other()).isGreaterThanOrEqualTo(2 * e);
                assertThat(t.writes()).isPositive();
            }
            case UPDATE_KEY, UPDATE_NO_KEY, DELETE -> {
                assertThat(t.reads()).isZero();
                check(exact, t.writes() + t.other(), e);
                assertThat(t.writes()).isPositive();
            }
            case INSERT -> {
                assertThat(t.reads()).isZero();
                check(exact, t.writes(), e);
            }
            case TPCB_KEY, TPCB_NO_KEY -> {
                // 3 point selects; 3 updates, a delete and an insert, BEGIN and COMMIT.
                check(exact, t.reads(), 3 * e);
                check(exact, t.writes() + t.other(), 7 * e);
                assertThat(t.writes()).isPositive();
            }
            default -> {
                assertThat(t.reads()).isEqualTo(e);
                assertThat(t.writes() + t.other()).isZero();
            }
        }
        if (w == Workload.INSERT) {
            assertThat(rows() - rowsBefore).as("rows the server gained").isEqualTo(t.writes());
        }
        if (w == Workload.DELETE) {
            assertThat(rowsBefore - rows()).as("rows the server lost").isEqualTo(t.writes());
        }
        if (w == Workload.UPDATE_KEY || w == Workload.OLTP_RO || w == Workload.POINT_SELECT || w == Workload.PARSER) {
            assertThat(rows()).isEqualTo(rowsBefore);
        }
    }

    private static void check(boolean exact, long actual, long perEvents) {
        if (exact) {
            assertThat(actual).isEqualTo(perEvents);
        } else {
            assertThat(actual).isGreaterThanOrEqualTo(perEvents);
        }
    }

    private long rows() throws SQLException {
        long n = 0;
        // One COUNT(*) per table: TAF's engine, which these tests also load, has no subqueries.
        try (Connection c = Jdbc.connect(options.connection()); Statement st = c.createStatement()) {
            for (String table : new String[] {"sbtest1", "sbtest2"}) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rs.next();
                    n += rs.getLong(1);
                }
            }
        }
        return n;
    }
}
