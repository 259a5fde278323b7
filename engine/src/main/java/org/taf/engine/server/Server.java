package org.taf.engine.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.taf.engine.api.Engine;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.config.Users;
import org.taf.engine.db.StorageEngine;
import org.taf.engine.sql.exec.StatementCpuWork;

/**
 * The MySQL-protocol server over one engine: listens on {@code bind_address:port} (port 0 picks a
 * free one), serves each connection on its own thread, refuses connections beyond
 * {@code max_connections} with error 1040. {@link #close()} stops accepting, closes every
 * connection (rolling back its transaction), closes the engine — which flushes every dirty page —
 * and removes the pid file.
 */
public final class Server implements AutoCloseable {
    private static final long SHUTDOWN_WAIT_MILLIS = 10_000;

    private final EngineConfig config;
    private final Engine engine;
    private final ServerLog log;
    private final Users users;
    private final ServerSocketChannel listener;
    private final int port;
    private final PidFile pidFile;
    private final Thread acceptor;
    private final Thread reaper;
    private final Map<Connection, Thread> connections = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong();
    private final AtomicLong questions = new AtomicLong();
    private final AtomicLong abortedConnects = new AtomicLong();
    private final AtomicLong maxUsed = new AtomicLong();
    private final java.util.concurrent.atomic.AtomicLongArray commandCounts =
            new java.util.concurrent.atomic.AtomicLongArray(256);
    private final long startedNanos = System.nanoTime();
    private final long maxAllowedPacket;
    private final int waitTimeoutMillis;
    private final int connectTimeoutMillis;
    private final StatementCpuWork cpuWork;
    private volatile boolean closed;

    private Server(EngineConfig config, Engine engine, ServerLog log, ServerSocketChannel listener, PidFile pidFile)
            throws IOException {
        this.config = config;
        this.engine = engine;
        this.log = log;
        this.users = Users.of(config);
        this.listener = listener;
        this.port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
        this.pidFile = pidFile;
        this.maxAllowedPacket = EngineConfig.parseSize(config.value("max_allowed_packet"));
        this.waitTimeoutMillis = (int) Math.min(Integer.MAX_VALUE, Long.parseLong(config.value("wait_timeout")) * 1000);
        this.connectTimeoutMillis =
                (int) Math.min(Integer.MAX_VALUE, Long.parseLong(config.value("connect_timeout")) * 1000);
        this.cpuWork = StatementCpuWork.of(config.statementCpuWork());
        this.acceptor = new Thread(this::acceptLoop, "engine-acceptor");
        this.reaper = new Thread(this::reapLoop, "engine-idle-reaper");
        this.reaper.setDaemon(true);
    }

    /**
     * Opens the engine on {@code config}'s datadir, listens, writes the pid file and starts accepting.
     *
     * @throws ServerException naming the datadir, address or file at fault
     */
    public static Server start(EngineConfig config, ServerLog log) {
        checkHeap(config.bufferPoolSize(), Runtime.getRuntime().maxMemory());
        PidFile pid = new PidFile(config.pidFile());
        Optional<Long> live = pid.livePid();
        if (live.isPresent() && live.get() != ProcessHandle.current().pid()) {
            throw new ServerException("datadir " + config.datadir().toAbsolutePath() + " is in use by a live server"
                    + " (pid " + live.get() + " in " + pid.path() + ")");
        }
        Engine engine;
        try {
            engine = StorageEngine.open(config);
        } catch (EngineException | UncheckedIOException e) {
            throw new ServerException(
                    "cannot open datadir " + config.datadir().toAbsolutePath() + ": " + e.getMessage(), e);
        }
        ServerSocketChannel listener = null;
        Server server;
        try {
            listener = ServerSocketChannel.open();
            listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            listener.bind(new InetSocketAddress(InetAddress.getByName(config.bindAddress()), config.port()), 128);
            server = new Server(config, engine, log, listener, pid);
        } catch (IOException e) {
            closeQuietly(listener);
            engine.close();
            throw new ServerException(
                    "cannot listen on " + config.bindAddress() + ":" + config.port() + ": " + e.getMessage(), e);
        }
        try {
            pid.write(ProcessHandle.current().pid());
        } catch (IOException e) {
            server.close();
            throw new ServerException("cannot write pid file " + pid.path() + ": " + e.getMessage(), e);
        }
        server.acceptor.start();
        server.reaper.start();
        log.note("ready for connections on " + server.address() + " (version " + config.version() + ", datadir "
                + config.datadir().toAbsolutePath() + ")");
        return server;
    }

    /** Headroom the JVM heap needs besides the buffer pool's frames (sessions, plans, results). */
    static final long HEAP_HEADROOM = 256L << 20;

    /**
     * The buffer pool's frames live on the Java heap: refuse to start rather than fail with an
     * OutOfMemoryError in the middle of a benchmark.
     */
    static void checkHeap(long poolBytes, long maxHeapBytes) {
        if (maxHeapBytes != Long.MAX_VALUE && poolBytes + HEAP_HEADROOM > maxHeapBytes) {
            long needMib = (poolBytes + HEAP_HEADROOM + (1 << 20) - 1) >> 20;
            throw new ServerException(
                    "innodb_buffer_pool_size = " + (poolBytes >> 20) + "M does not fit in the JVM heap"
                            + " (max " + (maxHeapBytes >> 20) + "M); start java with -Xmx" + needMib + "m or more"
                            + " (engine/bin/engine: ENGINE_JAVA_OPTS=-Xmx" + needMib + "m)");
        }
    }

