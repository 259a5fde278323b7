package org.taf.engine.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A minimal MySQL client over a raw socket, able to send anything — including what no driver would. */
final class RawClient implements AutoCloseable {
    final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    byte[] greeting;

    RawClient(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Connects and logs in as {@code user} with an empty password; returns the first byte of the reply. */
    static RawClient login(int port, String user, String database) throws IOException {
        RawClient c = new RawClient(port);
        c.greeting = c.read();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int caps = Protocol.CLIENT_PROTOCOL_41 | Protocol.CLIENT_SECURE_CONNECTION | Protocol.CLIENT_PLUGIN_AUTH
                | Protocol.CLIENT_MULTI_STATEMENTS | (database != null ? Protocol.CLIENT_CONNECT_WITH_DB : 0);
        le(b, caps, 4);
        le(b, 1 << 24, 4);
        b.write(45);
        b.write(new byte[23]);
        b.writeBytes(user.getBytes(StandardCharsets.UTF_8));
        b.write(0);
        b.write(0); // auth response length 0
        if (database != null) {
            b.writeBytes(database.getBytes(StandardCharsets.UTF_8));
            b.write(0);
        }
        b.writeBytes("mysql_native_password".getBytes(StandardCharsets.UTF_8));
        b.write(0);
        c.send(1, b.toByteArray());
        byte[] reply = c.read();
        if (reply[0] != 0) {
            throw new IOException("login refused: " + errorText(reply));
        }
        return c;
    }

    static void le(ByteArrayOutputStream b, long v, int n) {
        for (int i = 0; i < n; i++) {
            b.write((int) (v >>> (8 * i)));
        }
    }

    void send(int seq, byte[] payload) throws IOException {
        byte[] h = {(byte) payload.length, (byte) (payload.length >>> 8), (byte) (payload.length >>> 16), (byte) seq};
        out.write(h);
        out.write(payload);
        out.flush();
    }

    /** Sends a command packet (sequence 0). */
    void command(int command, byte[] body) throws IOException {
        byte[] p = new byte[body.length + 1];
        p[0] = (byte) command;
        System.arraycopy(body, 0, p, 1, body.length);
        send(0, p);
    }

    void query(String sql) throws IOException {
        command(Protocol.COM_QUERY, sql.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends raw bytes (a broken header, half a packet). */
    void raw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    byte[] read() throws IOException {
        byte[] h = new byte[4];
        in.readFully(h);
        int len = (h[0] & 0xff) | (h[1] & 0xff) << 8 | (h[2] & 0xff) << 16;
        byte[] p = new byte[len];
        in.readFully(p);
        return p;
    }

    /** Reads packets until the end of a result set or an OK/ERR; returns the last packet. */
    byte[] readResult() throws IOException {
        byte[] first = read();
        if (first[0] == 0 || (first[0] & 0xff) == 0xff) {
            return first;
        }
        int eofs = 0;
        byte[] p = first;
        while (eofs < 2) {
            p = read();
            if ((p[0] & 0xff) == 0xff) {
                return p;
            }
            if ((p[0] & 0xff) == 0xfe && p.length < 9) {
                eofs++;
            }
        }
        return p;
    }

    static int errorCode(byte[] p) {
        if ((p[0] & 0xff) != 0xff) {
            return 0;
        }
        return (p[1] & 0xff) | (p[2] & 0xff) << 8;
    }

    static String errorText(byte[] p) {
        return errorCode(p) + " " + new String(p, 9, p.length - 9, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
