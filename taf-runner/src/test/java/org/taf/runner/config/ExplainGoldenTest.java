package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code explain}'s text and JSON, sealed as golden files. Regenerate after an intended change with
 * {@link #REGENERATE}.
 */
class ExplainGoldenTest {
    static final String REGENERATE =
            "mvn -B -o -pl taf-runner -am test -Dtest=ExplainGoldenTest -Dsurefire.failIfNoSpecifiedTests=false"
                    + " -Dtaf.golden.update=true";
    static final Path INPUT = Path.of("src/test/resources/explain").toAbsolutePath();

    static LoadContext context() {
        return new LoadContext(INPUT, Map.of("TAF_WORKLOAD_SEED", "99", "TAF_ENGINE_INNODB_LOG_SPIN_WAIT_DELAY", "4",
                "LANG", "C"), Fixture.JAVA_HOME, Fixture.USER_HOME);
    }

    static ResolvedConfig resolve() {
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("measure.iterations", "5");
        overrides.put("comparison.c11_8.patch.engine.innodb_old_blocks_time", "0");
        return new ConfigLoader(context()).resolve(Path.of("branches.properties"), overrides);
    }

    @Test
    void textTable() throws Exception {
        String text = Explanation.text(resolve(), context());
        Golden.assertMatches(Golden.file("explain.txt"), text, REGENERATE);
        assertThat(text).contains("comments ").contains("Two branches, one sweep").doesNotContain("secret");
    }

    @Test
    void json() throws Exception {
        String json = Explanation.json(resolve(), context());
        Golden.assertMatches(Golden.file("explain.json"), json, REGENERATE);
        assertThat(json).contains("\"origin\" : \"env TAF_WORKLOAD_SEED\"");
    }
}
