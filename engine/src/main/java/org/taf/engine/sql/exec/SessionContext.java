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
 */
public record SessionContext(long connectionId, String user, String host, Supplier<Map<String, Long>> serverStatus) {
    public SessionContext {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(serverStatus, "serverStatus");
    }
}
