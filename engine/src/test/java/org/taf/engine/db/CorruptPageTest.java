package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
import org.taf.engine.storage.CorruptPageException;

/** A byte flipped in a page on disk is detected on read, reported with its address, and never served. */
class CorruptPageTest {
    @TempDir
    Path dir;

    @Test
    void corruptPageIsReportedNotServed() throws Exception {
        EngineConfig cfg = EngineConfig.of(Map.of("datadir", dir.toString(), "innodb_page_size", "4K",
                "innodb_buffer_pool_size", "256K"));
        TableSchema schema = new TableSchema("db", "t", List.of(
                new Column("id", ColumnType.INT, 0, false, null, false),
                new Column("c", ColumnType.VARCHAR, 100, false, "", false)), "id", List.of());
        int space;
        try (Engine e = StorageEngine.open(cfg)) {
            e.createDatabase("db", false);
            Table t = e.createTable(schema, false);
            space = t.spaceId();
            try (Transaction tx = e.begin()) {
                for (long i = 1; i <= 2000; i++) {
                    tx.insert(t, Row.of(i, "row " + i + " " + "z".repeat(60)));
                }
                tx.commit();
            }
        }
        // Find the leaf holding id 1000 by reading the file: flip one byte in the middle of page 5.
        Path file = dir.resolve("db").resolve("t.ibd");
        int corruptPage = 5;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long pos = corruptPage * 4096L + 2000;
            raf.seek(pos);
            int b = raf.read();
            raf.seek(pos);
            raf.write(b ^ 0x10);
        }
        try (Engine e = StorageEngine.open(cfg)) {
            Table t = e.table("db", "t");
            int failures = 0;
            int served = 0;
            try (Transaction tx = e.begin()) {
                for (long i = 1; i <= 2000; i++) {
                    try {
                        tx.get(t, i);
                        served++;
                    } catch (CorruptPageException ex) {
                        failures++;
                        assertThat(ex.space()).isEqualTo(space);
                        assertThat(ex.pageNo()).isEqualTo(corruptPage);
                        assertThat(ex.code()).isEqualTo(ErrorCode.TABLE_CORRUPT);
                        assertThat(ex.getMessage()).contains("space " + space + " page " + corruptPage)
                                .contains("checksum mismatch").contains("t.ibd");
                    }
                }
                tx.commit();
            }
            assertThat(failures).as("reads of rows on the corrupt page").isPositive();
            assertThat(served).as("reads of rows elsewhere").isPositive();
            // Asked again, it is read again and refused again: the bad image never stays in the pool.
            long reads = e.status().get("Innodb_buffer_pool_reads");
            try (Transaction tx = e.begin()) {
                for (long i = 1; i <= 2000; i++) {
                    try {
                        tx.get(t, i);
                    } catch (CorruptPageException ex) {
                        break;
                    }
                }
            }
            assertThat(e.status().get("Innodb_buffer_pool_reads")).isGreaterThan(reads);
        }
    }

    @Test
    void secondEngineOnTheSameDatadirIsRefused() {
        EngineConfig cfg = EngineConfig.of(Map.of("datadir", dir.toString(), "innodb_buffer_pool_size", "1M"));
        try (Engine e = StorageEngine.open(cfg)) {
            assertThatThrownBy(() -> StorageEngine.open(cfg)).isInstanceOf(EngineException.class)
                    .hasMessageContaining("is in use by another engine")
                    .hasMessageContaining("pid " + ProcessHandle.current().pid());
        }
        StorageEngine.open(cfg).close();
    }
}
