package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.config.Variable;
import org.taf.engine.config.VariableType;
import org.taf.engine.config.Variables;

/**
 * The system variables a client can read with {@code SELECT @@name} or {@code SHOW VARIABLES}:
 * the engine's configuration (read-only here), server constants clients ask for at connect time
 * ({@code version_comment}, {@code max_allowed_packet}, ...), and the session variables a client
 * may {@code SET} (accepted and shown back; only {@code autocommit} changes behaviour).
 */
final class SystemVariables {
    static final String ENGINE_SPIN_WAIT_DELAY = "innodb_log_spin_wait_delay";
    static final String ENGINE_FLUSH_AT_COMMIT = "innodb_flush_log_at_trx_commit";
    /** Session variables a client may SET, with their defaults (MariaDB 11.4's, where they apply). */
    private static final Map<String, Object> SESSION_DEFAULTS = new LinkedHashMap<>();
    /** Read-only server values that are not engine configuration. */
    private static final Map<String, Object> SERVER_CONSTANTS = new LinkedHashMap<>();
    /** Configuration variables MariaDB also lets a session set. */
    private static final Set<String> SESSION_SETTABLE_CONFIG = Set.of("wait_timeout", "innodb_lock_wait_timeout");
    /** Configuration variables MariaDB can change with SET GLOBAL (the others are read-only there). */
    private static final Set<String> DYNAMIC_GLOBAL_CONFIG = Set.of("max_connections", "innodb_buffer_pool_size",
            "innodb_old_blocks_pct", "innodb_old_blocks_time", "innodb_max_dirty_pages_pct", "innodb_io_capacity",
            "innodb_lru_scan_depth", "max_allowed_packet", Variables.TAF_STATEMENT_CPU_WORK,
            ENGINE_SPIN_WAIT_DELAY, ENGINE_FLUSH_AT_COMMIT);
    /** Configuration variables this engine really changes with SET GLOBAL (the others say "restart"). */
    static final Set<String> SETTABLE_GLOBAL = Set.of(Variables.TAF_STATEMENT_CPU_WORK, ENGINE_SPIN_WAIT_DELAY,
            ENGINE_FLUSH_AT_COMMIT);
    /** Of those, the ones the engine itself changes ({@link org.taf.engine.api.Engine#setGlobalVariable}). */
    static final Set<String> ENGINE_GLOBAL = Set.of(ENGINE_SPIN_WAIT_DELAY, ENGINE_FLUSH_AT_COMMIT);
    /** Values computed from the session's state; see {@link Session#dynamicVariable}. */
    static final Set<String> DYNAMIC = Set.of("autocommit", "last_insert_id", "identity", "in_transaction",
            "warning_count", "error_count", "timestamp");

