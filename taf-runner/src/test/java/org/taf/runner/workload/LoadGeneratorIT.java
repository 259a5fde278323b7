package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.taf.runner.workload.sample.SampleListener;

/** The run loop against a real server: killed connections, a missing table, stopping and closing. */
@ExtendWith(MariaDbExtension.class)
@Timeout(120)
class LoadGeneratorIT {

    private static WorkloadOptions prepared(TestServer server, String database) {
        ConnectionSettings db = server.database(database);
        WorkloadOptions o = WorkloadOptions.builder(db).tables(1).tableSize(1000).randType(RandType.UNIFORM).build();
        DataLoader loader = new DataLoader(db);
        loader.cleanup(1);
        loader.prepare(o.dataSpec(1), 1);
        return o;
    }

    @Test
    void killedConnectionsAreReopenedAndCounted(TestServer server) throws SQLException {
        WorkloadOptions o = prepared(server, "reconnect_it");
        AtomicInteger samples = new AtomicInteger();
        List<Long> killed = new ArrayList<>();
        WorkloadResult r = new LoadGenerator(o, System.out).run(Workload.POINT_SELECT, 2, Duration.ofSeconds(30), s -> {
            if (samples.incrementAndGet() == 1) {
                killed.addAll(killLoadConnections(o.connection()));
            }
            return samples.get() >= 3 ? SampleListener.Action.STOP : SampleListener.Action.CONTINUE;
        });
        assertThat(killed).hasSize(2);
        assertThat(r.totals().reconnects()).isEqualTo(2);
        assertThat(r.totals().errors()).isZero();
        assertThat(r.samples().get(2).events()).as("load resumed after the kill").isPositive();
        assertThat(r.stopReason()).isEqualTo(WorkloadResult.End.LISTENER);
        assertThat(loadConnections(o.connection())).as("every connection closed after the run").isEmpty();
    }

    @Test
    void aMissingTableAbortsWithTheServersMessage(TestServer server) {
        ConnectionSettings empty = server.database("empty_it");
        WorkloadOptions o = WorkloadOptions.builder(empty).tables(1).build();
        assertThatThrownBy(() -> new LoadGenerator(o, null).run(Workload.OLTP_RO, 2, Duration.ofSeconds(5),
                SampleListener.NONE))
                .isInstanceOf(WorkloadException.class)
                .hasMessageContaining("`SELECT c FROM sbtest1 WHERE id=?`")
                .hasMessageContaining(o.connection().address())
                .hasMessageContaining("Table 'empty_it.sbtest1' doesn't exist");
        assertThat(loadConnections(o.connection())).isEmpty();
    }

    @Test
    void aRunIsCheapToRepeatForEachThreadCount(TestServer server) {
        WorkloadOptions o = prepared(server, "sweep_it");
        LoadGenerator g = new LoadGenerator(o.toBuilder().reportInterval(Duration.ofMillis(500)).build(), null);
        for (int threads : new int[] {1, 2, 4}) {
            WorkloadResult r = g.run(Workload.POINT_SELECT, threads, Duration.ofSeconds(1), SampleListener.NONE);
            assertThat(r.threads()).isEqualTo(threads);
            assertThat(r.samples()).isNotEmpty().allMatch(s -> s.threads() == threads);
            assertThat(r.totals().events()).isPositive();
            assertThat(loadConnections(o.connection())).isEmpty();
        }
    }

    /** Connections of the load (same database) other than ours, as the server lists them. */
    private static List<Long> loadConnections(ConnectionSettings db) {
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = DATABASE()"
                        + " AND ID <> CONNECTION_ID()")) {
            List<Long> ids = new ArrayList<>();
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
            return ids;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Long> killLoadConnections(ConnectionSettings db) {
        List<Long> ids = loadConnections(db);
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement()) {
            for (long id : ids) {
                st.execute("KILL CONNECTION " + id);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return ids;
    }
}
