package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.SampleListener;

/**
 * TAF (perl)'s TPCB_KEY and TPCB_NO_KEY are stock sysbench's oltp_read_write with fixed counts, PARSER-RO
 * its oltp_read_only with {@code --db-ps-mode=disable} ({@code test_suites/sysbench-lua.pm}); stock sysbench
 * with those options and our workloads, against TAF's engine on the same data, make the same statements per
 * transaction.
 */
@ExtendWith(MariaDbExtension.class)
@UsesTafEngine
@Timeout(300)
class TafPerlTestsCrossCheckIT {
    private static final String[] SIZE = {"--tables=2", "--table-size=10000"};
    private static final String[] TPCB = {"--point-selects=3", "--simple-ranges=0", "--sum-ranges=0",
        "--order-ranges=0", "--distinct-ranges=0", "--delete-inserts=1", "--threads=1", "--time=2",
        "--rand-type=uniform"};

    @Test
    void tpcbKeyIsSysbenchsReadWriteWithTafsCounts(TestServer server) throws Exception {
        crossCheck(server, Workload.TPCB_KEY, "--index-updates=3", "--non-index-updates=0");
    }

    @Test
    void tpcbNoKeyIsSysbenchsReadWriteWithTafsCounts(TestServer server) throws Exception {
        crossCheck(server, Workload.TPCB_NO_KEY, "--index-updates=0", "--non-index-updates=3");
    }

    @Test
    void parserRoIsSysbenchsReadOnlyOverText(TestServer server) throws Exception {
        ConnectionSettings db = prepared(server, "parser_ro");
        Sysbench.Output stock = Sysbench.run(db, "oltp_read_only", "run", "--tables=2", "--table-size=10000",
                "--db-ps-mode=disable", "--threads=1", "--time=2", "--rand-type=uniform");
        assertThat(stock.exitCode()).as(stock.text()).isZero();
        long tx = stock.number("transactions:");
        assertThat(tx).as(stock.text()).isPositive();
        assertThat(stock.number("read:")).isEqualTo(14 * tx);
        assertThat(stock.number("other:")).isEqualTo(2 * tx);

        Counts t = ours(db, Workload.PARSER_RO);
        assertThat(t.reads()).isEqualTo(14 * t.events());
        assertThat(t.other()).isEqualTo(2 * t.events());
        assertThat(t.writes()).isZero();
    }

    private static ConnectionSettings prepared(TestServer server, String database) {
        ConnectionSettings db = server.database(database);
        DataLoader loader = new DataLoader(db);
        loader.cleanup(2);
        loader.prepare(new DataSpec(2, 10_000, 3), 2);
        return db;
    }

    private static Counts ours(ConnectionSettings db, Workload w) {
        WorkloadOptions o = WorkloadOptions.builder(db).tables(2).tableSize(10_000).randType(RandType.UNIFORM)
                .build();
        WorkloadResult r = new LoadGenerator(o, System.out).run(w, 1, Duration.ofSeconds(2), SampleListener.NONE);
        assertThat(r.totals().errors()).isZero();
        assertThat(r.totals().events()).isPositive();
        return r.totals();
    }

    private static void crossCheck(TestServer server, Workload w, String... updates) throws Exception {
        ConnectionSettings db = prepared(server, "tpcb_" + w.name().toLowerCase(java.util.Locale.ROOT));

        String[] args = new String[SIZE.length + TPCB.length + updates.length];
        System.arraycopy(SIZE, 0, args, 0, SIZE.length);
        System.arraycopy(TPCB, 0, args, SIZE.length, TPCB.length);
        System.arraycopy(updates, 0, args, SIZE.length + TPCB.length, updates.length);
        Sysbench.Output stock = Sysbench.run(db, "oltp_read_write", "run", args);
        assertThat(stock.exitCode()).as(stock.text()).isZero();
        long tx = stock.number("transactions:");
        assertThat(tx).as(stock.text()).isPositive();
        assertThat(stock.number("ignored errors:")).isZero();

        Counts t = ours(db, w);
        // Per transaction: 3 reads; 3 updates, a delete and an insert, BEGIN and COMMIT as writes or other.
        assertThat(stock.number("read:")).isEqualTo(3 * tx);
        assertThat(t.reads()).isEqualTo(3 * t.events());
        assertThat(stock.number("write:") + stock.number("other:")).isEqualTo(7 * tx);
        assertThat(t.writes() + t.other()).isEqualTo(7 * t.events());
    }
}
