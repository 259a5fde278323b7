package org.taf.engine.sql.exec;

import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a session knows of its connection and server.
 *
 * @param connectionId the id sent in the handshake ({@code CONNECTION_ID()})
 * @param user         the authenticated user
 * @param host         the client's address, as in {@code 'root'@'127.0.0.1'}
 * @param serverStatus the server's own status counters (Threads_connected, Questions, Uptime, ...)
 * @param cpuWork      the server's {@code taf_statement_cpu_work} knob, shared by all its sessions
 */
public record SessionContext(long connectionId, String user, String host, Supplier<Map<String, Long>> serverStatus,
                             StatementCpuWork cpuWork) {
    public SessionContext {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(serverStatus, "serverStatus");
        Objects.requireNonNull(cpuWork, "cpuWork");
    }

    /** A context with its own knob, at 0 (no calibration work): for sessions outside a server. */
    public SessionContext(long connectionId, String user, String host, Supplier<Map<String, Long>> serverStatus) {
        this(connectionId, user, host, serverStatus, StatementCpuWork.off());
    }
}
