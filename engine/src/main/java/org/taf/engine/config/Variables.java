package org.taf.engine.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Every variable the engine knows, by name. Dashes and underscores are the same, as in MariaDB. */
public final class Variables {
    static final long KIB = 1024;
    static final long MIB = 1024 * KIB;
    static final long GIB = 1024 * MIB;

    /** Name of the calibration variable: busy CPU rounds per statement (see {@code StatementCpuWork}). */
    public static final String TAF_STATEMENT_CPU_WORK = "taf_statement_cpu_work";

    private static final Map<String, Variable> ALL = new LinkedHashMap<>();

    static {
        // Server
        add(Variable.path("datadir", "./data", "directory holding the catalog and one data file per table"));
        add(Variable.integer("port", 3306, 0, 65535, "TCP port the server listens on"));
        add(Variable.text("bind_address", "127.0.0.1", "address the server listens on"));
        add(Variable.integer("max_connections", 151, 1, 100_000, "most client connections at once"));
        add(Variable.path("pid_file", "", "file holding the server's process id (default <datadir>/engine.pid)"));
        add(Variable.path("log_error", "", "the server's log file (default <datadir>/engine.err)"));
        add(Variable.text("version", "11.4.2-TAF", "server version string sent in the handshake"));

        // InnoDB storage core
        add(Variable.size("innodb_page_size", "16K", 4 * KIB, 64 * KIB, "page size in bytes: 4K, 8K, 16K, 32K or 64K"));
        add(Variable.size(
                "innodb_buffer_pool_size", "128M", 256 * KIB, 1024 * GIB, "bytes of page frames in the buffer pool"));
        add(Variable.integer("innodb_buffer_pool_instances", 1, 1, 64,
                "buffer pool instances, each with its own mutex, LRU, free and flush lists"));
        add(Variable.integer("innodb_old_blocks_pct", 37, 5, 95, "percent of the LRU list kept as the old sublist"));
        add(Variable.integer("innodb_old_blocks_time", 1000, 0, 4_294_967_295L,
                "milliseconds an old page must have been in the pool before an access moves it young"));
        add(Variable.integer("innodb_page_cleaners", 1, 1, 64, "background threads flushing dirty pages"));
        add(Variable.decimal("innodb_max_dirty_pages_pct", "90", 0, 99.999,
                "percent of dirty pages above which page cleaners flush at full speed"));
        add(Variable.integer("innodb_io_capacity", 200, 100, 1_000_000,
                "pages per second page cleaners flush while below innodb_max_dirty_pages_pct"));
        add(Variable.integer("innodb_lru_scan_depth", 1536, 100, 1_000_000,
                "pages an LRU tail scan looks at for a clean block to evict, per instance"));
        add(Variable.integer("innodb_lock_wait_timeout", 50, 0, 1_073_741_824,
                "seconds a row-lock wait lasts before error 1205"));

        // Redo log (issue 15, org.taf.engine.log)
        add(Variable.size("innodb_log_file_size", "96M", 1 * MIB, 512 * GIB,
                "bytes of the circular redo log file ib_logfile0 (sparse while running, cut back to its header"
                        + " at a clean shutdown)"));
        add(Variable.size("innodb_log_buffer_size", "16M", 256 * KIB, 1 * GIB,
                "bytes of the in-memory log buffer that mini-transactions append to"));
        add(Variable.integer(
                "innodb_flush_log_at_trx_commit",
                1,
                0,
                3,
                "1 (and 3): write and fsync the log at every commit; 2: write at commit, fsync every"
                    + " innodb_flush_log_at_timeout seconds; 0: write and fsync only every innodb_flush_log_at_timeout"
                    + " seconds; SET GLOBAL changes it"));
        add(Variable.integer("innodb_flush_log_at_timeout", 1, 1, 2700,
                "seconds between background writes and fsyncs of the log (what modes 0 and 2 rely on)"));
        add(Variable.integer("innodb_log_spin_wait_delay", 0, 0, 6000,
                "lsn_lock: 0 = a blocking mutex; N = a spin lock that retries after N pause instructions"
                        + " (MDEV-33515); SET GLOBAL changes it"));
        add(Variable.bool("innodb_doublewrite", true,
                "write pages to the doublewrite buffer ib_doublewrite before writing them in place, so that"
                        + " recovery can repair a page torn by a crash"));

        // Accepted so that MariaDB configurations load unchanged; they change nothing here.
        add(Variable.bool("log_bin", false, "binary log").withoutEffect());
        add(Variable.bool("innodb_adaptive_hash_index", false, "adaptive hash index").withoutEffect());
        add(Variable.bool("performance_schema", false, "performance schema").withoutEffect());
        // MDEV-32750's TPROC-C definitions set O_DIRECT; the engine writes through the page cache and calls
        // fsync where InnoDB's fsync method would (log at commit, data files at checkpoints).
        add(Variable.text("innodb_flush_method", "O_DIRECT",
                "how InnoDB opens and flushes its files: fsync, O_DSYNC, O_DIRECT, O_DIRECT_NO_FSYNC").withoutEffect());

        // ---- Engine server (issue 3, org.taf.engine.server): variables of the client/server protocol ----
        add(Variable.text("users", "root:,sbtest:",
                "accounts allowed to connect, comma-separated user:password (empty password allowed) or"
                        + " user:*<41-char hash as MariaDB's PASSWORD() prints it>"));
        add(Variable.size("max_allowed_packet", "16M", 1 * KIB, 1 * GIB,
                "largest packet (and so statement) a client may send, in bytes"));
        add(Variable.integer("wait_timeout", 28800, 1, 31_536_000,
                "seconds an idle client connection is kept before the server closes it"));
        add(Variable.integer("connect_timeout", 10, 2, 31_536_000,
                "seconds a new connection has to complete its handshake"));
        // ---- end of engine-server variables ----

        // Calibration (issue 8): injects a known CPU cost per statement so that a power study can
        // make 1%, 2%, 3%, 5% slowdowns without a code change. 0 = off and free.
        add(Variable.integer(TAF_STATEMENT_CPU_WORK, 0, 0, 1_000_000_000L,
                "rounds of busy CPU work (one xorshift64 step each, about 1 ns on a current x86 core) added to"
                        + " every statement; 0 = off; SET GLOBAL changes it while running"));
    }

    private Variables() {}

    private static void add(Variable v) {
        ALL.put(v.name(), v);
    }

    /** Canonical form of a variable name: lower case, dashes as underscores. */
    public static String canonical(String name) {
        return name.trim().replace('-', '_').toLowerCase(Locale.ROOT);
    }

    /** The variable called {@code name} (any case, dashes or underscores). */
    public static Optional<Variable> find(String name) {
        return Optional.ofNullable(ALL.get(canonical(name)));
    }

    /** All variables, in declaration order. */
    public static Map<String, Variable> all() {
        return Collections.unmodifiableMap(ALL);
    }
}
