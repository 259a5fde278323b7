package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Engine;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.Row;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.api.Transaction;
import org.taf.engine.config.EngineConfig;

/** Row locks: readers do not block, writers do; deadlocks give 1213, long waits 1205. */
class LockingTest {
    @TempDir
    Path dir;
    private Engine engine;
    private Table t;

    @BeforeEach
    void setUp() {
        engine = StorageEngine.open(EngineConfig.of(Map.of("datadir", dir.toString(), "innodb_buffer_pool_size", "1M",
                "innodb_lock_wait_timeout", "1")));
        engine.createDatabase("db", false);
        t = engine.createTable(new TableSchema("db", "t", List.of(
                new Column("id", ColumnType.INT, 0, false, null, false),
                new Column("k", ColumnType.INT, 0, false, 0L, false)), "id", List.of()), false);
        try (Transaction tx = engine.begin()) {
            tx.insert(t, Row.of(1L, 10L));
            tx.insert(t, Row.of(2L, 20L));
            tx.commit();
        }
    }

    @AfterEach
    void tearDown() {
        engine.close();
    }

    @Test
    void readersSeeCommittedDataWithoutWaiting() {
        Transaction writer = engine.begin();
        writer.update(t, 1, Row.of(1L, 11L));
        writer.insert(t, Row.of(3L, 30L));
        writer.delete(t, 2);
        try (Transaction reader = engine.begin()) {
            assertThat(reader.get(t, 1).orElseThrow().get(1)).isEqualTo(10L);
            assertThat(reader.get(t, 2)).isPresent();
            assertThat(reader.get(t, 3)).isEmpty();
        }
        assertThat(writer.get(t, 1).orElseThrow().get(1)).as("own change").isEqualTo(11L);
        writer.commit();
        try (Transaction reader = engine.begin()) {
            assertThat(reader.get(t, 1).orElseThrow().get(1)).isEqualTo(11L);
            assertThat(reader.get(t, 2)).isEmpty();
            assertThat(reader.get(t, 3)).isPresent();
        }
    }

    @Test
    void lockWaitTimesOutWith1205AndTheTransactionGoesOn() {
        Transaction a = engine.begin();
        a.update(t, 1, Row.of(1L, 11L));
        try (Transaction b = engine.begin()) {
            assertThatThrownBy(() -> b.update(t, 1, Row.of(1L, 12L))).isInstanceOf(EngineException.class)
                    .extracting(e -> ((EngineException) e).code()).isEqualTo(ErrorCode.LOCK_WAIT_TIMEOUT);
            assertThat(b.isActive()).isTrue();
            assertThat(b.update(t, 2, Row.of(2L, 21L))).isTrue();
            b.commit();
        }
        a.commit();
        assertThat(engine.status().get("Innodb_row_lock_waits")).isEqualTo(1);
    }

    @Test
    void deadlockAbortsOneTransactionWith1213() throws Exception {
        Transaction a = engine.begin();
        Transaction b = engine.begin();
        a.update(t, 1, Row.of(1L, 11L));
        b.update(t, 2, Row.of(2L, 21L));
        CountDownLatch waiting = new CountDownLatch(1);
        CompletableFuture<Boolean> aWaits = CompletableFuture.supplyAsync(() -> {
            waiting.countDown();
            return a.update(t, 2, Row.of(2L, 22L)); // waits for b
        });
        waiting.await();
        // Give a time to block on the lock; the check below does not depend on it.
        while (engine.status().get("Innodb_row_lock_waits") == 0) {
            Thread.onSpinWait();
        }
        assertThatThrownBy(() -> b.update(t, 1, Row.of(1L, 12L))).isInstanceOf(EngineException.class)
                .extracting(e -> ((EngineException) e).code()).isEqualTo(ErrorCode.LOCK_DEADLOCK);
        assertThat(b.isActive()).as("the victim is rolled back").isFalse();
        assertThat(aWaits.get(5, TimeUnit.SECONDS)).isTrue();
        a.commit();
        try (Transaction r = engine.begin()) {
            assertThat(r.get(t, 1).orElseThrow().get(1)).isEqualTo(11L);
            assertThat(r.get(t, 2).orElseThrow().get(1)).as("b's change was undone, a's applied").isEqualTo(22L);
        }
        assertThat(engine.status().get("Innodb_deadlocks")).isEqualTo(1);
    }

    @Test
    void deleteThenInsertOfTheSameKeyInOneTransactionRollsBackCleanly() {
        try (Transaction tx = engine.begin()) {
            assertThat(tx.delete(t, 1)).isTrue();
            tx.insert(t, Row.of(1L, 99L));
            assertThat(tx.get(t, 1).orElseThrow().get(1)).isEqualTo(99L);
            tx.rollback();
        }
        try (Transaction r = engine.begin()) {
            assertThat(r.get(t, 1).orElseThrow().get(1)).isEqualTo(10L);
        }
    }

    @Test
    void duplicateKeyIs1062AndAutoIncrementContinues() {
        try (Transaction tx = engine.begin()) {
            assertThatThrownBy(() -> tx.insert(t, Row.of(1L, 5L))).isInstanceOf(EngineException.class)
                    .hasMessage("Duplicate entry '1' for key 'PRIMARY'");
        }
    }
}
