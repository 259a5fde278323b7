package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The less common commands, byte by byte: what the command-line client and drivers send besides queries. */
class RawCommandsIT {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws SQLException {
        server = TestServer.start(dir);
        try (Connection c = server.connect("", ""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE raw");
            s.execute("CREATE TABLE raw.t (id INT PRIMARY KEY, c VARCHAR(10) NOT NULL DEFAULT 'x')");
            s.execute("INSERT INTO raw.t VALUES (1, 'one'), (2, 'two')");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String text(byte[] p) {
        return new String(p, StandardCharsets.UTF_8);
    }

    @Test
    void fieldListStatisticsAndOptions() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "raw")) {
            c.command(Protocol.COM_FIELD_LIST, "t\0".getBytes(StandardCharsets.UTF_8));
            byte[] id = c.read();
            assertThat(text(id)).contains("id");
            assertThat(id[id.length - 1]).as("COM_FIELD_LIST ends with the default value").isEqualTo((byte) 0xfb);
            assertThat(text(c.read())).contains("c");
            assertThat(c.read()[0]).isEqualTo((byte) 0xfe);

            c.command(Protocol.COM_STATISTICS, new byte[0]);
            assertThat(text(c.read())).startsWith("Uptime: ").contains("Threads: 1").contains("Questions: ");

            c.command(Protocol.COM_SET_OPTION, new byte[] {1, 0}); // multi-statements off
            assertThat(c.read()[0]).isEqualTo((byte) 0xfe);
            c.query("SELECT 1; SELECT 2");
            assertThat(RawClient.errorCode(c.read())).isEqualTo(1064);
            c.command(Protocol.COM_SET_OPTION, new byte[] {0, 0}); // on again
            assertThat(c.read()[0]).isEqualTo((byte) 0xfe);
            c.query("SELECT 1; SELECT 2");
            byte[] firstEnd = c.readResult();
            assertThat(firstEnd[3] & Protocol.SERVER_MORE_RESULTS_EXISTS).as("MORE_RESULTS on the first").isNotZero();
            byte[] secondEnd = c.readResult();
            assertThat(secondEnd[3] & Protocol.SERVER_MORE_RESULTS_EXISTS).isZero();
        }
    }

    @Test
    void anErrorEndsAMultiStatementQuery() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "raw")) {
            c.query("UPDATE t SET c = 'uno' WHERE id = 1; SELECT * FROM nope; UPDATE t SET c = 'dos' WHERE id = 2");
            byte[] ok = c.read();
            assertThat(ok[0]).isEqualTo((byte) 0);
            assertThat(RawClient.errorCode(c.read())).isEqualTo(1146);
            c.query("SELECT c FROM t WHERE id = 2");
            c.read();
            c.read();
            c.read();
            assertThat(text(c.read())).endsWith("two"); // the third statement never ran
        }
    }

    @Test
    void longDataResetAndConnectionReset() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "raw")) {
            c.command(Protocol.COM_STMT_PREPARE, "SELECT ? AS v".getBytes(StandardCharsets.UTF_8));
            byte[] ok = c.read();
            for (int i = 0; i < 4; i++) {
                c.read();
            }
            byte[] id = {ok[1], ok[2], ok[3], ok[4]};
            ByteArrayOutputStream ld = new ByteArrayOutputStream();
            ld.writeBytes(id);
            ld.write(0);
            ld.write(0);
            ld.writeBytes("long ".getBytes(StandardCharsets.UTF_8));
            c.command(Protocol.COM_STMT_SEND_LONG_DATA, ld.toByteArray());
            ByteArrayOutputStream ld2 = new ByteArrayOutputStream();
            ld2.writeBytes(id);
            ld2.write(0);
            ld2.write(0);
            ld2.writeBytes("data".getBytes(StandardCharsets.UTF_8));
            c.command(Protocol.COM_STMT_SEND_LONG_DATA, ld2.toByteArray()); // no replies to either
            ByteArrayOutputStream ex = new ByteArrayOutputStream();
            ex.writeBytes(id);
            ex.write(0);
            RawClient.le(ex, 1, 4);
            ex.write(0); // NULL bitmap
            ex.write(1); // new params bound
            ex.write(0xfe); // MYSQL_TYPE_STRING
            ex.write(0);
            c.command(Protocol.COM_STMT_EXECUTE, ex.toByteArray()); // the value came as long data
            c.read();
            c.read();
            c.read();
            byte[] row = c.read();
            assertThat(text(row)).endsWith("long data");
            c.read();

            c.command(Protocol.COM_STMT_RESET, id);
            assertThat(c.read()[0]).isEqualTo((byte) 0);
            c.query("SET @x = 5");
            c.read();
            c.command(Protocol.COM_RESET_CONNECTION, new byte[0]);
            assertThat(c.read()[0]).isEqualTo((byte) 0);
            c.query("SELECT @x");
            c.read();
            c.read();
            c.read();
            assertThat(c.read()[0]).as("user variables are gone").isEqualTo((byte) 0xfb);
            c.read();
            c.command(Protocol.COM_STMT_EXECUTE, ex.toByteArray());
            assertThat(RawClient.errorCode(c.read())).as("statements are gone").isEqualTo(1243);
        }
    }
}
