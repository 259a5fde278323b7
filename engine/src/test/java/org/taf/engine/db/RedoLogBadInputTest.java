package org.taf.engine.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
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
import org.taf.engine.log.RedoLogException;
import org.taf.engine.page.Bytes;

/**
 * A log that cannot be read stops the start with an error naming the file and the LSN, and
 * leaves every file of the datadir as it was: damage before the end of the log, a block with a
 * valid checksum but a malformed record, another format version, no valid checkpoint, a file
 * shorter than its header, a missing file.
 */
class RedoLogBadInputTest {
    @TempDir
    Path dir;
    private Path base;
    private byte[] log;
    private long from;
    private final List<Long> blocks = new ArrayList<>();
    private long end;

    private EngineConfig config(Path datadir) {
        return EngineConfig.of(Map.of("datadir", datadir.toString(), "innodb_page_size", "4K",
                "innodb_buffer_pool_size", "1M", "innodb_log_file_size", "1M"));
    }

    @BeforeEach
    void crashImage() throws Exception {
        base = dir.resolve("base");
        try (Engine e = StorageEngine.open(config(base))) {
            e.createDatabase("db", false);
            e.createTable(new TableSchema("db", "t", List.of(new Column("id", ColumnType.BIGINT, 0, false, null, false),
                    new Column("c", ColumnType.VARCHAR, 50, true, null, false)), "id", List.of()), false);
        }
        Path run = CrashImages.copy(base, dir.resolve("run"));
        try (Engine e = StorageEngine.open(config(run))) {
            Table t = e.table("db", "t");
            for (long i = 1; i <= 30; i++) {
                try (Transaction tx = e.begin()) {
                    tx.insert(t, Row.of(i, "row " + i));
                    tx.commit();
                }
            }
            Path copy = dir.resolve("log-copy");
            Files.copy(run.resolve(LogFormat.FILE_NAME), copy);
            log = Files.readAllBytes(copy);
            try (LogFile lf = LogFile.open(copy)) {
                from = lf.checkpoint().lsn();
                LogScanner sc = new LogScanner(lf, from);
                for (LogScanner.Block b = sc.next(); b != null; b = sc.next()) {
                    blocks.add(b.start());
                }
                end = sc.lsn();
            }
        }
        assertThat(blocks).hasSizeGreaterThan(50);
    }

    private Path image(String name) {
        Path img = CrashImages.copy(base, dir.resolve(name));
        CrashImages.writeLog(img, log, from, end);
        return img;
    }

    @Test
    void aDamagedBlockBeforeTheEndOfTheLogIsAnErrorNamingItsLsn() {
        Path img = image("mid");
        long victim = blocks.get(blocks.size() / 2);
        // One bit of a record in the middle of the log: its checksum fails, the blocks after it are fine.
        CrashImages.patch(img.resolve(LogFormat.FILE_NAME), victim + LogFormat.BLOCK_HEADER + 3,
                new byte[] {(byte) (log[(int) (victim + LogFormat.BLOCK_HEADER + 3)] ^ 0x04)});
        Map<String, String> before = CrashImages.fingerprint(img);
        assertThatThrownBy(() -> StorageEngine.open(config(img))).isInstanceOf(RedoLogException.class)
                .hasMessageStartingWith("redo log " + img.resolve(LogFormat.FILE_NAME) + " at LSN " + victim + ": ")
                .hasMessageContaining("checksum mismatch")
                .hasMessageContaining("a corrupt record before the end of the log")
                .hasMessageEndingWith("; the datadir was left as it is")
                .extracting(x -> ((RedoLogException) x).lsn()).isEqualTo(victim);
        assertThat(CrashImages.fingerprint(img)).isEqualTo(before);
    }

