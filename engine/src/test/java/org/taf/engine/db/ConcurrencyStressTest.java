package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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

/**
 * Writers and readers together, with a buffer pool small enough that pages are evicted and
 * written back under them: k = k + 1 counters lose no update, rows are never torn, transfers
 * preserve the total, and rolled-back values are never seen.
 */
class ConcurrencyStressTest {
    private static final int ACCOUNTS = 60;
    /** Few counters, so that increments collide on the same rows. */
    private static final int COUNTERS = 6;
    private static final long INITIAL = 1_000;
    private static final long POISON = -777_777;
    private static final int FILLER_ROWS = 15_000;

    @TempDir
    Path dir;

    private static TableSchema schema(String name) {
        return new TableSchema("db", name, List.of(
                new Column("id", ColumnType.INT, 0, false, null, false),
                new Column("k", ColumnType.BIGINT, 0, false, 0L, false),
                new Column("c", ColumnType.CHAR, 120, false, "", false)), "id", List.of(new IndexSchema("k_1", "k")));
    }

    /** A row's c is derived from its k, so a row mixing two versions is detected. */
    private static String c(long id, long k) {
        return (id + ":" + k + ":").repeat(4);
    }

    @Test
    void noLostUpdatesNoTornRowsSumPreserved() throws Exception {
        EngineConfig cfg = EngineConfig.of(Map.of("datadir", dir.toString(), "innodb_page_size", "4K",
                "innodb_buffer_pool_size", "1M", "innodb_lock_wait_timeout", "10"));
        try (Engine e = StorageEngine.open(cfg)) {
            e.createDatabase("db", false);
            Table acc = e.createTable(schema("accounts"), false);
            Table cnt = e.createTable(schema("counters"), false);
            Table filler = e.createTable(schema("filler"), false);
            try (Transaction tx = e.begin()) {
                for (long i = 1; i <= ACCOUNTS; i++) {
                    tx.insert(acc, Row.of(i, INITIAL, c(i, INITIAL)));
                }
                for (long i = 1; i <= COUNTERS; i++) {
                    tx.insert(cnt, Row.of(i, 0L, c(i, 0)));
                }
                for (long i = 1; i <= FILLER_ROWS; i++) {
                    tx.insert(filler, Row.of(i, i, c(i, i)));
                }
                tx.commit();
            }

            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong increments = new AtomicLong();
            AtomicLong deadlocks = new AtomicLong();
            AtomicLong reads = new AtomicLong();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                long seed = w;
                threads.add(worker(failures, stop, () -> increment(e, cnt, new Random(seed), increments)));
                threads.add(worker(failures, stop, () -> transfer(e, acc, new Random(100 + seed), deadlocks)));
            }
            threads.add(worker(failures, stop, () -> poisonAndRollBack(e, acc, new Random(7))));
            for (int r = 0; r < 2; r++) {
                threads.add(worker(failures, stop, () -> readAll(e, acc, reads)));
            }
            // Scans of a table about three times the pool keep eviction and write-back busy.
            threads.add(worker(failures, stop, () -> readAll(e, filler, reads)));
            threads.forEach(Thread::start);
            Thread.sleep(4_000);
            stop.set(true);
            for (Thread t : threads) {
                t.join(30_000);
                assertThat(t.isAlive()).as(t.getName() + " finished").isFalse();
            }
            assertThat(failures).isEmpty();

            try (Transaction tx = e.begin()) {
                long sum = 0;
                long counted = 0;
                for (long i = 1; i <= ACCOUNTS; i++) {
                    sum += (Long) tx.get(acc, i).orElseThrow().get(1);
                }
                for (long i = 1; i <= COUNTERS; i++) {
                    counted += (Long) tx.get(cnt, i).orElseThrow().get(1);
                }
                assertThat(sum).as("total of all accounts").isEqualTo(ACCOUNTS * INITIAL);
                assertThat(counted).as("sum of counters").isEqualTo(increments.get());
                tx.commit();
            }
            assertThat(increments.get()).as("increments committed").isGreaterThan(100);
            assertThat(reads.get()).as("rows read").isGreaterThan(1000);
            assertThat(e.status().get("Innodb_buffer_pool_pages_evicted"))
                    .as("evictions during the run")
                    .isGreaterThan(100);
        }
    }

    private interface Step {
        void run() throws Exception;
    }

    private static Thread worker(ConcurrentLinkedQueue<Throwable> failures, AtomicBoolean stop, Step step) {
        return new Thread(() -> {
            try {
                while (!stop.get()) {
                    step.run();
                }
            } catch (Throwable t) {
                failures.add(t);
            }
        });
    }

    private static void increment(Engine e, Table t, Random rnd, AtomicLong increments) {
        long id = 1 + rnd.nextInt(COUNTERS);
        try (Transaction tx = e.begin()) {
            Row r = tx.getForUpdate(t, id).orElseThrow();
            long k = (Long) r.get(1) + 1;
            tx.update(t, id, Row.of(id, k, c(id, k)));
            tx.commit();
            increments.incrementAndGet();
        }
    }

    private static void transfer(Engine e, Table t, Random rnd, AtomicLong deadlocks) {
        long a = 1 + rnd.nextInt(ACCOUNTS);
        long b = 1 + rnd.nextInt(ACCOUNTS);
        if (a == b) {
            return;
        }
        long amount = 1 + rnd.nextInt(50);
        try (Transaction tx = e.begin()) {
            Row ra = tx.getForUpdate(t, a).orElseThrow();
            Row rb = tx.getForUpdate(t, b).orElseThrow();
            long ka = (Long) ra.get(1) - amount;
            long kb = (Long) rb.get(1) + amount;
            tx.update(t, a, Row.of(a, ka, c(a, ka)));
            tx.update(t, b, Row.of(b, kb, c(b, kb)));
            tx.commit();
        } catch (EngineException ex) {
            if (ex.code() != ErrorCode.LOCK_DEADLOCK) {
                throw ex;
            }
            deadlocks.incrementAndGet();
        }
    }

    private static void poisonAndRollBack(Engine e, Table t, Random rnd) {
        try (Transaction tx = e.begin()) {
            for (int i = 0; i < 5; i++) {
                long id = 1 + rnd.nextInt(ACCOUNTS);
                tx.getForUpdate(t, id);
                tx.update(t, id, Row.of(id, POISON, c(id, POISON)));
            }
            Thread.onSpinWait();
            tx.rollback();
        } catch (EngineException ex) {
            if (ex.code() != ErrorCode.LOCK_DEADLOCK) {
                throw ex;
            }
        }
    }

    private static void readAll(Engine e, Table t, AtomicLong reads) {
        try (Transaction tx = e.begin(); Cursor cur = tx.scan(t, KeyRange.all(), Order.ASCENDING)) {
            long n = 0;
            for (Row r = cur.next(); r != null; r = cur.next()) {
                long id = (Long) r.get(0);
                long k = (Long) r.get(1);
                if (k == POISON) {
                    throw new AssertionError("row " + id + " shows a value that was rolled back");
                }
                if (!r.get(2).equals(c(id, k))) {
                    throw new AssertionError("torn row " + r);
                }
                n++;
            }
            reads.addAndGet(n);
            tx.commit();
        }
    }
}
