package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
import org.taf.engine.buffer.BufferPoolStatus;
import org.taf.engine.config.EngineConfig;

/**
 * Model-based randomized test: random inserts, updates, deletes, point reads, scans both ways,
 * secondary-index scans, commits, rollbacks and restarts, checked against a TreeMap. The buffer
 * pool is about ten times smaller than the data, so eviction and write-back run all the time.
 * A failure names the seed; rerun one seed with -Dtaf.seed=N.
 */
class EngineModelTest {
    private static final int KEY_SPACE = 40_000;
    private static final TableSchema SCHEMA = new TableSchema("db", "t", List.of(
            new Column("id", ColumnType.BIGINT, 0, false, null, true),
            new Column("k", ColumnType.INT, 0, false, 0L, false),
            new Column("c", ColumnType.VARCHAR, 160, true, null, false),
            new Column("pad", ColumnType.CHAR, 30, false, "", false)), "id", List.of(new IndexSchema("k_1", "k")));

    @TempDir
    Path dir;

    @ParameterizedTest(name = "seed {0}, {1} instance(s)")
    @CsvSource({"1, 1", "2, 2", "3, 1"})
    void engineAgreesWithTreeMap(long seedParam, int instances) {
        long seed = Long.getLong("taf.seed", seedParam);
        try {
            run(seed, instances);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("model test failed with seed " + seed + " (rerun: -Dtaf.seed=" + seed + "): "
                    + e.getMessage(), e);
        }
    }

    private void run(long seed, int instances) {
        Random rnd = new Random(seed);
        EngineConfig cfg = EngineConfig.of(Map.of("datadir", dir.toString(), "innodb_page_size", "4K",
                "innodb_buffer_pool_size", "512K", "innodb_buffer_pool_instances", Integer.toString(instances),
                "innodb_lock_wait_timeout", "1"));
        TreeMap<Long, Row> model = new TreeMap<>();
        Engine engine = StorageEngine.open(cfg);
        try {
            engine.createDatabase("db", false);
            engine.createTable(SCHEMA, false);
            // Load about ten times the pool: ~25k rows of ~200 bytes, ~6 MB in 4K pages, into 512K.
            Table t = engine.table("db", "t");
            try (Transaction tx = engine.begin()) {
                for (int i = 0; i < 25_000; i++) {
                    long id = 1 + rnd.nextInt(KEY_SPACE);
                    if (model.containsKey(id)) {
                        continue;
                    }
                    Row r = randomRow(rnd, id);
                    tx.insert(t, r);
                    model.put(id, r);
                }
                tx.commit();
            }
            long evicted = 0;
            long written = 0;
            for (int round = 0; round < 400; round++) {
                if (round % 100 == 99) {
                    BufferPoolStatus s = ((StorageEngine) engine).bufferPool().status();
                    evicted += s.pagesEvicted();
                    written += s.pagesWritten();
                    engine.close();
                    engine = StorageEngine.open(cfg);
                }
                oneTransaction(engine, rnd, model);
            }
            fullCheck(engine, model);
            BufferPoolStatus s = ((StorageEngine) engine).bufferPool().status();
            assertThat(evicted + s.pagesEvicted()).as("evictions").isGreaterThan(1000);
            assertThat(written + s.pagesWritten()).as("write-backs").isGreaterThan(1000);
        } finally {
            engine.close();
        }
    }

    private static Row randomRow(Random rnd, long id) {
        String c = rnd.nextInt(10) == 0 ? null : "c" + id + "-" + "x".repeat(60 + rnd.nextInt(90));
        return Row.of(id, (long) rnd.nextInt(500), c, "pad" + rnd.nextInt(1000));
    }

