package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

/**
 * Model-based randomized test of composite keys: a primary key of integer and text columns
 * (w, d, name, n), a secondary index of two columns (qty, name), DECIMAL and DATETIME values;
 * random inserts, updates that move index entries, deletes, locked reads, and scans of key
 * prefixes both ways, in transactions that commit or roll back, with restarts, against a TreeMap
 * ordered as the keys are. A failure names the seed; rerun one with -Dtaf.seed=N.
 */
class CompositeKeyModelTest {
    private static final String[] NAMES = {"", "A", "B", "a", "ab", "b0", "BAR"};
    private static final TableSchema SCHEMA = new TableSchema("db", "t", List.of(
            new Column("w", ColumnType.INT, 0, false, null, false),
            new Column("d", ColumnType.SMALLINT, 0, false, null, false),
            new Column("name", ColumnType.VARCHAR, 8, 0, false, null, false, true, false),
            new Column("n", ColumnType.BIGINT, 0, false, null, false),
            new Column("amount", ColumnType.DECIMAL, 8, 2, true, null, false, false, false),
            new Column("at", ColumnType.DATETIME, 0, 0, true, null, false, false, false),
            new Column("qty", ColumnType.INT, 0, false, 0L, false),
            new Column("note", ColumnType.VARCHAR, 40, true, null, false)),
            List.of("w", "d", "name", "n"), List.of(new IndexSchema("q", List.of("qty", "name"))));
    /** Key order: numbers as numbers, strings by their (ASCII) bytes. */
    private static final Comparator<List<Object>> KEYS = CompositeKeyModelTest::compareKeys;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12})
    void engineAgreesWithTreeMap(long seedParam) {
        long seed = Long.getLong("taf.seed", seedParam);
        try {
            run(seed);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("composite-key model test failed with seed " + seed + " (rerun: -Dtaf.seed="
                    + seed + "): " + e.getMessage(), e);
        }
    }

    private EngineConfig config() {
        return EngineConfig.of(Map.of("datadir", dir.toString(), "innodb_page_size", "4K",
                "innodb_buffer_pool_size", "512K", "innodb_lock_wait_timeout", "1"));
    }

    private void run(long seed) {
        Random rnd = new Random(seed);
        TreeMap<List<Object>, Row> model = new TreeMap<>(KEYS);
        Engine engine = StorageEngine.open(config());
        try {
            engine.createDatabase("db", false);
            engine.createTable(SCHEMA, false);
            for (int round = 0; round < 300; round++) {
                if (round % 100 == 99) {
                    engine.close();
                    engine = StorageEngine.open(config());
                }
                oneTransaction(engine, rnd, model);
            }
            try (Transaction tx = engine.begin()) {
                Table t = engine.table("db", "t");
                assertThat(drain(tx.scan(t, KeyRange.all(), Order.ASCENDING)))
                        .isEqualTo(new ArrayList<>(model.values()));
                assertThat(drain(tx.scanIndex(t, "q", KeyRange.all(), Order.DESCENDING)))
                        .isEqualTo(indexOrder(model.values(), null, true, null, true, true));
            }
            assertThat(model.size()).as("rows at the end").isGreaterThan(300);
        } finally {
            engine.close();
        }
    }

    private static List<Object> randomKey(Random rnd) {
        return List.<Object>of((long) 1 + rnd.nextInt(3), (long) 1 + rnd.nextInt(4), NAMES[rnd.nextInt(NAMES.length)],
                (long) 1 + rnd.nextInt(60));
    }

    private static Row randomRow(Random rnd, List<Object> key) {
        BigDecimal amount = rnd.nextInt(8) == 0 ? null : BigDecimal.valueOf(rnd.nextInt(2_000_000) - 1_000_000, 2);
        String at = rnd.nextInt(8) == 0 ? null : String.format("2024-%02d-%02d 12:%02d:00", 1 + rnd.nextInt(12),
                1 + rnd.nextInt(28), rnd.nextInt(60));
        String note = rnd.nextInt(5) == 0 ? null : "note-" + rnd.nextInt(1000);
        return Row.of(key.get(0), key.get(1), key.get(2), key.get(3), amount, at, (long) rnd.nextInt(5), note);
    }

    private void oneTransaction(Engine engine, Random rnd, TreeMap<List<Object>, Row> committed) {
        TreeMap<List<Object>, Row> view = new TreeMap<>(KEYS);
        view.putAll(committed);
        Table t = engine.table("db", "t");
        Transaction tx = engine.begin();
        int ops = 1 + rnd.nextInt(25);
        for (int i = 0; i < ops; i++) {
            List<Object> key = randomKey(rnd);
            Object[] k = key.toArray();
            switch (rnd.nextInt(9)) {
                case 0, 1, 2 -> {
                    Row r = randomRow(rnd, key);
                    if (view.containsKey(key)) {
                        assertThatThrownBy(() -> tx.insert(t, r)).isInstanceOf(EngineException.class)
                                .extracting(e -> ((EngineException) e).code()).isEqualTo(ErrorCode.DUP_ENTRY);
                    } else {
                        tx.insert(t, r);
                        view.put(key, r);
                    }
                }
                case 3 -> {
                    Row r = randomRow(rnd, key);
                    assertThat(tx.update(t, k, r)).as("update %s", key).isEqualTo(view.containsKey(key));
                    if (view.containsKey(key)) {
                        view.put(key, r);
                    }
                }
                case 4 -> {
                    Optional<Row> cur = tx.getForUpdate(t, k);
                    assertThat(cur).as("locked read %s", key).isEqualTo(Optional.ofNullable(view.get(key)));
                    if (cur.isPresent()) {
                        Row r = cur.get().with(6, (Long) cur.get().get(6) + 1);
                        assertThat(tx.update(t, k, r)).isTrue();
                        view.put(key, r);
                    }
                }
                case 5 -> assertThat(tx.delete(t, k)).as("delete %s", key).isEqualTo(view.remove(key) != null);
                case 6 -> assertThat(tx.get(t, k)).as("get %s", key).isEqualTo(Optional.ofNullable(view.get(key)));
                case 7 -> primaryScan(rnd, tx, t, view);
                default -> indexScan(rnd, tx, t, view);
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

    /** A scan between two key prefixes of random lengths, each bound inclusive or not, either way. */
    private static void primaryScan(Random rnd, Transaction tx, Table t, TreeMap<List<Object>, Row> view) {
        List<Object> a = randomKey(rnd).subList(0, 1 + rnd.nextInt(4));
        List<Object> b = rnd.nextBoolean() ? a : randomKey(rnd).subList(0, 1 + rnd.nextInt(4));
        boolean lowIn = rnd.nextBoolean();
        boolean highIn = rnd.nextBoolean();
        boolean desc = rnd.nextBoolean();
        List<Row> expected = new ArrayList<>();
        for (Map.Entry<List<Object>, Row> e : view.entrySet()) {
            if (inRange(e.getKey(), a, lowIn, b, highIn)) {
                expected.add(e.getValue());
            }
        }
        if (desc) {
            java.util.Collections.reverse(expected);
        }
        assertThat(drain(tx.scan(t, new KeyRange(a, lowIn, b, highIn), desc ? Order.DESCENDING : Order.ASCENDING)))
                .as("scan %s%s .. %s%s %s", lowIn ? "[" : "(", a, b, highIn ? "]" : ")", desc ? "desc" : "asc")
                .isEqualTo(expected);
    }

    private static void indexScan(Random rnd, Transaction tx, Table t, TreeMap<List<Object>, Row> view) {
        List<Object> a = indexPrefix(rnd);
        List<Object> b = rnd.nextBoolean() ? a : indexPrefix(rnd);
        boolean lowIn = rnd.nextBoolean();
        boolean highIn = rnd.nextBoolean();
        boolean desc = rnd.nextBoolean();
        Order order = desc ? Order.DESCENDING : Order.ASCENDING;
        assertThat(drain(tx.scanIndex(t, "q", new KeyRange(a, lowIn, b, highIn), order)))
                .as("index scan %s .. %s", a, b).isEqualTo(indexOrder(view.values(), a, lowIn, b, highIn, desc));
    }

    /** (qty) or (qty, name): a prefix of index q's columns. */
    private static List<Object> indexPrefix(Random rnd) {
        return List.<Object>of((long) rnd.nextInt(5), NAMES[rnd.nextInt(NAMES.length)]).subList(0, 1 + rnd.nextInt(2));
    }

    /** Rows in (qty, name, primary key) order, within the bounds on (qty, name). */
    private static List<Row> indexOrder(java.util.Collection<Row> rows, List<Object> low, boolean lowIn,
                                        List<Object> high, boolean highIn, boolean desc) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            List<Object> ix = List.<Object>of(r.get(6), r.get(2));
            if ((low == null || inRange(ix, low, lowIn, high, highIn))) {
                out.add(r);
            }
        }
        Comparator<Row> c = (x, y) -> compareKeys(
                List.<Object>of(x.get(6), x.get(2), x.get(0), x.get(1), x.get(2), x.get(3)),
                List.<Object>of(y.get(6), y.get(2), y.get(0), y.get(1), y.get(2), y.get(3)));
        out.sort(desc ? c.reversed() : c);
        return out;
    }

    /** Whether {@code key} is within [low, high] compared on the bounds' prefixes. */
    private static boolean inRange(List<Object> key, List<Object> low, boolean lowIn, List<Object> high,
                                   boolean highIn) {
        int l = compareKeys(key.subList(0, low.size()), low);
        int h = compareKeys(key.subList(0, high.size()), high);
        return (lowIn ? l >= 0 : l > 0) && (highIn ? h <= 0 : h < 0);
    }

    @SuppressWarnings("unchecked")
    private static int compareKeys(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = ((Comparable<Object>) a.get(i)).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
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

    /**
     * A crash image taken while one transaction is open: recovery rolls back its composite-key
     * insert, update (which moved an index entry) and delete, and keeps the committed ones.
     */
    @Test
    void recoveryRollsBackAnOpenTransactionOnCompositeKeys() {
        Path live = dir.resolve("live");
        EngineConfig cfg = config().with("datadir", live.toString());
        Row a = Row.of(1L, 1L, "a", 1L, new BigDecimal("1.50"), "2024-01-01 00:00:00", 1L, "x");
        Row b = Row.of(1L, 1L, "B", 2L, null, null, 2L, null);
        Row c = Row.of(2L, 3L, "", 9L, new BigDecimal("-0.05"), "2024-12-31 23:59:59", 3L, "z");
        try (Engine e = StorageEngine.open(cfg)) {
            e.createDatabase("db", false);
            Table t = e.createTable(SCHEMA, false);
            try (Transaction tx = e.begin()) {
                tx.insert(t, a);
                tx.insert(t, b);
                tx.commit();
            }
            Transaction open = e.begin();
            open.insert(t, c);
            open.update(t, new Object[] {1L, 1L, "a", 1L}, a.with(6, 4L));
            open.delete(t, new Object[] {1L, 1L, "B", 2L});
            e.flush();
            CrashImages.copy(live, dir.resolve("crash"));
            open.rollback();
        }
        try (Engine e = StorageEngine.open(config().with("datadir", dir.resolve("crash").toString()));
             Transaction tx = e.begin()) {
            Table t = e.table("db", "t");
            assertThat(((StorageEngine) e).recoveryReport().rolledBack()).isEqualTo(1);
            assertThat(drain(tx.scan(t, KeyRange.all(), Order.ASCENDING))).containsExactly(b, a);
            assertThat(drain(tx.scanIndex(t, "q", KeyRange.all(), Order.ASCENDING))).containsExactly(a, b);
        }
    }

    @Test
    void catalogStaysFormat1ForSysbenchTablesAndIsFormat2WithCompositeKeys() throws Exception {
        try (Engine e = StorageEngine.open(config())) {
            e.createDatabase("db", false);
            e.createTable(new TableSchema("db", "sb", List.of(new Column("id", ColumnType.INT, 0, false, null, true),
                    new Column("k", ColumnType.INT, 0, false, 0L, false)), "id", List.of(new IndexSchema("k_1", "k"))),
                    false);
        }
        assertThat(Files.readAllLines(dir.resolve(Catalog.FILE)).get(0)).isEqualTo("taf-catalog 1");
        try (Engine e = StorageEngine.open(config())) {
            e.createTable(SCHEMA, false);
        }
        assertThat(Files.readAllLines(dir.resolve(Catalog.FILE)).get(0)).isEqualTo("taf-catalog 2");
        try (Engine e = StorageEngine.open(config())) {
            assertThat(e.table("db", "t").schema()).isEqualTo(SCHEMA);
            assertThat(e.table("db", "sb").schema().primaryKey()).containsExactly("id");
            e.dropTable("db", "t", false);
        }
        assertThat(Files.readAllLines(dir.resolve(Catalog.FILE)).get(0)).isEqualTo("taf-catalog 1");
    }
}
