package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.workload.Workload;

/**
 * Definitions written for MariaDB's TAF (perl) are read as they are: {@code explain} of the two examples
 * under {@code src/test/resources/taf-perl/} is sealed as golden files (origins, the db_config block's
 * engine variables, one warning per perl-only key).
 */
class TafPerlDefinitionsTest {
    static final String REGENERATE = "mvn -B -o -pl taf-runner -am test -Dtest=TafPerlDefinitionsTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";
    static final Path INPUT = Path.of("src/test/resources/taf-perl").toAbsolutePath();

    static LoadContext context() {
        return new LoadContext(INPUT, Map.of(), Fixture.JAVA_HOME, Fixture.USER_HOME);
    }

    static ResolvedConfig resolve(String file) {
        return new ConfigLoader(context()).resolve(Path.of(file), Map.of());
    }

    @Test
    void sysbenchLuaDefinitionExplained() throws Exception {
        ResolvedConfig config = resolve("sysbench_lua.properties");
        Golden.assertMatches(Golden.file("taf-perl/sysbench_lua.explain.txt"), Explanation.text(config, context()),
                REGENERATE);
        assertThat(config.find("workload.table_size").orElseThrow().origin().toString())
                .isEqualTo("sysbench_lua.properties:56 (as sysbench_lua.number_of_rows)");
        assertThat(config.find("measure.duration").orElseThrow().value()).isEqualTo("300s");
        assertThat(config.find("comments").orElseThrow().value())
                .isEqualTo("MariaDB cached reads with the sysbench-lua test suite");
        assertThat(config.find("engine.innodb_buffer_pool_instances").orElseThrow().origin().toString())
                .isEqualTo("sysbench_lua.properties:48 (as [mysqld] innodb-buffer-pool-instances)");
        assertThat(config.find("engine.innodb_doublewrite").orElseThrow().value()).isEmpty();
        assertThat(config.find("engine.loose_innodb_change_buffering").orElseThrow().value()).isEqualTo("none");
        assertThat(config.find("engine.port")).as("[client] is not the server's").isEmpty();
        assertThat(config.find("engine.bind_address")).as("the launcher sets it").isEmpty();
        assertThat(config.warnings()).contains(
                "sysbench_lua.properties:9: taf.action has no effect here: TAF here always builds, starts, measures"
                        + " and stops both sides: it has no actions; ignored",
                "sysbench_lua.properties:45: [mysqld] bind-address has no effect here: " + SourceReader.LAUNCHER_REASON
                        + "; ignored",
                "sysbench_lua.properties:42: [client]: this section of the [db_config_start] block is for other"
                        + " programs than the server; ignored");
        assertThat(config.dropped()).extracting(ResolvedConfig.Dropped::written).containsExactly("taf.action",
                "taf.host", "taf.test_suite", "taf.test_type", "taf.report_plugin", "taf.db_clients_use_unix_socket",
                "taf.db_engine", "taf.db_user", "taf.db_user_pass", "[mysqld] bind-address",
                "sysbench_lua.db_driver", "sysbench_lua.debug_sysbench", "taf.tools_debug", "taf.verbose");
        TestDefinition def = new ConfigLoader(context()).load(Path.of("sysbench_lua.properties"), Map.of());
        assertThat(def.tests()).containsExactly(Workload.POINT_SELECT, Workload.OLTP_RO, Workload.OLTP_RW,
                Workload.TPCB_KEY);
        assertThat(def.workload().tables()).isEqualTo(8);
        assertThat(def.engine().asMap()).containsEntry("innodb_buffer_pool_size", "2G")
                .containsEntry("max_connections", "500");
    }

