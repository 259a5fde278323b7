package org.taf.engine.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The engine's effective configuration: every known variable with a validated value. Built from
 * MariaDB-style settings ({@code innodb_buffer_pool_size=2G}); unknown variables and bad values
 * are rejected together in one {@link EngineConfigException}. Immutable.
 */
public final class EngineConfig {
    private final SortedMap<String, String> values;

    private EngineConfig(SortedMap<String, String> values) {
        this.values = values;
    }

    /** Every variable at its default. */
    public static EngineConfig defaults() {
        return of(Map.of());
    }

    /**
     * The defaults overridden by {@code settings} (names in any case, with dashes or underscores).
     *
     * @throws EngineConfigException naming every unknown variable and bad value
     */
    public static EngineConfig of(Map<String, String> settings) {
        SortedMap<String, String> values = new TreeMap<>();
        for (Variable v : Variables.all().values()) {
            values.put(v.name(), v.defaultValue());
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String name = Variables.canonical(e.getKey());
            Variable v = Variables.find(name).orElse(null);
            if (v == null) {
                problems.add("unknown variable '" + e.getKey() + "'");
                continue;
            }
            String value = e.getValue() == null ? "" : e.getValue().trim();
            String problem = check(v, value);
            if (problem != null) {
                problems.add(problem);
            } else {
                values.put(name, normalize(v, value));
            }
        }
        if (problems.isEmpty()) {
            String pageProblem = checkPageSize(parseSize(values.get("innodb_page_size")));
            if (pageProblem != null) {
                problems.add(pageProblem);
            }
        }
        if (!problems.isEmpty()) {
            throw new EngineConfigException(String.join("; ", problems));
        }
        return new EngineConfig(values);
    }

    /** This configuration with one more setting. */
    public EngineConfig with(String name, String value) {
        SortedMap<String, String> settings = new TreeMap<>(values);
        settings.put(Variables.canonical(name), value);
        return of(settings);
    }

    /** Every variable's value as text, by canonical name. */
    public SortedMap<String, String> values() {
        return Collections.unmodifiableSortedMap(values);
    }

    /** The value of {@code name} as text. */
    public String value(String name) {
        String v = values.get(Variables.canonical(name));
        if (v == null) {
            throw new EngineConfigException("unknown variable '" + name + "'");
        }
        return v;
    }

    public Path datadir() {
        return Path.of(values.get("datadir"));
    }

    public int port() {
        return (int) longValue("port");
    }

    public String bindAddress() {
        return values.get("bind_address");
    }

    public int maxConnections() {
        return (int) longValue("max_connections");
    }

    /** The pid file: {@code pid_file}, or {@code <datadir>/engine.pid}. */
    public Path pidFile() {
        String v = values.get("pid_file");
        return v.isEmpty() ? datadir().resolve("engine.pid") : datadir().resolve(v);
    }

    /** The log file: {@code log_error}, or {@code <datadir>/engine.err}. */
    public Path logError() {
        String v = values.get("log_error");
        return v.isEmpty() ? datadir().resolve("engine.err") : datadir().resolve(v);
    }

    public String version() {
        return values.get("version");
    }

    /** Page size in bytes (default 16384). */
    public int pageSize() {
        return (int) parseSize(values.get("innodb_page_size"));
    }

    /** Buffer pool size in bytes (default 128 MiB). */
    public long bufferPoolSize() {
        return parseSize(values.get("innodb_buffer_pool_size"));
    }

    public int bufferPoolInstances() {
        return (int) longValue("innodb_buffer_pool_instances");
    }

    public int oldBlocksPct() {
        return (int) longValue("innodb_old_blocks_pct");
    }

    /** Milliseconds (default 1000). */
    public long oldBlocksTimeMillis() {
        return longValue("innodb_old_blocks_time");
    }

    public int pageCleaners() {
        return (int) longValue("innodb_page_cleaners");
    }

    public double maxDirtyPagesPct() {
        return Double.parseDouble(values.get("innodb_max_dirty_pages_pct"));
    }

    /** Pages per second (default 200). */
    public int ioCapacity() {
        return (int) longValue("innodb_io_capacity");
    }

