package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.taf.runner.sys.EditDistance;

class KeyRegistryTest {
    private final KeyRegistry registry = KeyRegistry.standard();

    @Test
    void everyKeyIsDeclaredOnceAndEveryConstantDefaultParses() throws Exception {
        Set<String> names = new HashSet<>();
        ValueContext ctx = new ValueContext(Path.of("/w"), Path.of("/h"));
        for (KeySpec spec : registry.specs()) {
            assertThat(names.add(spec.template())).as(spec.template()).isTrue();
            assertThat(spec.description()).as(spec.template()).isNotBlank().doesNotContain("\n");
            if (spec instanceof Key<?> k && !k.defaultValue().contains("${")) {
                k.type().parse(k.defaultValue(), ctx);
            }
        }
        assertThat(names).contains("workload.threads", "engine.<variable>",
                "comparison.<name>.sweep.engine.<variable>");
    }

    @Test
    void everyAliasNamedInTheIssueMapsToACanonicalKey() {
        List<String> legacy = List.of("threads", "duration", "iterations", "tests", "warmup_threads",
                "warmup_duration", "db_process_rest_enable", "db_process_rest_low", "db_process_rest_high",
                "db_process_rest_consecutive", "db_process_rest_max_attempts", "db_process_rest_interval",
                "results_threshold_warning_pct", "results_threshold_fail_pct", "results_threshold_gain_pct",
                "comments");
        for (String name : legacy) {
            KeyMatch bare = registry.lookup(name).orElseThrow();
            KeyMatch prefixed = registry.lookup("taf." + name).orElseThrow();
            assertThat(prefixed.key()).as(name).isEqualTo(bare.key());
            assertThat(bare.spec()).isInstanceOf(Key.class);
        }
        assertThat(registry.lookup("warmup_duration").orElseThrow().key()).isEqualTo("warmup.max");
    }

    @Test
    void patternsMatchOnlyWellFormedNames() {
        assertThat(registry.lookup("engine.innodb_buffer_pool_size").orElseThrow().spec()).isEqualTo(Keys.ENGINE);
        assertThat(registry.lookup("comparison.c11_8.patch.engine.x").orElseThrow().spec())
                .isEqualTo(Keys.CMP_PATCH_ENGINE);
        assertThat(registry.lookup("comparison.a.b.parent")).isEmpty();
        assertThat(registry.lookup("engine.Upper")).isEmpty();
        assertThat(registry.lookup("engine.")).isEmpty();
        assertThat(Keys.CMP_SWEEP.captures("comparison.bp.sweep.engine.innodb_buffer_pool_instances"))
                .containsExactly("bp", "innodb_buffer_pool_instances");
    }

    @Test
    void environmentNamesAreUniqueAndReverse() {
        for (KeySpec spec : registry.specs()) {
            if (spec instanceof Key<?> k) {
                assertThat(registry.keyForEnv(KeyRegistry.envName(k.name()))).as(k.name()).contains(k.name());
            }
        }
        assertThat(registry.keyForEnv("TAF_WARMUP_THREADS")).contains("warmup.threads");
        assertThat(registry.keyForEnv("TAF_DURATION")).contains("duration");
        assertThat(registry.keyForEnv("TAF_PATCH_ENGINE_INNODB_LOG_SPIN_WAIT_DELAY"))
                .contains("patch.engine.innodb_log_spin_wait_delay");
        assertThat(registry.keyForEnv("TAF_NOPE")).isEmpty();
    }

    @Test
    void suggestionsStayWithinATypoOfTheName() {
        assertThat(registry.suggest("measure.iteration")).contains("measure.iterations");
        assertThat(registry.suggest("rest.lowpct")).contains("rest.low_pct");
        assertThat(registry.suggest("points")).contains("workload.points");
        assertThat(registry.suggest("xyz")).isEmpty();
        assertThat(EditDistance.between("warmup.mni", "warmup.min")).isEqualTo(1);
        assertThat(EditDistance.between("kitten", "sitting")).isEqualTo(3);
    }
}
