package org.taf.engine.sql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.taf.engine.api.Engine;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.db.StorageEngine;
import org.taf.engine.sql.parse.Parser;

/**
 * Model-based randomized test of the statement forms TPROC-C needs, over a table with a
 * two-column primary key and a two-column index on a binary text column: key-prefix ranges with
 * ORDER BY ... LIMIT both ways, IN lists, text ranges, COUNT(DISTINCT), SUM, MIN, MAX, a join by
 * primary key, UPDATE x = x + ?, range DELETEs, multi-row INSERTs and FOR UPDATE, each checked
 * against the same statement evaluated over a list in memory. A failure names the seed; rerun
 * one with -Dtaf.seed=N.
 */
class SqlModelTest {
    private static final String[] TEXTS = {"A", "B", "Ab", "a", "aB", "b", "ba", "z"};

    @TempDir
    Path dir;
    private Session session;
    private final List<long[]> rows = new ArrayList<>(); // a, b, v, d (cents), c index
    private final java.util.Map<Long, Long> u = new java.util.TreeMap<>();

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {21, 22, 23})
    void statementsAgreeWithAListInMemory(long seedParam) {
        long seed = Long.getLong("taf.seed", seedParam);
        try (Engine engine = StorageEngine.open(EngineConfig.defaults().with("datadir", dir.toString())
                .with("innodb_buffer_pool_size", "8M"))) {
            session = new Session(engine, new SessionContext(1, "root", "127.0.0.1", () -> Map.of()));
            run(seed);
            session.close();
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("SQL model test failed with seed " + seed + " (rerun: -Dtaf.seed=" + seed + "): "
                    + e.getMessage(), e);
        }
    }

    private List<List<Object>> sql(String text, Object... params) {
        CollectingSink sink = new CollectingSink();
        if (params.length == 0) {
            Parser.parse(text).statements().forEach(st -> session.execute(st, sink));
        } else {
            session.execute(session.prepare(text), params, sink);
        }
        return sink.columns == null ? List.of(List.of(sink.affected)) : sink.rows;
    }

    private void run(long seed) {
        Random r = new Random(seed);
        sql("CREATE DATABASE m");
        sql("USE m");
        sql("CREATE TABLE t (a INT NOT NULL, b INT NOT NULL, c VARCHAR(6) BINARY, v INT, d DECIMAL(6,2),"
                + " PRIMARY KEY (a, b), KEY cv (c, v))");
        sql("CREATE TABLE u (a INT NOT NULL, x INT, PRIMARY KEY (a))");
        for (long a = 0; a < 20; a++) {
            u.put(a, (long) r.nextInt(100));
            sql("INSERT INTO u VALUES (?, ?)", a, u.get(a));
        }
        insert(r, 150);
        for (int i = 0; i < 400; i++) {
            step(r);
        }
    }

    private void insert(Random r, int n) {
        StringBuilder b = new StringBuilder("INSERT INTO t (a, b, c, v, d) VALUES ");
        List<long[]> added = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long a = r.nextInt(4);
            long key = r.nextInt(60);
            Predicate<long[]> same = x -> x[0] == a && x[1] == key;
            if (rows.stream().anyMatch(same) || added.stream().anyMatch(same)) {
                continue;
            }
            long[] row = {a, key, r.nextInt(20), r.nextInt(100_000) - 50_000, r.nextInt(TEXTS.length)};
            added.add(row);
            b.append(added.size() == 1 ? "" : ", ").append(String.format("(%d, %d, '%s', %d, %s)", a, key,
                    TEXTS[(int) row[4]], row[2], BigDecimal.valueOf(row[3], 2).toPlainString()));
        }
        if (!added.isEmpty()) {
            assertThat(sql(b.toString())).containsExactly(List.of((long) added.size()));
            rows.addAll(added);
        }
    }

    private static List<Object> out(long[] x, String... cols) {
        List<Object> o = new ArrayList<>();
        for (String c : cols) {
            o.add(switch (c) {
                case "a" -> x[0];
                case "b" -> x[1];
                case "v" -> x[2];
                case "d" -> BigDecimal.valueOf(x[3], 2);
                default -> TEXTS[(int) x[4]];
            });
        }
        return o;
    }

    private List<List<Object>> expect(Predicate<long[]> where, Comparator<long[]> order, long limit, String... cols) {
        return rows.stream().filter(where).sorted(order).limit(limit).map(x -> out(x, cols)).toList();
    }

    private void step(Random r) {
        long a = r.nextInt(4);
        long lo = r.nextInt(60);
        long hi = lo + r.nextInt(30);
        boolean desc = r.nextBoolean();
        long limit = 1 + r.nextInt(8);
        Comparator<long[]> byB = Comparator.comparingLong(x -> x[1]);
        Comparator<long[]> cvab = Comparator.<long[], String>comparing(x -> TEXTS[(int) x[4]])
                .thenComparingLong(x -> x[2]).thenComparingLong(x -> x[0]).thenComparingLong(x -> x[1]);
        switch (r.nextInt(11)) {
            case 0 -> assertThat(sql("SELECT a, b, c, v, d FROM t WHERE a = ? AND b >= ? AND b < ? ORDER BY b"
                    + (desc ? " DESC" : "") + " LIMIT ?", a, lo, hi, limit)).as("key range").isEqualTo(expect(
                    x -> x[0] == a && x[1] >= lo && x[1] < hi, desc ? byB.reversed() : byB, limit,
                    "a", "b", "c", "v", "d"));
            case 1 -> {
                String c = TEXTS[r.nextInt(TEXTS.length)];
                assertThat(sql("SELECT a, b FROM t WHERE c = ? ORDER BY v" + (desc ? " DESC" : "") + ", a"
                        + (desc ? " DESC" : "") + ", b" + (desc ? " DESC" : ""), c)).as("index point, key order")
                        .isEqualTo(expect(x -> TEXTS[(int) x[4]].equals(c), desc ? cvab.reversed() : cvab, 1000,
                                "a", "b"));
            }
            case 2 -> {
                List<long[]> m = rows.stream().filter(x -> x[0] == a && x[1] >= lo && x[1] <= hi).toList();
                List<Object> e = m.isEmpty() ? java.util.Arrays.asList(0L, 0L, null, null, null)
                        : List.of((long) m.size(), m.stream().map(x -> x[2]).distinct().count(),
                        BigDecimal.valueOf(m.stream().mapToLong(x -> x[3]).sum(), 2),
                        m.stream().mapToLong(x -> x[1]).min().getAsLong(),
                        m.stream().mapToLong(x -> x[1]).max().getAsLong());
                assertThat(sql("SELECT COUNT(*), COUNT(DISTINCT v), SUM(d), MIN(b), MAX(b) FROM t WHERE a = " + a
                        + " AND b BETWEEN " + lo + " AND " + hi)).as("aggregates").containsExactly(e);
            }
            case 3 -> assertThat(sql("SELECT t.a, t.b, u.x FROM t, u WHERE u.a = t.v AND t.a = ? AND t.b <= ? "
                    + "ORDER BY t.b",
                    a, hi)).as("join").isEqualTo(rows.stream()
                    .filter(x -> x[0] == a && x[1] <= hi && u.containsKey(x[2]))
                    .sorted(byB).map(x -> List.<Object>of(x[0], x[1], u.get(x[2]))).toList());
            case 4 -> {
                long delta = r.nextInt(7) - 3;
                long n = rows.stream().filter(x -> x[0] == a && x[1] < lo).count();
                assertThat(sql("UPDATE t SET v = v + ? WHERE a = ? AND b < ?", delta, a, lo)).as("update")
                        .containsExactly(List.of(delta == 0 ? 0L : n));
                rows.stream().filter(x -> x[0] == a && x[1] < lo).forEach(x -> x[2] += delta);
            }
            case 5 -> {
                long n = rows.stream().filter(x -> x[0] == a && x[1] >= hi).count();
                assertThat(sql("DELETE FROM t WHERE a = " + a + " AND b >= " + hi)).as("range delete")
                        .containsExactly(List.of(n));
                rows.removeIf(x -> x[0] == a && x[1] >= hi);
            }
            case 6 -> insert(r, 1 + r.nextInt(10));
            case 7 -> {
                TreeSet<Long> in = new TreeSet<>();
                for (int i = 0; i < 4; i++) {
                    in.add((long) r.nextInt(60));
                }
                String list = in.stream().map(String::valueOf).collect(Collectors.joining(", "));
                assertThat(sql("SELECT b, v FROM t WHERE a = " + a + " AND b IN (" + list + ") ORDER BY b DESC"))
                        .as("IN list")
                        .isEqualTo(expect(x -> x[0] == a && in.contains(x[1]), byB.reversed(), 100, "b", "v"));
            }
            case 8 -> {
                String c1 = TEXTS[r.nextInt(TEXTS.length)];
                String c2 = TEXTS[r.nextInt(TEXTS.length)];
                assertThat(sql("SELECT c, v, a, b FROM t WHERE c > ? AND c <= ? ORDER BY c, v, a, b", c1, c2))
                        .as("text range, binary order").isEqualTo(expect(x -> TEXTS[(int) x[4]].compareTo(c1) > 0
                        && TEXTS[(int) x[4]].compareTo(c2) <= 0, cvab, 1000, "c", "v", "a", "b"));
            }
            case 9 -> {
                java.util.TreeMap<Long, List<long[]>> groups = new java.util.TreeMap<>();
                rows.stream().filter(x -> x[1] < hi)
                        .forEach(x -> groups.computeIfAbsent(x[0], k -> new ArrayList<>()).add(x));
                List<List<Object>> e = new ArrayList<>();
                groups.forEach((k, g) -> e.add(List.of(k, (long) g.size(),
                        BigDecimal.valueOf(g.stream().mapToLong(x -> x[2]).sum()),
                        g.stream().mapToLong(x -> x[1]).max().getAsLong())));
                assertThat(sql("SELECT a, COUNT(*), SUM(v), MAX(b) FROM t WHERE b < ? GROUP BY a", hi)).as("group by")
                        .isEqualTo(e);
            }
            default -> {
                sql("BEGIN");
                assertThat(sql("SELECT a, b, v FROM t WHERE a = ? AND b BETWEEN ? AND ? ORDER BY b FOR "
                        + "UPDATE", a, lo, hi))
                        .as("locking read").isEqualTo(expect(x -> x[0] == a && x[1] >= lo && x[1] <= hi, byB, 1000,
                        "a", "b", "v"));
                sql(r.nextBoolean() ? "COMMIT" : "ROLLBACK");
            }
        }
    }
}
