package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Engine;
import org.taf.engine.api.Row;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.api.Transaction;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.log.LogFile;
import org.taf.engine.log.LogFormat;
import org.taf.engine.log.LogScanner;
import org.taf.engine.log.RedoRecord;

/**
 * A transaction that stays open while the log fills up: its undo is only in the log, so a
 * checkpoint may pass its first change only after the undo was copied to the end of the log,
 * and that copy must be on disk before the checkpoint is (a crash in between would leave the
 * transaction impossible to roll back). Found by EngineCrashIT with innodb_flush_log_at_trx_commit=0.
 */
class UndoRetentionTest {
    @TempDir
    Path dir;

    @Test
    void aCheckpointPastAnOpenTransactionFindsItsUndoOnDiskAfterIt() {
        EngineConfig cfg = EngineConfig.of(Map.of("datadir", dir.toString(), "innodb_page_size", "4K",
                "innodb_buffer_pool_size", "4M", "innodb_log_file_size", "1M", "innodb_flush_log_at_trx_commit", "0"));
        TableSchema schema = new TableSchema(
                "db",
                "t",
                List.of(
                        new Column("id", ColumnType.BIGINT, 0, false, null, false),
                        new Column("c", ColumnType.VARCHAR, 200, true, null, false)),
                "id",
                List.of());
        try (Engine e = StorageEngine.open(cfg)) {
            StorageEngine se = (StorageEngine) e;
            e.createDatabase("db", false);
            Table t = e.createTable(schema, false);
            Transaction open = e.begin();
            open.insert(t, Row.of(0L, "the open transaction's row"));
            long openId = ((TransactionImpl) open).id();
            long firstUndo = e.status().get("Innodb_lsn_current");
            // Others commit until more than half of the 1 MiB log lies after the checkpoint.
            long id = 1;
            while (e.status().get("Innodb_lsn_current") - e.status().get("Innodb_lsn_last_checkpoint") < 700_000) {
                try (Transaction tx = e.begin()) {
                    tx.insert(t, Row.of(id, "x".repeat(150) + id));
                    id++;
                    tx.commit();
                }
            }
            se.bufferPool().flushAll(); // no page holds the checkpoint back any more
            se.checkpointNow(true);
            long checkpoint = e.status().get("Innodb_lsn_last_checkpoint");
            assertThat(checkpoint)
                    .as("the checkpoint passed the open transaction's first change")
                    .isGreaterThan(firstUndo);
            // What a crash now would read: the log file from its checkpoint on.
            boolean found = false;
            try (LogFile lf = LogFile.open(dir.resolve(LogFormat.FILE_NAME))) {
                assertThat(lf.checkpoint().lsn()).isEqualTo(checkpoint);
                LogScanner sc = new LogScanner(lf, checkpoint);
                for (LogScanner.Block b = sc.next(); b != null && !found; b = sc.next()) {
                    byte[] r = b.bytes();
                    for (int off = b.from(); off < b.to(); off += RedoRecord.length(r, off, b.to())) {
                        found |= r[off] == RedoRecord.TRX_UNDO && RedoRecord.trxId(r, off) == openId;
                    }
                }
            }
            assertThat(found).as("the open transaction's undo is in the log file after the checkpoint").isTrue();
            open.rollback();
        }
    }
}
