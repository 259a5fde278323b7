package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.log.LogFile;
import org.taf.engine.log.LogFormat;
import org.taf.engine.log.LogScanner;

/**
 * Crash test with a real engine process: oltp_write_only transactions (an index update, a
 * non-index update, a delete and an insert of the same id, then COMMIT) from 2 to 8 client threads,
 * each keeping a ledger of the commits the engine acknowledged; the engine is killed with SIGKILL
 * at a random moment, restarted (crash recovery), and the table checked against the ledgers.
 *
 * <p>Each thread writes only its own rows (id mod 8), so that its ledger alone says what its rows
 * must hold. With innodb_flush_log_at_trx_commit = 1 every acknowledged commit must be there; the
 * one commit a thread had sent without an answer may be there or not, but whole; a transaction
 * that had not reached COMMIT must not be there at all. With 2 the log is written to the
 * operating system at every commit, which a killed process does not lose: the same must hold.
 * With 0 the log is written once per innodb_flush_log_at_timeout (1 s), so the last commits may be
 * lost, but only as a tail: each thread's rows are in the state after some prefix of its
 * acknowledged commits, and that prefix holds every commit acknowledged more than 3 s before the
 * kill. Every cycle also reads the whole table by primary key and through the secondary index
 * (every page is read and checksummed, and both must agree). The log is 1 MiB and the pool 1 MiB,
 * so checkpoints, wrap-around and page eviction run all the time. 20 cycles with 1, then 3 with 2
 * and 3 with 0; a failure names the seed (rerun with -Dtaf.seed=N).
 */
class EngineCrashIT {
    private static final Path JAR = Path.of("target", "engine.jar");
    private static final Pattern READY = Pattern.compile("^engine: ready for connections on 127\\.0\\.0\\.1:(\\d+) .*");
    private static final int ROWS = 4000;
    private static final int PARTS = 8;
    private static final String CHAR120 = "c".repeat(100);

    @TempDir
    Path dir;
    private Process engine;
    private int port;
    private final Map<Integer, RowState> model = new TreeMap<>();

    /** A row as the model keeps it. */
    private record RowState(long k, String c, String pad) { }

    /** One transaction's changes: row id to its new state (null = deleted, which never stays so here). */
    private record Delta(Map<Integer, RowState> rows, long ackMillis) { }

    /** What one client thread did in a cycle. */
    private static final class Ledger {
        final int part;
        final List<Delta> acked = new ArrayList<>();
        Map<Integer, RowState> pending;
        boolean commitSent;
        Throwable unexpected;

        Ledger(int part) {
            this.part = part;
        }
    }

    @AfterEach
    void stop() {
        if (engine != null && engine.isAlive()) {
            engine.destroyForcibly();
        }
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** Starts the engine and returns the milliseconds until it was ready (crash recovery included). */
    private long start(int flushMode) throws Exception {
        List<String> cmd = List.of(java(), "-Xmx320m", "-jar", JAR.toString(), "--datadir=" + dir.resolve("data"),
                "--port=0", "--innodb-buffer-pool-size=1M", "--innodb-page-size=4K", "--innodb-log-file-size=1M",
                "--innodb-log-buffer-size=256K", "--innodb-flush-log-at-trx-commit=" + flushMode,
                "--innodb-lock-wait-timeout=10", "--max-connections=40");
        long t0 = System.nanoTime();
        engine = new ProcessBuilder(cmd)
                .redirectError(
                        dir.resolve("stderr-" + System.nanoTime() + ".txt").toFile())
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertThat(line).as("ready line").isNotNull();
        Matcher m = READY.matcher(line);
        assertThat(m.matches()).as(line).isTrue();
        port = Integer.parseInt(m.group(1));
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/sbtest?connectTimeout=5000"
                + "&socketTimeout=30000", "root", "");
    }

    private static String tag(String what, int part, long seq, int cycle) {
        return what + "-p" + part + "-s" + seq + "-c" + cycle;
    }

