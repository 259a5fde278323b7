package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Engine;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.db.StorageEngine;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.exec.ResultColumn;
import org.taf.engine.sql.exec.ResultColumns;
import org.taf.engine.sql.exec.Session;
import org.taf.engine.sql.exec.SessionContext;
import org.taf.engine.sql.exec.SqlType;

/** Golden bytes of result sets in both protocols, of OK and of ERR. */
class ResultWriterTest {
    @TempDir
    Path dir;
    Engine engine;
    Session session;
    final ByteArrayOutputStream sent = new ByteArrayOutputStream();
    PacketChannel ch;

    @BeforeEach
    void open() {
        engine = StorageEngine.open(
                EngineConfig.defaults().with("datadir", dir.toString()).with("innodb_buffer_pool_size", "1M"));
        session = new Session(engine, new SessionContext(1, "root", "127.0.0.1", Map::of));
        ch = new PacketChannel(InputStream.nullInputStream(), sent, 1 << 20);
        ch.sequence(1);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private static final ResultColumns COLUMNS = new ResultColumns(List.of(
            new ResultColumn(
                    "db", "t", "t", "id", "id", SqlType.INT, 11, 0, ResultColumn.NOT_NULL | ResultColumn.PRIMARY_KEY),
            new ResultColumn("db", "t", "t", "c", "c", SqlType.CHAR, 8, 0, 0),
            ResultColumn.computed("s", SqlType.DECIMAL),
            ResultColumn.computed("n", SqlType.BIGINT)));

    private String packets() throws IOException {
        ch.flush();
        return HexFormat.of().formatHex(sent.toByteArray());
    }

    private static String def(
            String db, String table, String name, int charset, int length, int type, int flags, int decimals) {
        StringBuilder b = new StringBuilder();
        for (String s : new String[] {"def", db, table, table, name, table.isEmpty() ? "" : name}) {
            b.append(String.format("%02x", s.length())).append(HexFormat.of().formatHex(s.getBytes()));
        }
        b.append("0c").append(String.format("%02x00", charset)).append(String.format("%02x000000", length))
                .append(String.format("%02x", type)).append(String.format("%02x%02x", flags & 0xff, flags >> 8))
                .append(String.format("%02x", decimals)).append("0000");
        return b.toString();
    }

    private static String packet(int seq, String payloadHex) {
        int len = payloadHex.length() / 2;
        return String.format("%02x%02x%02x%02x", len & 0xff, (len >> 8) & 0xff, len >> 16, seq) + payloadHex;
    }

    @Test
    void textResultSet() throws IOException {
        ResultWriter w = new ResultWriter(ch, session).reset(false, false);
        w.columns(COLUMNS);
        w.row(new Object[] {5L, "ab", new BigDecimal("12.50"), null});
        w.end();
        String expected = packet(1, "04")
                + packet(2, def("db", "t", "id", 63, 11, 3, 3, 0))
                + packet(3, def("db", "t", "c", 45, 8, 254, 0, 0))
                + packet(4, def("", "", "s", 63, 65, 246, 0x8080, 4))
                + packet(5, def("", "", "n", 63, 21, 8, 0x8080, 0))
                + packet(6, "fe00000200")
                + packet(7, "0135" + "026162" + "0531322e3530" + "fb")
                + packet(8, "fe00000200");
        assertThat(packets()).isEqualTo(expected);
    }

    @Test
    void binaryRowHasNullBitmapOffsetByTwoAndFixedSizeIntegers() throws IOException {
        ResultWriter w = new ResultWriter(ch, session).reset(true, false);
        w.columns(COLUMNS);
        sent.reset();
        ch.flush();
        sent.reset();
        w.row(new Object[] {-2L, "ab", null, 7L});
        // header 00, bitmap: column 2 (s) NULL -> bit 4 -> 0x10; INT -2 as 4 bytes; "ab"; BIGINT 7 as 8 bytes
        assertThat(packets()).isEqualTo(packet(7, "00" + "10" + "feffffff" + "026162" + "0700000000000000"));
    }

    @Test
    void cachedColumnDefinitionsAreIdenticalToFreshOnes() throws IOException {
        ResultWriter w = new ResultWriter(ch, session).reset(true, false);
        w.columns(COLUMNS);
        w.end();
        String first = packets();
        sent.reset();
        ch.sequence(1);
        assertThat(COLUMNS.wireCache()).isNotNull();
        w.columns(COLUMNS);
        w.end();
        assertThat(packets()).isEqualTo(first);
    }

    @Test
    void okStatusFollowsTheSession() throws IOException {
        ResultWriter w = new ResultWriter(ch, session).reset(false, true);
        w.ok(3, 42);
        assertThat(packets()).isEqualTo(packet(1, "00" + "03" + "2a" + "0a00" + "0000"));
    }

    @Test
    void errorReplacesAHalfWrittenPacket() throws IOException {
        ResultWriter w = new ResultWriter(ch, session).reset(false, false);
        ch.begin().int1(1).int1(2);
        w.error(new SqlException(1146, "42S02", "Table 'x.y' doesn't exist"));
        assertThat(packets()).isEqualTo(packet(1, "ff" + "7a04" + "23" + HexFormat.of().formatHex("42S02".getBytes())
                + HexFormat.of().formatHex("Table 'x.y' doesn't exist".getBytes())));
    }
}
