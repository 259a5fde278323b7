package org.taf.runner.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What TAF here makes of MariaDB's TAF (perl) definitions: the {@code taf.*}, {@code sysbench_lua.*} and
 * {@code hammerdb_tprocc.*} names that map onto our keys, and the perl-only names that are read, warned
 * about and dropped (their reason says why they change nothing here). Names are those of TAF's
 * {@code taf_default.properties}, {@code sysbench_lua_default.properties},
 * {@code hammerdb_tprocc_default.properties}, {@code test_suites/sysbench-lua.pm} and
 * {@code test_suites/hammerdb-tprocc.pm}.
 */
final class TafPerl {
    /** sysbench-lua: its tests are built into the load generator. */
    static final String SUITE = "sysbench-lua";
    /** hammerdb-tprocc: its one test, tprocc, is the workload TPROC-C. */
    static final String HAMMERDB_SUITE = "hammerdb-tprocc";

    private TafPerl() {}

    /**
     * TAF's names for our keys; the third column marks durations TAF wrote without a unit: "s" seconds
     * ({@link Alias.Bare}), and "fallback" a name read only when no other one is set.
     */
    private static final String[][] ALIASES = {
        {"threads", "workload.threads", ""},
        {"duration", "measure.duration", "s"},
        {"iterations", "measure.iterations", ""},
        {"tests", "workload.tests", ""},
        {"warmup_threads", "warmup.threads", ""},
        {"warmup_duration", "warmup.max", "s"},
        {"db_process_rest_enable", "rest.enabled", ""},
        {"db_process_rest_low", "rest.low_pct", ""},
        {"db_process_rest_high", "rest.high_pct", ""},
        {"db_process_rest_consecutive", "rest.consecutive", ""},
        {"db_process_rest_max_attempts", "rest.max_attempts", ""},
        {"db_process_rest_interval", "rest.interval", "s"},
        {"results_threshold_warning_pct", "verdict.warning_pct", ""},
        {"results_threshold_fail_pct", "verdict.fail_pct", ""},
        {"results_threshold_gain_pct", "verdict.gain_pct", ""},
    };

    /** Names only TAF's prefixed form has; {@code comments} and {@code database} are bare keys of ours already. */
    private static final String[][] PREFIXED_ALIASES = {
        {"taf.comments", "comments", ""},
        {"taf.database", "workload.database", ""},
        {"taf.db_cpu_affinity", "profile.engine_cpuset", ""},
        {"sysbench_lua.number_of_rows", "workload.table_size", ""},
        {"sysbench_lua.number_of_tables", "workload.tables", ""},
        {"sysbench_lua.range_size", "workload.range_size", ""},
        {"sysbench_lua.random_points_ranges", "workload.points", ""},
        {"sysbench_lua.oltp_dist_type", "workload.rand_type", ""},
        {"sysbench_lua.seed_rng", "workload.seed", ""},
        {"sysbench_lua.oltp_point_selects", "workload.point_selects", ""},
        {"sysbench_lua.oltp_simple_ranges", "workload.simple_ranges", ""},
        {"sysbench_lua.oltp_sum_ranges", "workload.sum_ranges", ""},
        {"sysbench_lua.oltp_order_ranges", "workload.order_ranges", ""},
        {"sysbench_lua.oltp_distinct_ranges", "workload.distinct_ranges", ""},
        {"sysbench_lua.oltp_index_updates", "workload.index_updates", ""},
        {"sysbench_lua.oltp_non_index_updates", "workload.non_index_updates", ""},
        {"sysbench_lua.oltp_del_ins", "workload.delete_inserts", ""},
        {"sysbench_lua.intermediate_result", "workload.report_interval", "s"},
        {"hammerdb_tprocc.number_of_warehouses", "workload.warehouses", ""},
        {"hammerdb_tprocc.checksum_after_setup", "workload.check_after_load", ""},
        {"hammerdb_tprocc.checksum_after_run", "workload.check_after_run", ""},
        // Seconds, as taf.duration: TAF (perl)'s hammerdb-tprocc.pm returns default_duration as the test's
        // duration and logs default_rampup as "Rampup defaulted to N seconds" (it rounds both up to the whole
        // minutes HammerDB takes). It reads these two only when taf.duration and taf.warmup_duration are not
        // set ("fallback").
        {"hammerdb_tprocc.default_duration", "measure.duration", "s fallback"},
        {"hammerdb_tprocc.default_rampup", "warmup.max", "s fallback"},
    };

    /** Perl-only names by the reason they have no effect here. */
    private static final Map<String, List<String>> PERL_ONLY = new LinkedHashMap<>();

    /** Perl-only families by name prefix, with their reason. */
    private static final Map<String, String> PERL_ONLY_PREFIXES = new LinkedHashMap<>();