    private void load(Random rnd) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/", "root", "");
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE sbtest");
            s.execute("CREATE TABLE sbtest.sbtest1 (id INT NOT NULL, k INT NOT NULL DEFAULT 0,"
                    + " c CHAR(120) NOT NULL DEFAULT '', pad CHAR(60) NOT NULL DEFAULT '', PRIMARY KEY (id))");
            s.execute("CREATE INDEX k_1 ON sbtest.sbtest1(k)");
            for (int from = 1; from <= ROWS; from += 500) {
                StringBuilder sql = new StringBuilder("INSERT INTO sbtest.sbtest1 VALUES ");
                for (int id = from; id < from + 500; id++) {
                    RowState r = new RowState(rnd.nextInt(ROWS), CHAR120 + id, "pad" + id);
                    model.put(id, r);
                    sql.append(id == from ? "" : ",").append('(').append(id).append(',').append(r.k()).append(",'")
                            .append(r.c()).append("','").append(r.pad()).append("')");
                }
                s.execute(sql.toString());
            }
        }
    }

    /** oltp_write_only on one partition until the connection dies. */
    private void work(Ledger l, int cycle, long seed, AtomicBoolean stop) {
        Random rnd = new Random(seed);
        Map<Integer, RowState> mine = new HashMap<>();
        model.forEach((id, r) -> {
            if (id % PARTS == l.part) {
                mine.put(id, r);
            }
        });
        List<Integer> ids = new ArrayList<>(new TreeMap<>(mine).keySet());
        try (Connection c = connect()) {
            c.setAutoCommit(false);
            PreparedStatement indexUpdate = c.prepareStatement("UPDATE sbtest1 SET k=k+1 WHERE id=?");
            PreparedStatement nonIndexUpdate = c.prepareStatement("UPDATE sbtest1 SET c=? WHERE id=?");
            PreparedStatement delete = c.prepareStatement("DELETE FROM sbtest1 WHERE id=?");
            PreparedStatement insert = c.prepareStatement("INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)");
            for (long seq = 0; !stop.get(); seq++) {
                Map<Integer, RowState> delta = new HashMap<>();
                l.pending = delta;
                l.commitSent = false;
                int a = ids.get(rnd.nextInt(ids.size()));
                int b = ids.get(rnd.nextInt(ids.size()));
                int d = ids.get(rnd.nextInt(ids.size()));
                indexUpdate.setInt(1, a);
                indexUpdate.executeUpdate();
                RowState ra = current(mine, delta, a);
                delta.put(a, new RowState(ra.k() + 1, ra.c(), ra.pad()));
                String tc = tag("c", l.part, seq, cycle);
                nonIndexUpdate.setString(1, tc);
                nonIndexUpdate.setInt(2, b);
                nonIndexUpdate.executeUpdate();
                RowState rb = current(mine, delta, b);
                delta.put(b, new RowState(rb.k(), tc, rb.pad()));
                delete.setInt(1, d);
                delete.executeUpdate();
                RowState rd =
                        new RowState(rnd.nextInt(ROWS), tag("i", l.part, seq, cycle), tag("p", l.part, seq, cycle));
                insert.setInt(1, d);
                insert.setLong(2, rd.k());
                insert.setString(3, rd.c());
                insert.setString(4, rd.pad());
                insert.executeUpdate();
                delta.put(d, rd);
                l.commitSent = true;
                c.commit();
                l.acked.add(new Delta(delta, System.currentTimeMillis()));
                mine.putAll(delta);
                l.pending = null;
                l.commitSent = false;
            }
        } catch (SQLException e) {
            // The engine was killed: expected.
        } catch (RuntimeException | Error e) {
            l.unexpected = e;
        }
    }

    private static RowState current(Map<Integer, RowState> mine, Map<Integer, RowState> delta, int id) {
        RowState r = delta.get(id);
        return r != null ? r : mine.get(id);
    }

    private Map<Integer, RowState> readAll() throws SQLException {
        Map<Integer, RowState> rows = new TreeMap<>();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT id, k, c, pad FROM sbtest1 ORDER BY id")) {
                while (rs.next()) {
                    rows.put(rs.getInt(1), new RowState(rs.getLong(2), rs.getString(3), rs.getString(4)));
                }
            }
            Map<Integer, Long> viaIndex = new TreeMap<>();
            try (ResultSet rs =
                    s.executeQuery("SELECT id, k FROM sbtest1 WHERE k BETWEEN -2147483648 AND 2147483647")) {
                while (rs.next()) {
                    assertThat(viaIndex.put(rs.getInt(1), rs.getLong(2))).as("row %d twice in index k_1", rs.getInt(1))
                            .isNull();
                }
            }
            Map<Integer, Long> byKey = new TreeMap<>();
            rows.forEach((id, r) -> byKey.put(id, r.k()));
            if (!viaIndex.equals(byKey)) {
                List<String> diff = new ArrayList<>();
                for (Integer id : new java.util.TreeSet<>(java.util.stream.Stream.concat(viaIndex.keySet().stream(),
                        byKey.keySet().stream()).toList())) {
                    if (!Objects.equals(viaIndex.get(id), byKey.get(id)) && diff.size() < 10) {
                        diff.add("id " + id + ": index k " + viaIndex.get(id) + ", row k " + byKey.get(id));
                    }
                }
                throw new AssertionError("the secondary index disagrees with the clustered index: " + diff);
            }
        }
        return rows;
    }

    /**
     * Checks one partition after recovery and returns its recovered rows. {@code minPrefix}: how
     * many acknowledged commits must be there at least (all for modes 1 and 2).
     */
    private Map<Integer, RowState> check(Ledger l, Map<Integer, RowState> actual, int minPrefix, String what) {
        Map<Integer, RowState> state = new TreeMap<>();
        model.forEach((id, r) -> {
            if (id % PARTS == l.part) {
                state.put(id, r);
            }
        });
        Map<Integer, RowState> got = new TreeMap<>();
        actual.forEach((id, r) -> {
            if (id % PARTS == l.part) {
                got.put(id, r);
            }
        });
        List<Map<Integer, RowState>> candidates = new ArrayList<>();
        for (int j = 0; j <= l.acked.size(); j++) {
            if (j >= minPrefix) {
                candidates.add(new TreeMap<>(state));
            }
            if (j < l.acked.size()) {
                state.putAll(l.acked.get(j).rows());
            }
        }
        if (l.commitSent && l.pending != null) {
            state.putAll(l.pending); // the commit in flight, whole
            candidates.add(new TreeMap<>(state));
        }
        for (Map<Integer, RowState> c : candidates) {
            if (c.equals(got)) {
                return got;
            }
        }
        Map<Integer, RowState> all = candidates.get(candidates.size() - (l.commitSent && l.pending != null ? 2 : 1));
        List<String> diff = new ArrayList<>();
        for (Integer id : all.keySet()) {
            if (!Objects.equals(all.get(id), got.get(id)) && diff.size() < 5) {
                diff.add("id " + id + ": expected " + all.get(id) + ", got " + got.get(id));
            }
        }
        throw new AssertionError(what + ": partition " + l.part + " matches no allowed state (" + l.acked.size()
                + " acknowledged commits, at least " + minPrefix + " required, commit in flight: " + l.commitSent
                + "); against all acknowledged: " + diff);
    }

    @Test
    void killedUnderOltpWriteOnlyAndRecovered() throws Exception {
        assertThat(JAR).as("engine.jar is built (mvn package)").exists();
        long seed = Long.getLong("taf.seed", System.nanoTime());
        try {
            run(seed);
        } catch (AssertionError | Exception e) {
            throw new AssertionError("crash test failed with seed " + seed + " (rerun: -Dtaf.seed=" + seed + "): "
                    + e.getMessage(), e);
        }
    }

    private void run(long seed) throws Exception {
        Random rnd = new Random(seed);
        int[] modes = new int[26];
        for (int i = 0; i < modes.length; i++) {
            modes[i] = i < 20 ? 1 : i < 23 ? 2 : 0;
        }
        start(modes[0]);
        load(rnd);
        List<Long> recoveries = new ArrayList<>();
        long acknowledged = 0;
        for (int cycle = 0; cycle < modes.length; cycle++) {
            int mode = modes[cycle];
            int threads = 2 + rnd.nextInt(7);
            List<Ledger> ledgers = new ArrayList<>();
            List<Thread> workers = new ArrayList<>();
            AtomicBoolean stopFlag = new AtomicBoolean();
            for (int t = 0; t < threads; t++) {
                Ledger l = new Ledger(t);
                ledgers.add(l);
                long s = rnd.nextLong();
                int cy = cycle;
                Thread th = new Thread(() -> work(l, cy, s, stopFlag), "crash-client-" + t);
                workers.add(th);
                th.start();
            }
            long loadMillis = mode == 0 ? 4000 + rnd.nextInt(1000) : 300 + rnd.nextInt(1200);
            Thread.sleep(loadMillis);
            long killedAt = System.currentTimeMillis();
            engine.destroyForcibly(); // SIGKILL
            assertThat(engine.waitFor(30, TimeUnit.SECONDS)).isTrue();
            stopFlag.set(true);
            for (Thread th : workers) {
                th.join(60_000);
                assertThat(th.isAlive()).as("client thread ended").isFalse();
            }
            if (System.getProperty("taf.crash.keep") != null) { // debugging: the image before recovery
                Path keep = Path.of(System.getProperty("taf.crash.keep")).resolve("cycle-" + cycle);
                new ProcessBuilder("cp", "-a", dir.resolve("data").toString(), keep.toString()).start().waitFor();
            }
            int next = cycle + 1 < modes.length ? modes[cycle + 1] : 1;
            long ms = start(next);
            recoveries.add(ms);
            String what = "cycle " + cycle + " (innodb_flush_log_at_trx_commit=" + mode + ", " + threads
                    + " threads, killed after " + loadMillis + " ms)";
            Map<Integer, RowState> actual;
            try {
                actual = readAll();
            } catch (AssertionError e) {
                throw new AssertionError(what + ": " + e.getMessage(), e);
            }
            assertThat(actual).as("%s: every row once (a delete and an insert never lose one)", what).hasSize(ROWS);
            for (Ledger l : ledgers) {
                assertThat(l.unexpected).as(what + ": client " + l.part).isNull();
                int min = l.acked.size();
                if (mode == 0) {
                    min = (int) l.acked.stream().filter(d -> d.ackMillis() < killedAt - 3000).count();
                }
                acknowledged += l.acked.size();
                Map<Integer, RowState> got = check(l, actual, min, what);
                model.putAll(got);
            }
            // Partitions nobody wrote in this cycle are unchanged.
            for (Map.Entry<Integer, RowState> e : actual.entrySet()) {
                assertThat(e.getValue()).as(what + ": row " + e.getKey()).isEqualTo(model.get(e.getKey()));
            }
        }
        assertThat(acknowledged).as("commits acknowledged over all cycles").isGreaterThan(1000);
        System.out.println("EngineCrashIT: seed " + seed + ", " + modes.length + " cycles, " + acknowledged
                + " acknowledged commits, start with crash recovery (ms): " + recoveries);
        cleanStopAndDamagedLog(rnd);
    }

    /** A clean stop keeps the data and cuts the log back; a damaged log then stops a start, naming file and LSN. */
    private void cleanStopAndDamagedLog(Random rnd) throws Exception {
        engine.destroy(); // SIGTERM
        assertThat(engine.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(engine.exitValue()).isEqualTo(143);
        Path logFile = dir.resolve("data").resolve(LogFormat.FILE_NAME);
        assertThat(Files.size(logFile)).as("the log after a clean stop").isEqualTo(LogFormat.START);
        assertThat(Files.size(dir.resolve("data").resolve("ib_doublewrite"))).isZero();
        start(1);
        assertThat(readAll()).isEqualTo(model);
        // Crash once more under load, then damage a block in the middle of the log.
        List<Thread> workers = new ArrayList<>();
        AtomicBoolean stopFlag = new AtomicBoolean();
        for (int t = 0; t < 4; t++) {
            Ledger l = new Ledger(t);
            long s = rnd.nextLong();
            Thread th = new Thread(() -> work(l, 99, s, stopFlag));
            workers.add(th);
            th.start();
        }
        Thread.sleep(800);
        engine.destroyForcibly();
        engine.waitFor(30, TimeUnit.SECONDS);
        stopFlag.set(true);
        for (Thread th : workers) {
            th.join(60_000);
        }
        List<Long> blocks = new ArrayList<>();
        try (LogFile lf = LogFile.open(logFile)) {
            LogScanner sc = new LogScanner(lf, lf.checkpoint().lsn());
            for (LogScanner.Block b = sc.next(); b != null; b = sc.next()) {
                blocks.add(b.start());
            }
        }
        assertThat(blocks).as("blocks after the checkpoint").hasSizeGreaterThan(10);
        long victim = blocks.get(blocks.size() / 2);
        long offset = LogFormat.START + Math.floorMod(victim + LogFormat.BLOCK_HEADER + 2 - LogFormat.START,
                (1 << 20) - LogFormat.START);
        byte[] all = Files.readAllBytes(logFile);
        all[(int) offset] ^= 0x20;
        Files.write(logFile, all);
        Process p = new ProcessBuilder(
                        java(),
                        "-Xmx320m",
                        "-jar",
                        JAR.toString(),
                        "--datadir=" + dir.resolve("data"),
                        "--port=0",
                        "--innodb-buffer-pool-size=1M",
                        "--innodb-page-size=4K",
                        "--innodb-log-file-size=1M")
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(err).hasLineCount(1).startsWith("engine: error: cannot open datadir ")
                .contains("redo log " + logFile.toAbsolutePath() + " at LSN " + victim + ": ")
                .contains("a corrupt record before the end of the log").contains("the datadir was left as it is");
        all[(int) offset] ^= 0x20;
        Files.write(logFile, all);
        start(1);
        assertThat(readAll()).hasSize(ROWS);
        engine.destroy();
        assertThat(engine.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
}
