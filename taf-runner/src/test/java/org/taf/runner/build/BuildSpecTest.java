package org.taf.runner.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BuildSpecTest {
    @Test
    void defaultsBuildTheEngineModuleOfflineWithMaven() {
        BuildSpec spec = BuildSpec.defaults();
        assertThat(spec.command()).isEqualTo("mvn -B -ntp -o -q -pl engine -am -DskipTests package");
        assertThat(spec.artifactPath()).isEqualTo("engine/target/engine.jar");
        assertThat(spec.artifactFileName()).isEqualTo("engine.jar");
        assertThat(spec.timeout()).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void rejectsBadValuesNamingKeyValueAndRule() {
        assertThatThrownBy(() -> new BuildSpec(" ", Duration.ofSeconds(1), "a.jar"))
                .hasMessage("build.command must not be blank");
        assertThatThrownBy(() -> new BuildSpec("make", Duration.ofSeconds(-1), "a.jar"))
                .hasMessage("build.timeout (PT-1S) must be positive");
        assertThatThrownBy(() -> new BuildSpec("make", Duration.ZERO, "a.jar"))
                .hasMessageContaining("build.timeout (PT0S)");
        assertThatThrownBy(() -> new BuildSpec("make", Duration.ofSeconds(1), "a.jar", List.of()))
                .hasMessage("build.inputs must name at least one path");
        for (String bad : new String[] {"/abs/engine.jar", "../outside.jar", "engine/../../x.jar", "a/./b.jar", ""}) {
            assertThatThrownBy(() -> new BuildSpec("make", Duration.ofSeconds(1), bad))
                    .as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("build.artifact (" + bad + ") must be a normalized relative path");
        }
    }
}