    static {
        perlOnly("TAF here always builds, starts, measures and stops both sides: it has no actions",
                "taf.action", "taf.skip_client_builds", "taf.skip_database_shutdown", "taf.skip_test_cleanup",
                "taf.skip_test_post", "taf.skip_test_suite_cleanup", "taf.exit_if_test_lock_exists",
                "taf.ignore_running_db_process", "taf.db_process_pid", "taf.test_setup_mode",
                "taf.database_iteration_mode", "taf.database_restore_image_dir", "taf.restore_image_format");
        perlOnly("reports are the post, summary and JUnit files of every run (output.* keys), not plugins",
                "taf.report_plugin", "taf.generate_report", "taf.reports_directory", "taf.backend_config",
                "taf.backend_parser_jar", "taf.java_bin", "taf.jdbc_jar", "taf.json_jar");
        perlOnly("runs are classified by their comparisons and verdicts, not by a test type", "taf.test_type");
        perlOnly("the runner's console output and logs do not depend on it", "taf.verbose", "taf.tools_debug",
                "sysbench_lua.debug_sysbench", "sysbench_lua.debug_full_sysbench", "hammerdb_tprocc.show_out_put",
                "hammerdb_tprocc.log_to_temp");
        perlOnly("the engine runs on this host at 127.0.0.1 (launch.port), started by TAF", "taf.host",
                "taf.user", "taf.pass", "taf.db_port", "taf.db_socket", "taf.db_clients_use_unix_socket",
                "taf.db_start_wait", "taf.db_stop_wait", "taf.db_extra_args");
        perlOnly("the engine is built from the compared commits (build.*) and keeps its data in the run's"
                + " work directory", "taf.db_data_dir", "taf.db_runtime_dir", "taf.db_plugin_dir",
                "taf.db_trans_logs_dir", "taf.db_software_install_dir", "taf.db_software_install_root_dir",
                "taf.db_software_install_packages", "taf.taf_db_makers_plugin", "taf.db_engine",
                "taf.db_config_file", "taf.cmake_path", "sysbench_lua.def_engine",
                "sysbench_lua.create_table_options", "sysbench_lua.number_of_partitions",
                "sysbench_lua.number_of_partition");
        perlOnly("the load generator connects as workload.user (engine accounts are engine.users); TAF's"
                + " database users and TLS settings do not apply", "taf.db_user", "taf.db_user_pass",
                "taf.db_root_user", "taf.db_root_pass", "taf.db_user_permissions", "taf.db_use_native_for_passwords",
                "taf.db_ssl_mode", "taf.db_ssl_ca", "taf.db_ssl_cert", "taf.db_ssl_key", "taf.db_ssl_crl",
                "taf.db_ssl_cipher");
        perlOnly("results and logs go to output.results_dir", "taf.archive_host", "taf.archive_path",
                "taf.compress_archive", "taf.logs_dir", "taf.results_root_dir", "taf.tmp_dir");
        perlOnly("scripts and SQL files are not run around iterations; every iteration starts a fresh engine"
                + " on prepared data", "taf.exec_script_file_before_db_start", "taf.exec_script_file_after_db_start",
                "taf.exec_script_file_before_run_iter", "taf.exec_script_file_after_run_iter",
                "taf.exec_sql_file_before_test_setup", "taf.exec_sql_file_after_test_setup",
                "taf.exec_sql_file_before_run_iter", "taf.exec_sql_file_after_run_iter", "taf.environment_variables");
        perlOnly("waits are decided by the rest and warm-up checks (rest.*, warmup.*)",
                "taf.sleep_after_test_setup", "taf.sleep_after_test_run", "taf.sleep_before_test_run",
                "taf.include_warmup_iteration");
        perlOnly("perf profiling is not run; jfr = true records the engine with JFR and the post shows flame"
                + " graphs", "taf.profiler_enabled", "taf.profiler_lib", "taf.profiler_start_delay",
                "taf.profiler_duration", "taf.profiler_ts_duration_unit", "taf.profiler_continuous",
                "taf.profiler_opts", "taf.profiler_generate_report", "taf.profiler_generate_flamegraph");
        perlOnly("one load generator drives the engine; runs are time-based (measure.duration)",
                "taf.instances", "taf.use_request_based", "taf.db_task_set");
        perlOnly("the suite's own defaults; taf.threads and taf.duration (or workload.threads and"
                + " measure.duration) set what runs", "sysbench_lua.def_threads", "sysbench_lua.def_duration",
                "sysbench_lua.def_rows", "sysbench_lua.def_myisam_rows");
        perlOnly("the load generator is built in, not the sysbench executable, and connects over the MySQL"
                + " protocol with prepared statements", "sysbench_lua.self", "sysbench_lua.test_client_version",
                "sysbench_lua.source", "sysbench_lua.exe", "sysbench_lua.lua_scripts_dir",
                "sysbench_lua.connector", "sysbench_lua.db_driver", "sysbench_lua.db_ps_mode",
                "sysbench_lua.cmake_args", "sysbench_lua.oltp_lua_script", "sysbench_lua.thread_init_timeout",
                "sysbench_lua.error_log", "sysbench_lua.forced_shutdown", "sysbench_lua.forced_shutdown_sec",
                "sysbench_lua.pre_test_done", "sysbench_lua.ignore_errors", "sysbench_lua.auto_inc",
                "sysbench_lua.oltp_skip_trx", "sysbench_lua.use_bmk");
        PERL_ONLY_PREFIXES.put("sysbench_lua.bmk_", "BMK (Dimitri Kravtchuk's kit) is not run; its tests are not"
                + " implemented here");
        PERL_ONLY_PREFIXES.put("hammerdb_tproch.", "settings of TAF's hammerdb-tproch suite; TAF here implements"
                + " only " + SUITE + " and " + HAMMERDB_SUITE);
        hammerDbOnly();
    }

