package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.Fixture;

/** {@code taf run --against-baseline}: the parent becomes the definition's pinned baseline, unless -Dparent. */
class AgainstBaselineTest {
    @TempDir
    Path dir;

    @Test
    void theBaselineBecomesTheParentAndTheOtherOverridesStay() {
        Fixture f = new Fixture(dir);
        Path def = f.write("n.properties", "repository = .", "baseline = v1.0", "workload.tests = OLTP_RW");
        assertThat(RunCommand.againstBaseline(f.context(), def, Map.of("patch", "main")))
                .containsExactly(Map.entry("patch", "main"), Map.entry("parent", "v1.0"));
        // the baseline may come from -D too (a nightly that moves it for one night)
        assertThat(RunCommand.againstBaseline(f.context(), def, Map.of("baseline", "v1.1")))
                .containsEntry("parent", "v1.1");
    }

    @Test
    void aGivenParentOrNoBaselineKeepsTheDefinitionsParent() {
        Fixture f = new Fixture(dir);
        Path pinned = f.write("n.properties", "repository = .", "baseline = v1.0");
        assertThat(RunCommand.againstBaseline(f.context(), pinned, Map.of("parent", "abc1234")))
                .containsExactly(Map.entry("parent", "abc1234"));
        Path plain = f.write("p.properties", "repository = .");
        assertThat(RunCommand.againstBaseline(f.context(), plain, Map.of())).isEmpty();
    }
}
