package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Cursor;
import org.taf.engine.api.Engine;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.KeyRange;
import org.taf.engine.api.Order;
import org.taf.engine.api.Row;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.api.Transaction;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.log.LogFile;
import org.taf.engine.log.LogFormat;
import org.taf.engine.log.LogScanner;
import org.taf.engine.log.RedoRecord;
import org.taf.engine.page.FilHeader;
import org.taf.engine.storage.Doublewrite;

/**
 * Crash images made from a real run: the data files of a clean stop, and the log that a run of
 * seeded transactions wrote after it (commits, rollbacks, statement rollbacks, one transaction
 * left open), cut at every block boundary and inside blocks. Each image must recover to exactly
 * the transactions whose commit record is before the cut; torn pages must be repaired from the
 * doublewrite buffer, or refused with the datadir left as it was. A failure names the seed.
 */
class RecoveryCutTest {
    private static final TableSchema SCHEMA = new TableSchema("db", "t", List.of(
            new Column("id", ColumnType.BIGINT, 0, false, null, false),
            new Column("k", ColumnType.INT, 0, false, 0L, false),
            new Column("c", ColumnType.VARCHAR, 100, true, null, false)), "id", List.of(new IndexSchema("k_1", "k")));
    private static final int PAGE = 4096;
    private static final int TRANSACTIONS = 18;

    @TempDir
    Path dir;
    private Path base;
    private long seed;
    private final Random rnd = new Random();
    /** The table after each commit, by the end LSN of the block holding its commit record. */
    private final TreeMap<Long, TreeMap<Long, Row>> committed = new TreeMap<>();
    private TreeMap<Long, Row> baseRows;
    private byte[] log;
    private long from;
    private long end;
    private final List<Long> boundaries = new ArrayList<>();

    private EngineConfig config(Path datadir) {
        return EngineConfig.of(Map.of("datadir", datadir.toString(), "innodb_page_size", "4K",
                "innodb_buffer_pool_size", "2M", "innodb_log_file_size", "2M"));
    }

    /** For the hundreds of cut images: without the doublewrite buffer's syncs (the torn-page tests keep it). */
    private EngineConfig fastConfig(Path datadir) {
        return config(datadir).with("innodb_doublewrite", "OFF");
    }

    private static Row row(long id, Random r) {
        return Row.of(id, (long) r.nextInt(50), r.nextInt(4) == 0 ? null : "c" + id + "-" + r.nextInt(1_000_000)
                + "x".repeat(r.nextInt(60)));
    }

    @BeforeEach
    void makeTheRun() throws Exception {
        seed = Long.getLong("taf.seed", 11);
        rnd.setSeed(seed);
        base = dir.resolve("base");
        TreeMap<Long, Row> model = new TreeMap<>();
        try (Engine e = StorageEngine.open(config(base))) {
            e.createDatabase("db", false);
            Table t = e.createTable(SCHEMA, false);
            try (Transaction tx = e.begin()) {
                for (long id = 1; id <= 300; id++) {
                    Row r = row(id, rnd);
                    tx.insert(t, r);
                    model.put(id, r);
                }
                tx.commit();
            }
        }
        baseRows = new TreeMap<>(model);
        Path run = CrashImages.copy(base, dir.resolve("run"));
        Map<Long, TreeMap<Long, Row>> byTrx = new HashMap<>();
        Engine e = StorageEngine.open(config(run));
        try {
            Table t = e.table("db", "t");
            long nextId = 301;
            for (int n = 0; n < TRANSACTIONS; n++) {
                Transaction tx = e.begin();
                TreeMap<Long, Row> pending = new TreeMap<>(model);
                int ops = 1 + rnd.nextInt(4);
                for (int i = 0; i < ops; i++) {
                    change(tx, t, pending, nextId++);
                }
                int end = rnd.nextInt(100);
                if (n == TRANSACTIONS - 1) {
                    break; // left open: a crash at any point must roll it back
                }
                if (end < 20) {
                    // A statement that fails after a change of its own: only it is undone.
                    tx.beginStatement();
                    long victim = pending.firstKey();
                    tx.update(t, victim, row(victim, rnd));
                    long dup = pending.lastKey();
                    assertThatThrownBy(() -> tx.insert(t, row(dup, rnd))).isInstanceOf(EngineException.class)
                            .matches(x -> ((EngineException) x).code() == ErrorCode.DUP_ENTRY);
                    tx.rollbackStatement();
                    change(tx, t, pending, nextId++);
                }
                if (end < 85) {
                    byTrx.put(((TransactionImpl) tx).id(), new TreeMap<>(pending));
                    tx.commit();
                    model = pending;
                } else {
                    tx.rollback();
                }
            }
            // The log as the run left it: everything is written (flush_log_at_trx_commit = 1, and a final flush).
            e.flush();
            Path copy = dir.resolve("log-copy");
            Files.copy(run.resolve(LogFormat.FILE_NAME), copy);
            log = Files.readAllBytes(copy);
            try (LogFile lf = LogFile.open(copy)) {
                assertThat(Files.size(base.resolve(LogFormat.FILE_NAME))).as("a clean stop cuts the log back")
                        .isEqualTo(LogFormat.START);
                from = lfCheckpoint(base);
                LogScanner sc = new LogScanner(lf, from);
                for (LogScanner.Block b = sc.next(); b != null; b = sc.next()) {
                    boundaries.add(b.start());
                    byte[] r = b.bytes();
                    for (int off = b.from(); off < b.to(); off += RedoRecord.length(r, off, b.to())) {
                        if (r[off] == RedoRecord.TRX_COMMIT && byTrx.containsKey(RedoRecord.trxId(r, off))) {
                            committed.put(b.end(), byTrx.get(RedoRecord.trxId(r, off)));
                        }
                    }
                }
                end = sc.lsn();
                boundaries.add(end);
            }
        } finally {
            // Not a clean stop for the images: they take only the log bytes read above.
            e.close();
        }
        assertThat(committed).as("commits found in the log").hasSizeGreaterThan(TRANSACTIONS / 2);
        assertThat(end).as("the run did not wrap the 2 MiB log (LSN = file offset in the first lap)")
                .isLessThan(2 << 20);
    }