    @Test
    void aValidChecksumOverAMalformedRecordIsAnError() {
        Path img = image("malformed");
        long victim = blocks.get(3);
        int len = Bytes.getInt(log, (int) victim + 8);
        byte[] block = java.util.Arrays.copyOfRange(log, (int) victim, (int) victim + LogFormat.BLOCK_HEADER + len);
        block[LogFormat.BLOCK_HEADER] = 99; // no such record type
        CRC32C crc = new CRC32C();
        crc.update(block, 8, 4);
        crc.update(block, LogFormat.BLOCK_HEADER, len);
        Bytes.putInt(block, 12, (int) crc.getValue());
        CrashImages.patch(img.resolve(LogFormat.FILE_NAME), victim, block);
        Map<String, String> before = CrashImages.fingerprint(img);
        assertThatThrownBy(() -> StorageEngine.open(config(img)))
                .isInstanceOf(RedoLogException.class)
                .hasMessageContaining(" at LSN " + victim + ": ")
                .hasMessageContaining("malformed record (record type 99");
        assertThat(CrashImages.fingerprint(img)).isEqualTo(before);
    }

    @Test
    void anotherFormatVersionIsRefused() {
        Path img = image("version");
        CrashImages.patch(img.resolve(LogFormat.FILE_NAME), 8, new byte[] {0, 0, 0, 2});
        Map<String, String> before = CrashImages.fingerprint(img);
        assertThatThrownBy(() -> StorageEngine.open(config(img))).isInstanceOf(RedoLogException.class)
                .hasMessage("redo log " + img.resolve(LogFormat.FILE_NAME) + " at LSN " + from
                        + ": format version 2; this engine reads version " + LogFormat.VERSION
                        + "; the datadir was left as it is");
        assertThat(CrashImages.fingerprint(img)).isEqualTo(before);
    }

    @Test
    void noValidCheckpointIsRefused() {
        Path img = image("checkpoints");
        CrashImages.patch(img.resolve(LogFormat.FILE_NAME), 4096 + 9, new byte[] {7});
        CrashImages.patch(img.resolve(LogFormat.FILE_NAME), 8192 + 9, new byte[] {7});
        Map<String, String> before = CrashImages.fingerprint(img);
        assertThatThrownBy(() -> StorageEngine.open(config(img))).isInstanceOf(RedoLogException.class)
                .hasMessageContaining("neither checkpoint slot is valid");
        assertThat(CrashImages.fingerprint(img)).isEqualTo(before);
    }

    @Test
    void aFileShorterThanItsHeaderIsRefused() throws Exception {
        Path img = image("short");
        try (var ch = java.nio.channels.FileChannel.open(img.resolve(LogFormat.FILE_NAME),
                java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(9000);
        }
        Map<String, String> before = CrashImages.fingerprint(img);
        assertThatThrownBy(() -> StorageEngine.open(config(img))).isInstanceOf(RedoLogException.class)
                .hasMessageContaining("the file is 9000 bytes, shorter than its 12288-byte header");
        assertThat(CrashImages.fingerprint(img)).isEqualTo(before);
    }

    @Test
    void aMissingLogIsRefused() throws Exception {
        Path img = image("missing");
        Files.delete(img.resolve(LogFormat.FILE_NAME));
        Map<String, String> before = CrashImages.fingerprint(img);
        assertThatThrownBy(() -> StorageEngine.open(config(img)))
                .isInstanceOf(RedoLogException.class)
                .hasMessage(
                        "redo log " + img.resolve(LogFormat.FILE_NAME) + ": the file is missing (the datadir was made"
                                + " with a redo log; without it committed"
                                + " changes that are not yet in the data files"
                                + " would be lost); the datadir was left as it"
                                + " is");
        assertThat(CrashImages.fingerprint(img)).isEqualTo(before);
        assertThat(img.resolve(LogFormat.FILE_NAME)).doesNotExist();
    }

    @Test
    void theUndamagedImageRecoversEveryCommit() {
        try (Engine e = StorageEngine.open(config(image("good")))) {
            Table t = e.table("db", "t");
            try (Transaction tx = e.begin()) {
                for (long i = 1; i <= 30; i++) {
                    assertThat(tx.get(t, i)).get().isEqualTo(Row.of(i, "row " + i));
                }
            }
            assertThat(e.status().get("Innodb_recovery_log_blocks")).isEqualTo(blocks.size());
        }
    }
}
