package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code launch.java = auto} on simulated machines: the search roots, {@code TAF_JAVA} and {@code JAVA_HOME}
 * injected, JDKs faked as a {@code bin/java} that prints its version (and a {@code release} file).
 */
class EngineJavaTest {
    @TempDir
    Path dir;

    private final Path runner = Path.of(System.getProperty("java.home"));

    private static LaunchOptions launch(Path java, boolean aot) {
        return new LaunchOptions(Duration.ofSeconds(60), Duration.ofSeconds(30), 0, java, List.of(), aot,
                Duration.ofSeconds(10));
    }

    /** A fake JDK home whose java says {@code openjdk version "<version>"}; a release file when asked. */
    private Path jdk(String name, String version, boolean release) throws Exception {
        Path home = Files.createDirectories(dir.resolve(name));
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"" + version + "\" 2026-01-20' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (release) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        }
        return home;
    }

    @Test
    void withNoJdk25TheEngineRunsOnTheRunnersJdkWithoutTheCacheAndOneWarningSaysWhatItCosts() {
        Path empty = dir.resolve("no-jvms");
        EngineJava j = EngineJava.resolve(launch(LaunchOptions.AUTO, true), Map.of(), runner, List.of(empty));
        assertThat(j.java()).isEqualTo(runner.resolve("bin/java"));
        assertThat(j.aotCache()).isFalse();
        assertThat(j.applyTo(launch(LaunchOptions.AUTO, true))).isEqualTo(launch(runner.resolve("bin/java"), false));
        assertThat(j.reason()).isEqualTo("launch.java = auto: no JDK 25 or newer (TAF_JAVA unset; JAVA_HOME unset;"
                + " none under " + empty + "): the runner's own JDK " + j.version().feature()
                + ", without the AOT cache");
        assertThat(j.warning()).hasValueSatisfying(w -> assertThat(w).contains("without the AOT cache",
                "warms up longer", "9-12 s to its plateau instead of 3 s", "set TAF_JAVA"));
        // The AOT cache not asked for: nothing lost, nothing to warn of.
        assertThat(EngineJava.resolve(launch(LaunchOptions.AUTO, false), Map.of(), runner, List.of()).warning())
                .isEmpty();
    }

    @Test
    void theNewestJdk25OrLaterUnderTheRootsIsFoundWithItsCache() throws Exception {
        jdk("jvm/java-17-openjdk-amd64", "17.0.15", true);
        jdk("jvm/temurin-25-jdk-amd64", "25.0.3", true);
        jdk("jvm/jdk-26-ea", "26-ea", false); // no release file: asked with java -version
        EngineJava j = EngineJava.resolve(launch(LaunchOptions.AUTO, true), Map.of(), runner,
                List.of(dir.resolve("nowhere"), dir.resolve("jvm")));
        assertThat(j.java()).isEqualTo(dir.resolve("jvm/jdk-26-ea/bin/java"));
        assertThat(j.version().feature()).isEqualTo(26);
        assertThat(j.aotCache()).isTrue();
        assertThat(j.warning()).isEmpty();
        assertThat(j.reason()).isEqualTo("launch.java = auto: the newest JDK 25+ under " + dir.resolve("jvm"));
    }

    @Test
    void tafJavaComesFirstThenJavaHomeAndAnOlderJdkThereIsPassedOver() throws Exception {
        Path jdk17 = jdk("jdk17", "17.0.15", true);
        Path jdk25 = jdk("jdk25", "25.0.3", true);
        Path other25 = jdk("other25", "25.0.1", true);
        EngineJava byEnv = EngineJava.resolve(launch(LaunchOptions.AUTO, true),
                Map.of("TAF_JAVA", jdk25.resolve("bin/java").toString(), "JAVA_HOME", other25.toString()), runner,
                List.of());
        assertThat(byEnv.java()).isEqualTo(jdk25.resolve("bin/java"));
        assertThat(byEnv.reason()).isEqualTo("launch.java = auto: TAF_JAVA");
        EngineJava byHome = EngineJava.resolve(launch(LaunchOptions.AUTO, true),
                Map.of("TAF_JAVA", jdk17.toString(), "JAVA_HOME", other25.toString()), runner, List.of());
        assertThat(byHome.java()).isEqualTo(other25.resolve("bin/java"));
        assertThat(byHome.reason()).isEqualTo("launch.java = auto: JAVA_HOME");
        EngineJava none = EngineJava.resolve(launch(LaunchOptions.AUTO, true),
                Map.of("TAF_JAVA", jdk17.toString(), "JAVA_HOME", dir.resolve("gone").toString()), runner, List.of());
        assertThat(none.reason()).contains("(TAF_JAVA is JDK 17; JAVA_HOME " + dir.resolve("gone/bin/java")
                + " does not run; no JVM directory searched)");
    }

    @Test
    void aJavaTheDefinitionNamesIsUsedAsNamed() throws Exception {
        Path java = jdk("named", "21.0.2", true).resolve("bin/java");
        EngineJava j = EngineJava.resolve(launch(java, false), Map.of("TAF_JAVA", "/elsewhere"), runner,
                EngineJava.JVM_DIRECTORIES);
        assertThat(j.java()).isEqualTo(java);
        assertThat(j.reason()).isEqualTo(EngineJava.NAMED);
        assertThat(j.version().feature()).isEqualTo(21);
    }
}
