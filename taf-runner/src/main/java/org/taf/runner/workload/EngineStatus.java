package org.taf.runner.workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The engine's own counters, {@code SHOW GLOBAL STATUS}, read over one connection kept open for a
 * measured window (a new connection per reading would add a handshake and a connection thread to the
 * very counters it reads). Only whole-number values are kept, and only counters: gauges such as
 * {@code Threads_connected} or {@code Innodb_buffer_pool_pages_free} say where the engine is, not what
 * it did, so their difference per transaction means nothing.
 */
public final class EngineStatus implements AutoCloseable {
    /**
     * Names of MariaDB's (and our engine's) status values that are levels, not running counts; compared by
     * name without case. Uptime is a counter of seconds, but per transaction it is only 1 / TPS.
     */
    static final Set<String> GAUGES = Set.of("uptime", "uptime_since_flush_status", "threads_connected",
            "threads_running", "threads_cached", "open_tables", "open_files", "innodb_buffer_pool_pages_total",
            "innodb_buffer_pool_pages_free", "innodb_buffer_pool_pages_data", "innodb_buffer_pool_pages_dirty",
            "innodb_buffer_pool_pages_misc", "innodb_buffer_pool_bytes_data", "innodb_buffer_pool_bytes_dirty",
            "innodb_checkpoint_age", "innodb_lsn_current", "innodb_lsn_flushed", "innodb_lsn_last_checkpoint",
            "innodb_row_lock_current_waits", "innodb_recovery_log_blocks", "innodb_recovery_pages",
            "innodb_recovery_time_ms", "innodb_recovery_torn_pages_restored", "innodb_recovery_trx_rolled_back",
            "max_used_connections", "memory_used");

    private final Connection connection;

    private EngineStatus(Connection connection) {
        this.connection = connection;
    }

    /** A connection for readings; a server that cannot be reached is a {@link WorkloadException}. */
    public static EngineStatus open(ConnectionSettings c) {
        try {
            return new EngineStatus(Jdbc.connect(c));
        } catch (SQLException e) {
            throw new WorkloadException("cannot read SHOW GLOBAL STATUS from " + c.address() + ": "
                    + Jdbc.describe(e));
        }
    }

    /** Every counter now, by name. */
    public Map<String, Long> read() {
        Map<String, Long> out = new TreeMap<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS")) {
            while (rs.next()) {
                String name = rs.getString(1);
                Long value = parse(rs.getString(2));
                if (value != null && isCounter(name)) {
                    out.put(name, value);
                }
            }
        } catch (SQLException e) {
            throw new WorkloadException("SHOW GLOBAL STATUS failed: " + Jdbc.describe(e));
        }
        return out;
    }

    /** The counters' growth from {@code before} to {@code after}; a value that fell is not a counter, and goes. */
    public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new TreeMap<>();
        after.forEach((name, v) -> {
            Long was = before.get(name);
            if (was != null && v >= was) {
                out.put(name, v - was);
            }
        });
        return out;
    }

    static boolean isCounter(String name) {
        return !GAUGES.contains(name.toLowerCase(java.util.Locale.ROOT));
    }

    private static Long parse(String v) {
        if (v == null || v.isEmpty() || v.length() > 19) {
            return null;
        }
        for (int i = 0; i < v.length(); i++) {
            if (!Character.isDigit(v.charAt(i))) {
                return null; // ON/OFF, versions, fractions
            }
        }
        return Long.parseLong(v);
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // the engine is stopping; nothing to keep
        }
    }
}