    @Test
    void mdev32750DefinitionExplained() throws Exception {
        ResolvedConfig config = resolve("MDEV32750_AHI_ON.properties");
        Golden.assertMatches(Golden.file("taf-perl/MDEV32750_AHI_ON.explain.txt"),
                Explanation.text(config, context()), REGENERATE);
        assertThat(config.find("engine.innodb_adaptive_hash_index").orElseThrow().origin().toString())
                .isEqualTo("MDEV32750_AHI_ON.properties:23 (as [mysqld] innodb_adaptive_hash_index)");
        assertThat(config.find("engine.optimizer_switch").orElseThrow().value())
                .isEqualTo("index_merge=on,index_condition_pushdown=on,derived_merge=on");
        assertThat(config.find("comments").orElseThrow().value()).isEqualTo("MDEV-32750 AHI ON");
        assertThat(config.find("warmup.max").orElseThrow().value()).isEqualTo("60s");
        assertThat(config.warnings()).contains("MDEV32750_AHI_ON.properties:41:"
                + " hammerdb_tprocc.setup_virtual_user_count has no effect here: the data is loaded once per build,"
                + " the warehouses spread over min(warehouses, CPUs) connections; ignored");
        assertThat(config.dropped()).hasSize(14);
    }

    @Test
    void hammerDbTproccDefinitionExplained() throws Exception {
        ResolvedConfig config = resolve("MDEV32750_AHI_OFF_tprocc.properties");
        Golden.assertMatches(Golden.file("taf-perl/MDEV32750_AHI_OFF_tprocc.explain.txt"),
                Explanation.text(config, context()), REGENERATE);
        String file = "MDEV32750_AHI_OFF_tprocc.properties:";
        assertThat(config.find("workload.warehouses").orElseThrow().origin().toString())
                .isEqualTo(file + "31 (as hammerdb_tprocc.number_of_warehouses)");
        assertThat(config.find("workload.check_after_load").orElseThrow().value()).isEqualTo("true");
        assertThat(config.find("workload.check_after_run").orElseThrow().origin().toString())
                .isEqualTo(file + "34 (as hammerdb_tprocc.checksum_after_run)");
        assertThat(config.find("measure.duration").orElseThrow().value()).as("seconds, as in every suite")
                .isEqualTo("600s");
        assertThat(config.find("engine.innodb_adaptive_hash_index").orElseThrow().origin().toString())
                .isEqualTo(file + "17 (as [mysqld] innodb_adaptive_hash_index)");
        assertThat(config.warnings()).contains(
                file + "36: hammerdb_tprocc.default_duration has no effect here: TAF (perl) reads it only when"
                        + " measure.duration is not set otherwise; line 27 sets taf.duration; ignored",
                file + "37: hammerdb_tprocc.client_executable has no effect here: TPROC-C's virtual users are built"
                        + " into the load generator; HammerDB's hammerdbcli and its Tcl scripts are not run; ignored");
        assertThat(config.dropped()).extracting(ResolvedConfig.Dropped::written).contains("taf.test_suite",
                "hammerdb_tprocc.agent", "hammerdb_tprocc.include_json_result", "hammerdb_tprocc.include_html_timing",
                "hammerdb_tprocc.maria_no_stored_procs", "hammerdb_tprocc.setup_virtual_user_count");
        TestDefinition def = new ConfigLoader(context()).load(Path.of("MDEV32750_AHI_OFF_tprocc.properties"),
                Map.of());
        assertThat(def.tests()).containsExactly(Workload.TPROC_C);
        assertThat(def.threads()).containsExactly(8, 16, 32, 64, 128, 256);
        assertThat(def.workload().warehouses()).isEqualTo(100);
        assertThat(def.workload().checkAfterLoad()).isTrue();
        assertThat(def.workload().checkAfterRun()).isFalse();
        assertThat(def.engine().asMap()).containsEntry("innodb_adaptive_hash_index", "0");
    }

