package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.taf.runner.launch.ContainerPlan.Bind;

/** What the container is told: binds at the same paths, labels, cpuset, memory, user, environment. */
class ContainerPlanTest {
    /** The local image, no memory limit. */
    private static final ContainerOptions LOCAL = new ContainerOptions(Optional.empty(), OptionalLong.empty());
    static final Path JAVA = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
    static final Path JAR = Path.of("/cache/builds/abc/engine.jar");
    static final Path WORK = Path.of("/runs/r1/work/001-parent");
    static final List<Path> ROOTS = List.of(Path.of("/usr"), Path.of("/etc/java-17-openjdk"));

    private static LaunchSpec spec(Path java, String cpus) {
        List<String> cmd = EngineCommands.tafEngine(java, List.of("-Xmx1g"), JAR, WORK.resolve("data"), 4000,
                WORK.resolve("engine.pid"), WORK.resolve("engine.log"), new TreeMap<>());
        return new LaunchSpec(cmd, WORK, new TreeMap<>(Map.of("TZ", "UTC")), 4000, WORK.resolve("data"),
                WORK.resolve("engine.log"), Duration.ofSeconds(60), Duration.ofSeconds(30), Optional.ofNullable(cpus));
    }

    private static ContainerPlan plan(LaunchSpec spec, ContainerOptions options, List<Path> roots, Set<Path> existing) {
        return ContainerPlan.of(spec, options, "img:1", roots, 77, 12345, "1000:1000", existing::contains);
    }

    @Test
    void localImageBindsHostRootsReadOnlyTheWorkDirReadWriteAndTheJarReadOnly() {
        ContainerPlan p = plan(
                spec(JAVA, "1"),
                new ContainerOptions(Optional.empty(), OptionalLong.of(2L << 30)),
                ROOTS,
                Set.of(JAVA, JAR, WORK.resolve("data")));
        // the datadir and log live in the work dir: one bind covers them; java is under /usr
        assertThat(p.binds())
                .containsExactly(
                        new Bind(Path.of("/usr"), true),
                        new Bind(Path.of("/etc/java-17-openjdk"), true),
                        new Bind(WORK, false),
                        new Bind(JAR, true));
        assertThat(p.binds().get(2)).hasToString(WORK + ":" + WORK + ":rw");
        assertThat(p.command()).isEqualTo(spec(JAVA, "1").command());
        assertThat(p.workingDir()).isEqualTo(WORK);
        assertThat(p.cpuSet()).contains("1");
        assertThat(p.memory()).hasValue(2L << 30);
        assertThat(p.user()).isEqualTo("1000:1000");
        assertThat(p.env()).containsExactly("PATH=/usr/local/bin:/usr/bin:/bin", "TZ=UTC");
        assertThat(p.labels()).containsEntry("org.taf.runner", "engine").containsEntry("org.taf.runner.pid", "77")
                .containsEntry("org.taf.runner.start", "12345").containsEntry("org.taf.runner.port", "4000");
    }

    @Test
    void aJdkOutsideUsrIsBoundWholeAndPathsThatDoNotExistAreNot() {
        Path temurin = Path.of("/opt/jdk-25/bin/java");
        ContainerPlan p = plan(spec(temurin, null), LOCAL, ROOTS, Set.of(temurin));
        assertThat(p.binds()).contains(new Bind(Path.of("/opt/jdk-25"), true)).doesNotContain(new Bind(JAR, true));
        assertThat(p.cpuSet()).isEmpty();
        assertThat(p.memory()).isEmpty();
    }

    @Test
    void aRealImageBringsItsOwnProgramsAndGetsNoHostRoots() {
        ContainerPlan p = plan(spec(Path.of("/opt/java/openjdk/bin/java"), "2-3"),
                new ContainerOptions(Optional.of("eclipse-temurin:17"), OptionalLong.empty()), List.of(),
                Set.of(Path.of("/opt/java/openjdk/bin/java"), JAR));
        assertThat(p.binds()).containsExactly(new Bind(WORK, false), new Bind(JAR, true));
    }

    @Test
    void argumentPathsAndMergedUsr() {
        assertThat(ContainerPlan.pathIn("--datadir=/d/x/../data")).contains(Path.of("/d/data"));
        assertThat(ContainerPlan.pathIn("/a/b.jar")).contains(Path.of("/a/b.jar"));
        assertThat(ContainerPlan.pathIn("-Xmx1g")).isEmpty();
        assertThat(ContainerPlan.pathIn("--port=4000")).isEmpty();
        assertThat(ContainerPlan.merged(Path.of("/bin/sh"))).isEqualTo(Path.of("/usr/bin/sh"));
        assertThat(ContainerPlan.merged(Path.of("/opt/x"))).isEqualTo(Path.of("/opt/x"));
        assertThat(ContainerPlan.installation(Path.of("/opt/jdk/bin/java"))).isEqualTo(Path.of("/opt/jdk"));
        assertThat(ContainerPlan.installation(Path.of("/bin/sh"))).isEqualTo(Path.of("/bin/sh")); // never "/"
        assertThat(plan(new LaunchSpec(List.of("/bin/sh", "-c", "x"), WORK, new TreeMap<>(), 1, WORK, WORK.resolve("l"),
                Duration.ofSeconds(1), Duration.ofSeconds(1), Optional.empty()), LOCAL, ROOTS,
                Set.of(Path.of("/bin/sh"))).binds()).doesNotContain(new Bind(Path.of("/bin/sh"), true));
    }
}