    private static long lfCheckpoint(Path datadir) {
        try (LogFile lf = LogFile.open(datadir.resolve(LogFormat.FILE_NAME))) {
            return lf.checkpoint().lsn();
        }
    }

    private void change(Transaction tx, Table t, TreeMap<Long, Row> pending, long newId) {
        int what = rnd.nextInt(10);
        if (what < 4 || pending.isEmpty()) {
            Row r = row(newId, rnd);
            tx.insert(t, r);
            pending.put(newId, r);
        } else {
            long id = pending.ceilingKey(1 + (long) rnd.nextInt((int) (long) pending.lastKey()));
            if (what < 8) {
                Row r = row(id, rnd);
                tx.update(t, id, r);
                pending.put(id, r);
            } else {
                tx.delete(t, id);
                pending.remove(id);
            }
        }
    }

    /** The table a crash at {@code cut} must recover to. */
    private TreeMap<Long, Row> expectedAt(long cut) {
        Map.Entry<Long, TreeMap<Long, Row>> last = committed.floorEntry(cut);
        return last == null ? baseRows : last.getValue();
    }

    private Path image(String name, long cut) {
        Path img = CrashImages.copy(base, dir.resolve(name));
        CrashImages.writeLog(img, log, from, cut);
        return img;
    }

    private static TreeMap<Long, Row> read(Engine e) {
        Table t = e.table("db", "t");
        TreeMap<Long, Row> rows = new TreeMap<>();
        try (Transaction tx = e.begin(); Cursor c = tx.scan(t, KeyRange.all(), Order.ASCENDING)) {
            for (Row r = c.next(); r != null; r = c.next()) {
                rows.put(r.getLong(0), r);
            }
        }
        List<Long> viaIndex = new ArrayList<>();
        try (Transaction tx = e.begin(); Cursor c = tx.scanIndex(t, "k_1", KeyRange.all(), Order.ASCENDING)) {
            long lastK = Long.MIN_VALUE;
            for (Row r = c.next(); r != null; r = c.next()) {
                assertThat(r.getLong(1)).as("index order").isGreaterThanOrEqualTo(lastK);
                lastK = r.getLong(1);
                assertThat(rows.get(r.getLong(0))).isEqualTo(r);
                viaIndex.add(r.getLong(0));
            }
        }
        assertThat(viaIndex).as("every row once through the secondary index").hasSameSizeAs(rows.keySet())
                .doesNotHaveDuplicates();
        return rows;
    }