    private void oneTransaction(Engine engine, Random rnd, TreeMap<Long, Row> committed) {
        TreeMap<Long, Row> view = new TreeMap<>(committed);
        Table t = engine.table("db", "t");
        Transaction tx = engine.begin();
        int ops = 1 + rnd.nextInt(30);
        for (int i = 0; i < ops; i++) {
            long id = 1 + rnd.nextInt(KEY_SPACE);
            switch (rnd.nextInt(8)) {
                case 0, 1 -> {
                    Row r = randomRow(rnd, id);
                    if (view.containsKey(id)) {
                        assertThatThrownBy(() -> tx.insert(t, r)).isInstanceOf(EngineException.class)
                                .extracting(e -> ((EngineException) e).code()).isEqualTo(ErrorCode.DUP_ENTRY);
                    } else {
                        assertThat(tx.insert(t, r)).isEqualTo(id);
                        view.put(id, r);
                    }
                }
                case 2 -> {
                    Row r = randomRow(rnd, id);
                    assertThat(tx.update(t, id, r)).as("update %d", id).isEqualTo(view.containsKey(id));
                    if (view.containsKey(id)) {
                        view.put(id, r);
                    }
                }
                case 3 -> {
                    // k = k + 1 through a locking read, as sysbench's index update does.
                    Optional<Row> cur = tx.getForUpdate(t, id);
                    assertThat(cur).isEqualTo(Optional.ofNullable(view.get(id)));
                    if (cur.isPresent()) {
                        Row r = cur.get().with(1, (Long) cur.get().get(1) + 1);
                        assertThat(tx.update(t, id, r)).isTrue();
                        view.put(id, r);
                    }
                }
                case 4 -> {
                    assertThat(tx.delete(t, id)).as("delete %d", id).isEqualTo(view.remove(id) != null);
                }
                case 5 -> assertThat(tx.get(t, id)).as("get %d", id).isEqualTo(Optional.ofNullable(view.get(id)));
                case 6 -> {
                    long hi = id + rnd.nextInt(300);
                    boolean desc = rnd.nextBoolean();
                    boolean lowIncl = rnd.nextBoolean();
                    boolean highIncl = rnd.nextBoolean();
                    NavigableMap<Long, Row> sub = view.subMap(id, lowIncl, hi, highIncl);
                    List<Row> expected = new ArrayList<>(desc ? sub.descendingMap().values() : sub.values());
                    assertThat(drain(tx.scan(t, new KeyRange(id, lowIncl, hi, highIncl),
                            desc ? Order.DESCENDING : Order.ASCENDING))).as("scan %d..%d", id, hi).isEqualTo(expected);
                }
                default -> {
                    long k = rnd.nextInt(500);
                    long k2 = k + rnd.nextInt(3);
                    List<Row> expected = new ArrayList<>();
                    view.values().stream().filter(r -> (Long) r.get(1) >= k && (Long) r.get(1) <= k2)
                            .sorted((a, b) -> a.get(1).equals(b.get(1)) ? Long.compare((Long) a.get(0), (Long) b.get(0))
                                    : Long.compare((Long) a.get(1), (Long) b.get(1)))
                            .forEach(expected::add);
                    assertThat(drain(tx.scanIndex(t, "k_1", KeyRange.closed(k, k2), Order.ASCENDING)))
                            .as("index scan k in %d..%d", k, k2).isEqualTo(expected);
                }
            }
        }
        if (rnd.nextInt(5) == 0) {
            tx.rollback();
        } else {
            tx.commit();
            committed.clear();
            committed.putAll(view);
        }
    }

    private static void fullCheck(Engine engine, TreeMap<Long, Row> model) {
        try (Transaction tx = engine.begin()) {
            Table t = engine.table("db", "t");
            assertThat(drain(tx.scan(t, KeyRange.all(), Order.ASCENDING))).isEqualTo(new ArrayList<>(model.values()));
            List<Row> desc = new ArrayList<>(model.descendingMap().values());
            assertThat(drain(tx.scan(t, KeyRange.all(), Order.DESCENDING))).isEqualTo(desc);
            assertThat(drain(tx.scanIndex(t, "k_1", KeyRange.all(), Order.ASCENDING))).hasSize(model.size());
            tx.commit();
        }
    }

    private static List<Row> drain(Cursor c) {
        List<Row> out = new ArrayList<>();
        try (c) {
            for (Row r = c.next(); r != null; r = c.next()) {
                out.add(r);
            }
        }
        return out;
    }
}
