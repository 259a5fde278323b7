package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.taf.runner.workload.sample.SampleListener;

/**
 * Our data and our load against stock sysbench 1.0.20: sysbench runs on tables we prepared, we run on tables
 * sysbench prepared, and both make the same schema.
 */
@ExtendWith(MariaDbExtension.class)
@Timeout(300)
class SysbenchCrossCheckIT {
    private static final String[] SIZE = {"--tables=2", "--table-size=10000"};

    @Test
    void sysbenchRunsOnDataWePrepared(TestServer server) throws Exception {
        ConnectionSettings db = server.database("xcheck_ours");
        DataLoader loader = new DataLoader(db);
        loader.cleanup(2);
        loader.prepare(new DataSpec(2, 10_000, 3), 2);

        Sysbench.Output out = Sysbench.run(db, "oltp_read_only", "run", "--tables=2", "--table-size=10000",
                "--threads=2", "--time=2", "--rand-type=uniform");
        assertThat(out.exitCode()).as(out.text()).isZero();
        long transactions = out.number("transactions:");
        assertThat(transactions).isPositive();
        assertThat(out.number("read:")).isEqualTo(14 * transactions);
        assertThat(out.number("other:")).isEqualTo(2 * transactions);
        assertThat(out.number("ignored errors:")).isZero();
        assertThat(out.text()).doesNotContain("FATAL");
    }

    @Test
    void weRunOnDataSysbenchPrepared(TestServer server) throws Exception {
        ConnectionSettings db = server.database("xcheck_sysbench");
        Sysbench.run(db, "oltp_read_only", "cleanup", SIZE);
        Sysbench.Output prepared = Sysbench.run(db, "oltp_read_only", "prepare", SIZE);
        assertThat(prepared.exitCode()).as(prepared.text()).isZero();

        WorkloadOptions o = WorkloadOptions.builder(db).tables(2).tableSize(10_000).build();
        WorkloadResult r = new LoadGenerator(o, System.out).run(Workload.POINT_SELECT, 2, Duration.ofSeconds(2),
                SampleListener.NONE);
        assertThat(r.totals().events()).isPositive();
        assertThat(r.totals().reads()).isEqualTo(r.totals().events());
        assertThat(r.totals().errors()).isZero();
    }

    @Test
    void ourSchemaIsSysbenchs(TestServer server) throws Exception {
        ConnectionSettings theirs = server.database("schema_sysbench");
        Sysbench.run(theirs, "oltp_read_only", "cleanup", "--tables=1", "--table-size=1000");
        assertThat(Sysbench.run(theirs, "oltp_read_only", "prepare", "--tables=1", "--table-size=1000").exitCode())
                .isZero();
        ConnectionSettings ours = server.database("schema_ours");
        DataLoader loader = new DataLoader(ours);
        loader.cleanup(1);
        loader.prepare(new DataSpec(1, 1000, 5), 1);

        assertThat(showCreate(ours)).isEqualTo(showCreate(theirs));
        // same shapes of data: ids 1..n, k within [1, n], c and pad as 10 and 5 digit groups
        String shape = "SELECT COUNT(*), MIN(id), MAX(id), MIN(k) >= 1, MAX(k) <= 1000,"
                + " SUM(c REGEXP '^([0-9]{11}-){9}[0-9]{11}$'), SUM(pad REGEXP '^([0-9]{11}-){4}[0-9]{11}$')"
                + " FROM sbtest1";
        assertThat(row(ours, shape)).isEqualTo(row(theirs, shape)).isEqualTo("1000 1 1000 1 1 1000 1000");
        // both put k mostly in the hot centre of 'special' (sysbench 1.0.20's default for prepare)
        String centre = "SELECT SUM(k BETWEEN 495 AND 506) > 700 FROM sbtest1";
        assertThat(row(ours, centre)).isEqualTo(row(theirs, centre)).isEqualTo("1");
    }

    private static String showCreate(ConnectionSettings db) throws SQLException {
        return row(db, "SHOW CREATE TABLE sbtest1").replaceFirst("^sbtest1 ", "");
    }

    private static String row(ConnectionSettings db, String sql) throws SQLException {
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            StringBuilder b = new StringBuilder();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                b.append(i > 1 ? " " : "").append(rs.getString(i));
            }
            return b.toString();
        }
    }
}
