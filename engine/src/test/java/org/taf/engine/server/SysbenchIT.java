package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stock sysbench 1.0.20: prepare, run 3 s with server-side prepared statements
 * ({@code --db-ps-mode=auto}) and 3 s with text queries ({@code disable}), cleanup — 2 tables of
 * 10k rows (1 for the select_random scripts, which use only sbtest1), 2 threads. No error may
 * occur but the deadlocks sysbench counts and retries, and
 * sysbench's read/write/other counts must match what each workload sends (it classifies a
 * statement as a read by the column count it got at prepare time).
 */
class SysbenchIT {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws SQLException {
        assertThat(Files.isExecutable(Path.of(Sysbench.BINARY))).as("sysbench is installed (.ci/setup)").isTrue();
        server = TestServer.start(dir, "innodb_buffer_pool_size", "64M");
        try (Connection c = server.connect("", ""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE sbtest");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"oltp_point_select", "oltp_read_only", "oltp_read_write", "oltp_write_only",
        "oltp_update_index", "oltp_update_non_index", "oltp_insert", "oltp_delete", "select_random_points",
        "select_random_ranges"})
    void prepareRunCleanup(String workload) throws Exception {
        // select_random_points and select_random_ranges read sbtest1 only and refuse --tables > 1.
        String tables = workload.startsWith("select_random") ? "--tables=1" : "--tables=2";
        String[] data = {tables, "--table-size=10000"};
        for (String mode : new String[] {"auto", "disable"}) {
            // Fresh data for each mode: oltp_delete at full speed deletes every row within the run.
            Sysbench.Result prepared = Sysbench.run(server.port(), workload, "prepare", data);
            assertThat(prepared.clean()).as(prepared.output()).isTrue();
            try {
                Sysbench.Result r = Sysbench.run(server.port(), workload, "run", tables, "--table-size=10000",
                        "--threads=2", "--time=3", "--db-ps-mode=" + mode, "--rand-type=uniform");
                String what = workload + " --db-ps-mode=" + mode + ":\n" + r.output();
                assertThat(r.clean()).as(what).isTrue();
                assertThat(r.events()).as(what).isPositive();
                if (r.write() == 0) {
                    assertThat(r.ignoredErrors()).as("no deadlock without writes: " + what).isZero();
                }
                checkCounts(workload, r, what);
            } finally {
                Sysbench.Result cleaned = Sysbench.run(server.port(), workload, "cleanup", data);
                assertThat(cleaned.clean()).as(cleaned.output()).isTrue();
            }
        }
        try (Connection c = server.connect("sbtest", ""); Statement s = c.createStatement();
             var rs = s.executeQuery("SHOW TABLES")) {
            assertThat(rs.next()).as("cleanup dropped the tables").isFalse();
        }
    }

    /** Statements per event of each script (sysbench's defaults), by read/write/other. */
    private static void checkCounts(String workload, Sysbench.Result r, String what) {
        long e = r.events();
        switch (workload) {
            case "oltp_point_select", "select_random_points", "select_random_ranges" -> {
                assertThat(r.read()).as(what).isEqualTo(e);
                assertThat(r.write() + r.other()).as(what).isZero();
            }
            case "oltp_read_only" -> {
                assertThat(r.read()).as(what).isEqualTo(14 * e);
                assertThat(r.other()).as(what).isEqualTo(2 * e);
                assertThat(r.write()).as(what).isZero();
            }
            case "oltp_read_write" -> {
                assertThat(r.read()).as(what).isGreaterThanOrEqualTo(14 * e);
                assertThat(r.write()).as(what).isGreaterThanOrEqualTo(3 * e);
            }
            case "oltp_write_only" -> {
                assertThat(r.read()).as(what).isZero();
                assertThat(r.write()).as(what).isGreaterThanOrEqualTo(3 * e);
            }
            case "oltp_update_index", "oltp_insert" -> {
                assertThat(r.read()).as(what).isZero();
                assertThat(r.write()).as(what).isEqualTo(e);
            }
            default -> { // oltp_update_non_index, oltp_delete: a row may already be gone (0 rows = other)
                assertThat(r.read()).as(what).isZero();
                assertThat(r.write() + r.other()).as(what).isEqualTo(e);
                assertThat(r.write()).as(what).isPositive();
            }
        }
    }
}
