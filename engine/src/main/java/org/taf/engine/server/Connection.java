package org.taf.engine.server;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.util.Optional;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.config.UserAccount;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.exec.Session;
import org.taf.engine.sql.exec.SessionContext;

/**
 * One client connection, served by its own thread: the handshake and login, then commands until
 * COM_QUIT or a disconnect. Every error a command meets becomes an ERR packet and the connection
 * goes on; only a broken stream (disconnect, oversized packet, timeout) ends it. Its transaction
 * is rolled back when it ends.
 *
 * <p>The socket is a blocking {@link SocketChannel}: a read waits in the kernel, one system call,
 * where {@link java.net.Socket} polls and reads again — on the point-select hot path that is two
 * system calls per query saved. Channels have no read timeout, so the server's reaper closes a
 * connection that has waited too long ({@link #idleTooLong}).
 */
final class Connection implements Runnable {
    private final Server server;
    private final SocketChannel socket;
    final long id;
    private final String host;
    private PacketChannel ch;
    private Session session;
    private Commands commands;

    /** System.nanoTime() when the connection began waiting for the client, 0 while it works. */
    private volatile long waitingSince;
    private volatile long waitLimitNanos;

    Connection(Server server, SocketChannel socket, long id) throws IOException {
        this.server = server;
        this.socket = socket;
        this.id = id;
        this.host = ((InetSocketAddress) socket.getRemoteAddress()).getAddress().getHostAddress();
        this.waitLimitNanos = server.connectTimeoutMillis() * 1_000_000L;
        this.waitingSince = System.nanoTime();
    }

    @Override
    public void run() {
        try {
            socket.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch = new PacketChannel(new BufferedInputStream(Channels.newInputStream(socket), 64 * 1024),
                    Channels.newOutputStream(socket), server.maxAllowedPacket());
            if (!login()) {
                return;
            }
            waitLimitNanos = server.waitTimeoutMillis() * 1_000_000L;
            serve();
        } catch (EOFException | SocketException | ClosedChannelException closed) {
            // the client went away, timed out, or the server is shutting down: nothing to answer
        } catch (PacketTooLargeException e) {
            try {
                ResultWriter.error(
                        ch,
                        ErrorCode.NET_PACKET_TOO_LARGE.number(),
                        ErrorCode.NET_PACKET_TOO_LARGE.sqlState(),
                        e.getMessage());
                ch.flush();
            } catch (IOException ignored) {
                // closing anyway
            }
        } catch (IOException | UncheckedIOException e) {
            server.log().note("connection " + id + " (" + host + ") ended: " + e);
        } catch (RuntimeException | Error e) {
            server.log().error("connection " + id + " (" + host + ") failed", e);
        } finally {
            close();
        }
    }

    /** Sends the handshake, checks the user's token; false (after an ERR) if refused. */
    private boolean login() throws IOException {
        byte[] scramble = NativePassword.scramble();
        ch.sequence(0);
        Handshake.writeGreeting(ch, server.config().version(), id, scramble);
        ch.flush();
        HandshakeResponse response;
        try {
            response = HandshakeResponse.parse(ch.read());
            waitingSince = 0;
        } catch (MalformedPacketException e) {
            refuse(SqlException.MALFORMED_PACKET, "08S01", "Bad handshake: " + e.getMessage());
            return false;
        }
        byte[] token = response.authResponse();
        if (response.authPlugin() != null && !response.authPlugin().isEmpty()
                && !response.authPlugin().equals(Protocol.NATIVE_PASSWORD)) {
            // The client made its token with another plugin (caching_sha2_password): ask for ours.
            Handshake.writeAuthSwitch(ch, scramble);
            ch.flush();
            waitingSince = System.nanoTime();
            Payload p = ch.read();
            waitingSince = 0;
            token = p.bytes(p.remaining());
        }
        Optional<UserAccount> account = server.users().find(response.user());
        if (account.isEmpty() || !NativePassword.verify(account.get(), scramble, token)) {
            refuse(ErrorCode.ACCESS_DENIED.number(), ErrorCode.ACCESS_DENIED.sqlState(), "Access denied for user '"
                    + response.user() + "'@'" + host + "' (using password: " + (token.length > 0 ? "YES" : "NO") + ")");
            server.abortedConnect();
            return false;
        }
        session = new Session(server.engine(), new SessionContext(id, response.user(), host, server::status,
                server.cpuWork()));
        session.foundRows(response.has(Protocol.CLIENT_FOUND_ROWS));
        if (response.database() != null) {
            try {
                session.useDatabase(response.database());
            } catch (SqlException e) {
                refuse(e.number(), e.sqlState(), e.getMessage());
                return false;
            }
        }
        commands = new Commands(server, ch, session, response.has(Protocol.CLIENT_MULTI_STATEMENTS));
        ResultWriter.ok(ch, 0, 0, Protocol.SERVER_STATUS_AUTOCOMMIT);
        ch.flush();
        return true;
    }

    private void refuse(int number, String state, String message) throws IOException {
        ResultWriter.error(ch, number, state, message);
        ch.flush();
    }

    private void serve() throws IOException {
        while (true) {
            waitingSince = System.nanoTime();
            Payload p = ch.read();
            waitingSince = 0;
            if (!commands.dispatch(p)) {
                return;
            }
            ch.flush();
        }
    }

    /** Whether the connection has waited for its client longer than allowed (handshake or wait_timeout). */
    boolean idleTooLong(long now) {
        long since = waitingSince;
        return since != 0 && now - since > waitLimitNanos;
    }

    /** Ends the connection from its own thread: closes the socket, rolls back, leaves the server. */
    private void close() {
        interrupt();
        if (session != null) {
            try {
                session.close();
            } catch (RuntimeException e) {
                server.log().error("connection " + id + ": rollback at disconnect failed", e);
            }
        }
        server.closed(this);
    }

    /** Closes the socket, which ends the connection's blocked read (used at shutdown). */
    void interrupt() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
