package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class JavaVersionTest {
    @Test
    void parsesTheFeatureRelease() {
        assertThat(JavaVersion.parse(Path.of("j"), "openjdk version \"25.0.3\" 2026-04-21 LTS\nOpenJDK Runtime ...")
                .feature()).isEqualTo(25);
        assertThat(JavaVersion.parse(Path.of("j"), "Picked up JAVA_TOOL_OPTIONS: -Xmx1g\nopenjdk version \"17.0.15\""
                + " 2025-04-15").feature()).isEqualTo(17);
        assertThat(JavaVersion.parse(Path.of("j"), "java version \"1.8.0_402\"").feature()).isEqualTo(8);
        assertThat(JavaVersion.parse(Path.of("j"), "openjdk version \"25\" 2025-09-16").line())
                .isEqualTo("openjdk version \"25\" 2025-09-16");
        assertThatThrownBy(() -> JavaVersion.parse(Path.of("/x/java"), "hello")).isInstanceOf(LaunchException.class)
                .hasMessageContaining("/x/java -version did not say a version");
    }

    @Test
    void asksTheRealJava() {
        JavaVersion v = JavaVersion.of(Path.of(System.getProperty("java.home"), "bin", "java"));
        assertThat(v.feature()).isEqualTo(Runtime.version().feature());
        assertThatThrownBy(() -> JavaVersion.of(Path.of("/no/such/java"))).isInstanceOf(LaunchException.class)
                .hasMessageContaining("cannot run /no/such/java -version");
    }
}