    @Test
    void everyCutRecoversExactlyTheCommitsBeforeIt() {
        try {
            List<Long> cuts = new ArrayList<>(boundaries);
            // Inside blocks too: a torn last block (part of its header, part of its records) is the end of the log.
            for (int i = 0; i + 1 < boundaries.size(); i += 5) {
                long a = boundaries.get(i);
                long b = boundaries.get(i + 1);
                cuts.add(a + 7);
                cuts.add((a + b) / 2);
            }
            int n = 0;
            for (long cut : cuts) {
                Path img = image("cut-" + n++, cut);
                try (Engine e = StorageEngine.open(fastConfig(img))) {
                    assertThat(read(e)).as("crash with the log cut at LSN %d", cut).isEqualTo(expectedAt(cut));
                    assertThat(e.status().get("Innodb_lsn_current")).as("the log goes on where the cut log ended")
                            .isEqualTo(boundaries.stream().filter(x -> x <= cut).max(Long::compare).orElseThrow());
                }
                if (n % 10 == 0) {
                    // And a second start (after recovery and an empty log) sees the same.
                    try (Engine e = StorageEngine.open(fastConfig(img))) {
                        assertThat(read(e)).isEqualTo(expectedAt(cut));
                        assertThat(e.status().get("Innodb_recovery_log_blocks")).isZero();
                    }
                }
                deleteTree(img);
            }
            System.out.println("RecoveryCutTest: " + boundaries.size() + " block boundaries, " + n + " cuts, "
                    + committed.size() + " commits");
            assertThat(n).isGreaterThan(100);
        } catch (AssertionError | RuntimeException ex) {
            throw new AssertionError(
                    "recovery cut test failed with seed " + seed + " (rerun: -Dtaf.seed=" + seed + "): "
                            + ex.getMessage(),
                    ex);
        }
    }

    private static void deleteTree(Path p) {
        try (var all = Files.walk(p)) {
            for (Path x : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(x);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A leaf page of the table that the log changes, and the table's file. */
    private int pageTheLogChanges() throws Exception {
        try (LogFile lf = LogFile.open(image("probe", end).resolve(LogFormat.FILE_NAME))) {
            LogScanner sc = new LogScanner(lf, from);
            for (LogScanner.Block b = sc.next(); b != null; b = sc.next()) {
                byte[] r = b.bytes();
                for (int off = b.from(); off < b.to(); off += RedoRecord.length(r, off, b.to())) {
                    if (r[off] == RedoRecord.REPLACE && RedoRecord.pageNo(r, off) > 2) {
                        return RedoRecord.pageNo(r, off);
                    }
                }
            }
        }
        throw new AssertionError("no page change in the log");
    }

    @Test
    void aTornPageIsRepairedFromTheDoublewriteBuffer() throws Exception {
        int page = pageTheLogChanges();
        Path img = image("torn", end);
        Path ibd = img.resolve("db").resolve("t.ibd");
        byte[] good = new byte[PAGE];
        System.arraycopy(Files.readAllBytes(ibd), page * PAGE, good, 0, PAGE);
        assertThat(FilHeader.verify(good, FilHeader.space(good), page)).isNull();
        // The doublewrite copy was synced before the in-place write, which tore after its first half.
        Files.write(img.resolve(Doublewrite.FILE_NAME), good);
        byte[] garbage = new byte[PAGE / 2];
        new Random(seed).nextBytes(garbage);
        CrashImages.patch(ibd, (long) page * PAGE + PAGE / 2, garbage);
        try (Engine e = StorageEngine.open(config(img))) {
            assertThat(e.status().get("Innodb_recovery_torn_pages_restored")).isEqualTo(1);
            assertThat(read(e)).isEqualTo(expectedAt(end));
        }
    }

    @Test
    void aTornPageWithoutADoublewriteImageIsRefusedAndNothingIsChanged() throws Exception {
        int page = pageTheLogChanges();
        Path img = image("torn-no-copy", end);
        Path ibd = img.resolve("db").resolve("t.ibd");
        CrashImages.patch(ibd, (long) page * PAGE + PAGE / 2, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        Map<String, String> before = CrashImages.fingerprint(img);
        assertThatThrownBy(() -> StorageEngine.open(config(img))).isInstanceOf(EngineException.class)
                .hasMessageContaining("page " + page + " of space").hasMessageContaining(ibd.toString())
                .hasMessageContaining("checksum mismatch").hasMessageContaining("doublewrite buffer has no image")
                .hasMessageContaining("the datadir was left as it is");
        assertThat(CrashImages.fingerprint(img)).isEqualTo(before);
    }
}