    static {
        Map<String, Object> s = SESSION_DEFAULTS;
        s.put("sql_mode", "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION");
        for (String cs : new String[] {"client", "connection", "results", "database", "server"}) {
            s.put("character_set_" + cs, "utf8mb4");
        }
        for (String c : new String[] {"connection", "database", "server"}) {
            s.put("collation_" + c, "utf8mb4_general_ci");
        }
        s.put("time_zone", "SYSTEM");
        s.put("transaction_isolation", "READ-COMMITTED");
        s.put("tx_isolation", "READ-COMMITTED");
        s.put("transaction_read_only", 0L);
        s.put("tx_read_only", 0L);
        s.put("session_track_schema", "ON");
        s.put("session_track_state_change", "OFF");
        s.put("session_track_system_variables",
                "autocommit,character_set_client,character_set_connection,character_set_results,time_zone");
        s.put("session_track_transaction_info", "OFF");
        s.put("sql_log_bin", "ON");
        s.put("sql_select_limit", new BigDecimal("18446744073709551615"));
        s.put("unique_checks", "ON");
        s.put("foreign_key_checks", "ON");
        // HammerDB's TPROC-C driver reads it and turns it off where it exists (MariaDB 10.6.18+):
        // accepted, changes nothing.
        s.put("innodb_snapshot_isolation", "OFF");
        s.put("sql_safe_updates", "OFF");
        s.put("sql_notes", "ON");
        s.put("sql_warnings", "OFF");
        s.put("sql_auto_is_null", "OFF");
        s.put("sql_big_selects", "ON");
        s.put("sql_quote_show_create", "ON");
        s.put("big_tables", "OFF");
        s.put("profiling", "OFF");
        s.put("group_concat_max_len", 1_048_576L);
        s.put("interactive_timeout", 28_800L);
        s.put("net_read_timeout", 30L);
        s.put("net_write_timeout", 60L);
        s.put("max_statement_time", BigDecimal.ZERO);
        s.put("max_execution_time", 0L);
        s.put("auto_increment_increment", 1L);
        s.put("auto_increment_offset", 1L);
        s.put("div_precision_increment", 4L);
        s.put("default_storage_engine", "InnoDB");
        s.put("storage_engine", "InnoDB");
        s.put("lc_messages", "en_US");
        s.put("lc_time_names", "en_US");
        s.put("optimizer_switch", "");

        Map<String, Object> c = SERVER_CONSTANTS;
        c.put("version_comment", "TAF engine");
        c.put("version_compile_os", "Linux");
        c.put("version_compile_machine", System.getProperty("os.arch", "x86_64"));
        c.put("protocol_version", 10L);
        c.put("hostname", "localhost");
        c.put("socket", "");
        c.put("character_set_system", "utf8mb3");
        c.put("character_set_filesystem", "binary");
        c.put("lower_case_table_names", 0L);
        c.put("have_ssl", "DISABLED");
        c.put("have_openssl", "NO");
        c.put("query_cache_size", 0L);
        c.put("query_cache_type", "OFF");
        c.put("license", "GPL");
        c.put("init_connect", "");
        c.put("net_buffer_length", 16_384L);
        c.put("system_time_zone", "UTC");
        c.put("skip_networking", "OFF");
        c.put("thread_handling", "one-thread-per-connection");
        c.put("default_authentication_plugin", "mysql_native_password");
    }

    private SystemVariables() {}

    static String canonical(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    static boolean isSessionSettable(String name) {
        return SESSION_DEFAULTS.containsKey(name) || SESSION_SETTABLE_CONFIG.contains(name) || DYNAMIC.contains(name);
    }

    static boolean isConfig(String name) {
        return Variables.find(name).isPresent() && name.indexOf('-') < 0;
    }

    /**
     * Whether MariaDB would answer SET of {@code name} with "is a GLOBAL variable" (1229) rather than read-only (1238).
     */
    static boolean isGlobalOnly(String name) {
        return DYNAMIC_GLOBAL_CONFIG.contains(name);
    }

    static boolean exists(String name) {
        return isSessionSettable(name) || SERVER_CONSTANTS.containsKey(name) || isConfig(name);
    }

    /** The global value of {@code name} (canonical), or null if there is no such non-dynamic variable. */
    static Object global(EngineConfig config, String name) {
        if (isConfig(name)) {
            return configValue(config, name);
        }
        Object v = SERVER_CONSTANTS.get(name);
        return v != null ? v : SESSION_DEFAULTS.get(name);
    }

    /** Every non-dynamic variable's global value, by name. */
    static Map<String, Object> allGlobal(EngineConfig config) {
        Map<String, Object> all = new TreeMap<>();
        for (String name : config.values().keySet()) {
            all.put(name, configValue(config, name));
        }
        all.putAll(SERVER_CONSTANTS);
        SESSION_DEFAULTS.forEach(all::putIfAbsent);
        return Collections.unmodifiableMap(all);
    }

    private static Object configValue(EngineConfig config, String name) {
        Variable v = Variables.find(name).orElseThrow();
        String text = config.value(name);
        return switch (name) {
            case "users" -> usersWithoutPasswords(text);
            case "pid_file" -> config.pidFile().toString();
            case "log_error" -> config.logError().toString();
            default -> typed(v.type(), text);
        };
    }

    private static Object typed(VariableType type, String text) {
        return switch (type) {
            case INTEGER -> Long.parseLong(text);
            case SIZE -> EngineConfig.parseSize(text);
            case DECIMAL -> new BigDecimal(text);
            default -> text;
        };
    }

    /** Passwords are never shown back: only the account names. */
    private static String usersWithoutPasswords(String text) {
        StringBuilder b = new StringBuilder();
        for (String entry : text.split(",")) {
            int colon = entry.indexOf(':');
            b.append(b.length() == 0 ? "" : ",").append(colon < 0 ? entry.strip() : entry.substring(0, colon).strip());
        }
        return b.toString();
    }
}