    public int lruScanDepth() {
        return (int) longValue("innodb_lru_scan_depth");
    }

    /** Seconds (default 50). */
    public long lockWaitTimeoutSeconds() {
        return longValue("innodb_lock_wait_timeout");
    }

    /** Bytes of the redo log file (innodb_log_file_size, default 96 MiB). */
    public long logFileSize() {
        return parseSize(values.get("innodb_log_file_size"));
    }

    /** Bytes of the log buffer (innodb_log_buffer_size, default 16 MiB). */
    public int logBufferSize() {
        return (int) parseSize(values.get("innodb_log_buffer_size"));
    }

    /** innodb_flush_log_at_trx_commit: 0, 1 (default), 2 or 3. */
    public int flushLogAtTrxCommit() {
        return (int) longValue("innodb_flush_log_at_trx_commit");
    }

    /** Seconds between background log flushes (innodb_flush_log_at_timeout, default 1). */
    public int flushLogAtTimeout() {
        return (int) longValue("innodb_flush_log_at_timeout");
    }

    /** Pause instructions per lsn_lock spin round; 0 (default) = a blocking mutex. */
    public int logSpinWaitDelay() {
        return (int) longValue("innodb_log_spin_wait_delay");
    }

    /** Whether pages go through the doublewrite buffer (innodb_doublewrite, default ON). */
    public boolean doublewrite() {
        return "ON".equals(values.get("innodb_doublewrite"));
    }

    /** Busy CPU rounds added to every statement ({@code taf_statement_cpu_work}, default 0 = off). */
    public long statementCpuWork() {
        return longValue(Variables.TAF_STATEMENT_CPU_WORK);
    }

    private long longValue(String name) {
        return Long.parseLong(values.get(name));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EngineConfig other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /** Parses {@code 16K}, {@code 128M}, {@code 2G}, {@code 1T} or plain bytes. */
    public static long parseSize(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.isEmpty()) {
            throw new NumberFormatException("empty size");
        }
        long unit = 1;
        char last = t.charAt(t.length() - 1);
        switch (last) {
            case 'K' -> unit = Variables.KIB;
            case 'M' -> unit = Variables.MIB;
            case 'G' -> unit = Variables.GIB;
            case 'T' -> unit = 1024 * Variables.GIB;
            default -> { }
        }
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        return Math.multiplyExact(Long.parseLong(digits), unit);
    }

    private static String check(Variable v, String value) {
        String prefix = v.name() + " = '" + value + "': ";
        try {
            switch (v.type()) {
                case INTEGER, SIZE -> {
                    long n = v.type() == VariableType.SIZE ? parseSize(value) : Long.parseLong(value);
                    if (n < v.min() || n > v.max()) {
                        return prefix + "must be between " + (long) v.min() + " and " + (long) v.max();
                    }
                }
                case DECIMAL -> {
                    double d = Double.parseDouble(value);
                    if (!(d >= v.min() && d <= v.max())) {
                        return prefix + "must be between " + v.min() + " and " + v.max();
                    }
                }
                case BOOLEAN -> {
                    if (parseBoolean(value) == null) {
                        return prefix + "must be ON or OFF";
                    }
                }
                case STRING, PATH -> { }
            }
        } catch (NumberFormatException | ArithmeticException e) {
            return prefix + (v.type() == VariableType.SIZE ? "not a size (use bytes or K, M, G)" : "not a number");
        }
        return null;
    }

    private static String normalize(Variable v, String value) {
        return switch (v.type()) {
            case INTEGER -> Long.toString(Long.parseLong(value));
            case BOOLEAN -> parseBoolean(value) ? "ON" : "OFF";
            default -> value;
        };
    }

    private static Boolean parseBoolean(String value) {
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "ON", "TRUE", "1", "YES" -> Boolean.TRUE;
            case "OFF", "FALSE", "0", "NO" -> Boolean.FALSE;
            default -> null;
        };
    }

    private static String checkPageSize(long size) {
        if (Long.bitCount(size) != 1) {
            return "innodb_page_size = " + size + ": must be 4K, 8K, 16K, 32K or 64K";
        }
        return null;
    }
}