    @Test
    void hammerDbsOwnDurationIsSecondsWhenNothingElseSetsOne(@TempDir Path dir) {
        Fixture f = new Fixture(dir);
        f.write("t.properties", "taf.test_suite = hammerdb-tprocc", "taf.tests = tprocc",
                "hammerdb_tprocc.default_duration = 300", "hammerdb_tprocc.default_rampup = 60");
        ResolvedConfig config = f.resolve("t.properties");
        assertThat(config.find("measure.duration").orElseThrow().value()).isEqualTo("300s");
        assertThat(config.find("warmup.max").orElseThrow().origin().toString())
                .isEqualTo("t.properties:4 (as hammerdb_tprocc.default_rampup)");
    }

    @Test
    void anotherSuiteIsAnErrorNamingIt(@TempDir Path dir) {
        Fixture f = new Fixture(dir);
        f.write("tproch.properties", "taf.test_suite=hammerdb-tproch");
        assertThatThrownBy(() -> f.resolve("tproch.properties")).isInstanceOf(ConfigException.class)
                .hasMessage("tproch.properties:1: taf.test_suite = hammerdb-tproch: TAF here implements only the"
                        + " sysbench-lua and hammerdb-tprocc suites (their tests are built into the load generator)");
    }

    @Test
    void aTafTestNotImplementedHereIsNamedWithTheImplementedOnes(@TempDir Path dir) {
        Fixture f = new Fixture(dir);
        f.write("bmk.properties", "taf.tests=OLTP_RO,bmk_rw_update_range");
        assertThatThrownBy(() -> f.resolve("bmk.properties")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("bmk.properties:1: taf.tests (workload.tests) = OLTP_RO,bmk_rw_update_range: ")
                .hasMessageContaining("'bmk_rw_update_range' is a TAF (perl) test that TAF here does not implement"
                        + " (not implemented: a script of BMK (Dimitri Kravtchuk's kit), not of sysbench)")
                .hasMessageContaining("implemented: POINT_SELECT, OLTP_RO,")
                .hasMessageContaining("TPCB_NO_KEY");
        f.write("bogus.properties", "taf.tests=NOPE");
        assertThatThrownBy(() -> f.resolve("bogus.properties")).hasMessageStartingWith(
                "bogus.properties:1: taf.tests (workload.tests) = NOPE: must be one of POINT_SELECT, ");
    }

    @Test
    void unknownKeysAreStillRefusedAndTheBlockIsChecked(@TempDir Path dir) {
        Fixture f = new Fixture(dir);
        f.write("bad.properties", "taf.threadz=8", "sysbench_lua.number_of_row=10",
                "[db_config_start]", "max_connections=10", "[mysqld]", "max_connections=10",
                "max-connections=20");
        f.write("bad2.properties", "engine.max_connections=5", "[db_config_start]", "[mysqld]",
                "max_connections=10", "[db_config_end]");
        assertThatThrownBy(() -> f.resolve("bad.properties")).isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        "bad.properties:4: option 'max_connections=10' before any [section] of the"
                                + " [db_config_start] block; write [mysqld] above it",
                        "bad.properties:3: [db_config_start] without [db_config_end]",
                        "bad.properties:1: unknown key taf.threadz; did you mean taf.threads?",
                        "bad.properties:2: unknown key sysbench_lua.number_of_row; did you mean"
                                + " sysbench_lua.number_of_rows?",
                        "bad.properties:7: duplicate key [mysqld] max-connections (engine.max_connections); first set"
                                + " at line 6 as [mysqld] max_connections"));
        assertThatThrownBy(() -> f.resolve("bad2.properties"))
                .hasMessage("bad2.properties:4: duplicate key [mysqld] max_connections (engine.max_connections);"
                        + " first set at line 1 as engine.max_connections");
    }

    @Test
    void everyPerlOnlyNameIsNoKeyOfOurs() {
        KeyRegistry registry = KeyRegistry.standard();
        for (List<String> names : TafPerl.perlOnly().values()) {
            for (String name : names) {
                assertThat(registry.lookup(name.replace("*", "x"))).as(name).isEmpty();
            }
        }
        for (Alias a : registry.aliases()) {
            assertThat(TafPerl.perlOnlyReason(a.name())).as(a.name()).isEmpty();
        }
    }
}