    /** The port listened on (the chosen one when {@code port} is 0). */
    public int port() {
        return port;
    }

    /** {@code host:port} listened on. */
    public String address() {
        return config.bindAddress() + ":" + port();
    }

    public Engine engine() {
        return engine;
    }

    /** The {@code taf_statement_cpu_work} knob all sessions share (SET GLOBAL changes it). */
    StatementCpuWork cpuWork() {
        return cpuWork;
    }

    EngineConfig config() {
        return config;
    }

    ServerLog log() {
        return log;
    }

    Users users() {
        return users;
    }

    long maxAllowedPacket() {
        return maxAllowedPacket;
    }

    int waitTimeoutMillis() {
        return waitTimeoutMillis;
    }

    int connectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    /** Counts a command (Questions, and Com_query / Com_stmt_prepare / Com_stmt_execute for SHOW STATUS). */
    void question(int command) {
        questions.incrementAndGet();
        commandCounts.incrementAndGet(command & 0xff);
    }

    void abortedConnect() {
        abortedConnects.incrementAndGet();
    }

    private void acceptLoop() {
        while (!closed) {
            Connection c;
            SocketChannel socket = null;
            try {
                socket = listener.accept();
                long id = nextId.incrementAndGet();
                if (connections.size() >= config.maxConnections()) {
                    refuseTooMany(socket);
                    continue;
                }
                c = new Connection(this, socket, id);
            } catch (IOException e) {
                closeQuietly(socket);
                if (!closed) {
                    log.error("accept failed on " + address() + ": " + e.getMessage());
                }
                continue;
            }
            Thread t = new Thread(c, "engine-connection-" + c.id);
            t.setDaemon(true);
            connections.put(c, t);
            maxUsed.accumulateAndGet(connections.size(), Math::max);
            t.start();
        }
    }

    /** Error 1040 as the first and only packet, as MariaDB answers past max_connections. */
    private void refuseTooMany(SocketChannel socket) {
        abortedConnects.incrementAndGet();
        try (socket) {
            PacketChannel ch = new PacketChannel(InputStream.nullInputStream(), Channels.newOutputStream(socket), 0);
            ch.sequence(0);
            ResultWriter.error(ch, ErrorCode.TOO_MANY_CONNECTIONS.number(), ErrorCode.TOO_MANY_CONNECTIONS.sqlState(),
                    "Too many connections");
            ch.flush();
        } catch (IOException ignored) {
            // the client is gone already
        }
    }

    /** Closes connections that waited too long for their client (channels have no read timeout). */
    private void reapLoop() {
        while (!closed) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Connection c : connections.keySet()) {
                if (c.idleTooLong(now)) {
                    c.interrupt();
                }
            }
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException ignored) {
            // closing after a failure
        }
    }

    void closed(Connection c) {
        connections.remove(c);
    }

    /** The server's counters for SHOW STATUS. */
    Map<String, Long> status() {
        Map<String, Long> s = new LinkedHashMap<>();
        s.put("Aborted_connects", abortedConnects.get());
        s.put("Com_query", commandCounts.get(Protocol.COM_QUERY));
        s.put("Com_stmt_execute", commandCounts.get(Protocol.COM_STMT_EXECUTE));
        s.put("Com_stmt_prepare", commandCounts.get(Protocol.COM_STMT_PREPARE));
        s.put("Connections", nextId.get());
        s.put("Max_used_connections", maxUsed.get());
        s.put("Questions", questions.get());
        s.put("Threads_connected", (long) connections.size());
        s.put("Uptime", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedNanos));
        return s;
    }

    /** The text of COM_STATISTICS (the client's {@code status} command). */
    String statistics() {
        Map<String, Long> s = status();
        long uptime = Math.max(1, s.get("Uptime"));
        return String.format(java.util.Locale.ROOT, "Uptime: %d  Threads: %d  Questions: %d  Slow queries: 0  Opens: 0"
                        + "  Open tables: 0  Queries per second avg: %.3f", s.get("Uptime"), s.get("Threads_connected"),
                s.get("Questions"), (double) s.get("Questions") / uptime);
    }

    /** Stops accepting, ends every connection, closes the engine and removes the pid file. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        log.note("shutting down: " + connections.size() + " connection(s) open");
        closeQuietly(listener);
        reaper.interrupt();
        if (acceptor.isAlive()) {
            joinQuietly(acceptor, SHUTDOWN_WAIT_MILLIS);
        }
        connections.keySet().forEach(Connection::interrupt);
        long deadline = System.currentTimeMillis() + SHUTDOWN_WAIT_MILLIS;
        for (Thread t : connections.values()) {
            joinQuietly(t, Math.max(1, deadline - System.currentTimeMillis()));
        }
        if (!connections.isEmpty()) {
            log.warning(connections.size() + " connection(s) did not end within " + SHUTDOWN_WAIT_MILLIS
                    + " ms; their transactions are rolled back by the engine");
        }
        try {
            engine.close();
            log.note("engine closed: dirty pages flushed");
        } finally {
            pidFile.remove();
            log.note("shutdown complete");
        }
    }

    private static void joinQuietly(Thread t, long millis) {
        try {
            t.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