    /** hammerdb_tprocc.* settings of HammerDB itself, its CLI and its reports, by why they do nothing here. */
    private static void hammerDbOnly() {
        String h = "hammerdb_tprocc.";
        perlOnly("TPROC-C's virtual users are built into the load generator; HammerDB's hammerdbcli and its Tcl"
                + " scripts are not run", h + "client_executable", h + "client_script_dir", h + "extra_args",
                h + "test_client_version", h + "db_type");
        perlOnly("HammerDB's metrics agent is not run; the engine's counters (measure.counters), its CPU and"
                + " its JFR recording (jfr) are taken over every window instead", h + "agent", h + "agent_port",
                h + "agent_started_by_ts");
        List<String> reports = new ArrayList<>();
        for (String kind : new String[] {"json", "html"}) {
            for (String part : new String[] {"tcount", "timing", "result", "metrics"}) {
                reports.add(h + "include_" + kind + "_" + part);
            }
        }
        perlOnly("HammerDB's HTML and JSON reports are not made; results.json keeps every sample's new orders and"
                + " transactions (NOPM, TPM), latencies and counters, and the post charts NOPM by virtual users",
                reports.toArray(String[]::new));
        perlOnly("TPROC-C runs HammerDB's timed driver for measure.duration, without keying or thinking time,"
                + " each virtual user on its home warehouse over its own synchronous connection",
                h + "driver", h + "total_iterations", h + "keyandthink", h + "allwarehouse", h + "async_scale",
                h + "async_client", h + "async_verbose", h + "async_delay", h + "connect_pool");
        perlOnly("deadlocks and lock wait timeouts are counted as errors and the virtual user goes on; any other"
                + " error stops the run", h + "raiseerror");
        perlOnly("every transaction's latency is recorded per report interval (p50, p95, p99, max)",
                h + "timeprofile");
        perlOnly("the data is loaded once per build, the warehouses spread over min(warehouses, CPUs) connections",
                h + "setup_virtual_user_count");
        perlOnly("the transactions are the stored procedures' statements, sent one by one as prepared statements"
                + " (HammerDB's no-stored-procedure mode); order_line is not partitioned, history has no primary"
                + " key, and no purge is awaited (each iteration starts a fresh engine on prepared data)",
                h + "maria_partition", h + "maria_prepared", h + "maria_no_stored_procs", h + "maria_history_pk",
                h + "maria_purge");
        String other = "HammerDB's settings for another database than MariaDB";
        for (String db : new String[] {"mysql_", "pg_", "mssqls_"}) {
            PERL_ONLY_PREFIXES.put(h + db, other);
        }
    }

    private static void perlOnly(String reason, String... names) {
        PERL_ONLY.put(reason, List.of(names));
    }

    /** TAF's property names for our keys: bare and {@code taf.}-prefixed, then the names only written prefixed. */
    static List<Alias> aliases() {
        List<Alias> out = new ArrayList<>();
        for (String[] row : ALIASES) {
            out.add(alias(row[0], row));
        }
        for (String[] row : ALIASES) {
            out.add(alias("taf." + row[0], row));
        }
        for (String[] row : PREFIXED_ALIASES) {
            out.add(alias(row[0], row));
        }
        return out;
    }

    private static Alias alias(String name, String[] row) {
        Alias.Bare bare = switch (row[2].split(" ")[0]) {
            case "s" -> Alias.Bare.SECONDS;
            default -> Alias.Bare.NONE;
        };
        return new Alias(name, row[1], bare, row[2].endsWith("fallback"), false);
    }

    /** Why a perl-only name has no effect here, or empty for any other name. */
    static Optional<String> perlOnlyReason(String name) {
        for (Map.Entry<String, List<String>> e : PERL_ONLY.entrySet()) {
            if (e.getValue().contains(name)) {
                return Optional.of(e.getKey());
            }
        }
        return PERL_ONLY_PREFIXES.entrySet().stream().filter(e -> name.startsWith(e.getKey()))
                .map(Map.Entry::getValue).findFirst();
    }

    /** Every perl-only name, for the reference docs. */
    static Map<String, List<String>> perlOnly() {
        Map<String, List<String>> all = new LinkedHashMap<>(PERL_ONLY);
        // several prefixes may share a reason (HammerDB's other databases): one row lists them all
        PERL_ONLY_PREFIXES.forEach((prefix, reason) -> all.merge(reason, List.of(prefix + "*"),
                (a, b) -> Stream.concat(a.stream(), b.stream()).toList()));
        return all;
    }
}
