package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Engine;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.db.StorageEngine;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.exec.Session;
import org.taf.engine.sql.exec.SessionContext;

class BinaryParamsTest {
    @TempDir
    Path dir;
    Engine engine;
    Session session;

    @BeforeEach
    void open() {
        engine = StorageEngine.open(
                EngineConfig.defaults().with("datadir", dir.toString()).with("innodb_buffer_pool_size", "1M"));
        session = new Session(engine, new SessionContext(1, "root", "127.0.0.1", Map::of));
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private static Payload payload(PacketChannel ch, ByteArrayOutputStream sent) throws IOException {
        ch.end();
        ch.flush();
        byte[] b = sent.toByteArray();
        return new Payload(b, 4, b.length - 4);
    }

    @Test
    void typesAreSentOnceAndCachedForLaterExecutes() throws IOException {
        ServerStatement st = new ServerStatement(1, session.prepare("SELECT ?, ?, ?, ?, ?, ?"));
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        PacketChannel ch = new PacketChannel(InputStream.nullInputStream(), sent, 1 << 20);
        // NULL bitmap: param 4 is NULL; new-params-bound 1; types: LONG, LONGLONG unsigned, VAR_STRING, DOUBLE, NULL,
        // TINY
        ch.begin().int1(0x10).int1(1).int2(0x03).int2(0x8008).int2(0xfd).int2(0x05).int2(0x06).int2(0x01)
                .int4(-7).int8(-1).lenencString("héllo").int8(Double.doubleToLongBits(2.5)).int1(0xff);
        BinaryParams.decode(payload(ch, sent), st);
        assertThat(st.params).containsExactly(-7L, new BigDecimal("18446744073709551615"), "héllo",
                new BigDecimal("2.5"), null, -1L);
        sent.reset();
        ch.begin().int1(0).int1(0).int4(8).int8(9).lenencString("x").int8(Double.doubleToLongBits(0)).int1(3);
        BinaryParams.decode(payload(ch, sent), st);
        assertThat(st.params).containsExactly(8L, 9L, "x", new BigDecimal("0.0"), null, 3L);
    }

    @Test
    void executeWithoutEverBindingTypesIsRefused() throws IOException {
        ServerStatement st = new ServerStatement(1, session.prepare("SELECT ?"));
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        PacketChannel ch = new PacketChannel(InputStream.nullInputStream(), sent, 1 << 20);
        ch.begin().int1(0).int1(0).int4(1);
        Payload p = payload(ch, sent);
        assertThatThrownBy(() -> BinaryParams.decode(p, st)).isInstanceOf(SqlException.class);
    }

    @Test
    void truncatedValuesAreMalformed() throws IOException {
        ServerStatement st = new ServerStatement(1, session.prepare("SELECT ?"));
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        PacketChannel ch = new PacketChannel(InputStream.nullInputStream(), sent, 1 << 20);
        ch.begin().int1(0).int1(1).int2(0x08).int4(1);
        Payload p = payload(ch, sent);
        assertThatThrownBy(() -> BinaryParams.decode(p, st)).isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void temporalValuesBecomeText() throws IOException {
        ServerStatement st = new ServerStatement(1, session.prepare("SELECT ?, ?"));
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        PacketChannel ch = new PacketChannel(InputStream.nullInputStream(), sent, 1 << 20);
        ch.begin().int1(0).int1(1).int2(0x0c).int2(0x0b)
                .int1(7).int2(2024).int1(3).int1(9).int1(13).int1(5).int1(59)
                .int1(8).int1(1).int4(1).int1(2).int1(3).int1(4);
        BinaryParams.decode(payload(ch, sent), st);
        assertThat(st.params).containsExactly("2024-03-09 13:05:59", "-26:03:04");
    }
}
