package org.taf.runner.report.flame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.TreeSet;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.Golden;
import org.taf.runner.jfr.CollapsedStacks;
import org.taf.runner.jfr.FlameException;
import org.taf.runner.jfr.FlameKind;
import org.taf.runner.jfr.FoldedText;
import org.taf.runner.jfr.JfrFolder;

/**
 * Folding JFR recordings: the committed fixture (made by {@link JfrFixture} from
 * {@link FlameWorkload}) against golden folded files, window and thread filters on it, a fresh
 * recording in a child JVM, and files that are not recordings.
 */
class JfrFolderTest {
    static final String REGENERATE = "mvn -pl taf-runner -am test -Dtest='org.taf.runner.report.flame.*Test' "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true (add -Dtaf.flame.fixture.update=true "
            + "to record the fixture anew first)";
    static final String WORKLOAD = "org.taf.runner.report.flame.FlameWorkload.";
    static final String MONITOR = "[monitor org.taf.runner.report.flame.FlameWorkload$Monitor]";
    static final String PARK = "[park java.util.concurrent.locks.ReentrantLock$NonfairSync]";

    @TempDir
    Path dir;

    private JfrFixture.Recorded fixture() throws Exception {
        return JfrFixture.committed(dir.resolve("fixture"));
    }

    private static boolean anyStack(CollapsedStacks s, String part) {
        return s.stacks().keySet().stream().anyMatch(k -> k.contains(part));
    }

    @Test
    void theCommittedFixtureFoldsToTheGoldenFiles() throws Exception {
        Path jfr = fixture().file();
        assertThat(Files.size(jfr)).as("fixture size").isLessThan(300_000);
        JfrFolder.Folded cpu = JfrFolder.of(FlameKind.CPU).fold(jfr);
        JfrFolder.Folded locks = JfrFolder.of(FlameKind.LOCKS).fold(jfr);
        Golden.assertMatches(Path.of("src/test/resources/flame/fixture-cpu.folded"), FoldedText.format(cpu.stacks()),
                REGENERATE);
        Golden.assertMatches(Path.of("src/test/resources/flame/fixture-locks.folded"),
                FoldedText.format(locks.stacks()), REGENERATE);
        assertThat(cpu.events()).isEqualTo((long) cpu.stacks().total());
        assertThat(cpu.truncated()).isPositive();
        assertThat(cpu.stacks().stacks().keySet()).anyMatch(k -> k.startsWith("[truncated];" + WORKLOAD + "recurse;"));
        // generated classes are named without their run-specific address, so recordings fold alike
        assertThat(String.join("\n", cpu.stacks().stacks().keySet())).contains(WORKLOAD.replace("FlameWorkload.",
                "FlameWorkload$$Lambda.run")).doesNotContainPattern("0x[0-9a-f]");
        assertThat(locks.truncated()).isZero();
        assertThat(locks.first()).isPresent();
        assertThat(locks.first().get()).isBefore(locks.last().get());
    }

    @Test
    void aWindowKeepsTheEventsThatStartInItAndTheHalvesAddUpToTheWhole() throws Exception {
        JfrFixture.Recorded f = fixture();
        for (FlameKind kind : FlameKind.values()) {
            JfrFolder all = JfrFolder.of(kind);
            JfrFolder.Folded whole = all.fold(f.file());
            JfrFolder.Folded before = all.withWindow(Instant.MIN, f.boundary()).fold(f.file());
            JfrFolder.Folded after = all.withWindow(f.boundary(), Instant.MAX).fold(f.file());
            assertThat(before.events() + after.events()).isEqualTo(whole.events());
            assertThat(before.stacks().merge(after.stacks())).isEqualTo(whole.stacks());
            assertThat(before.first()).isEqualTo(whole.first()); // coverage is of the whole file
        }
        CollapsedStacks cpuBefore = JfrFolder.of(FlameKind.CPU).withWindow(Instant.MIN, f.boundary()).fold(f.file())
                .stacks();
        CollapsedStacks cpuAfter = JfrFolder.of(FlameKind.CPU).withWindow(f.boundary(), Instant.MAX).fold(f.file())
                .stacks();
        assertThat(anyStack(cpuBefore, WORKLOAD + "alpha")).isTrue();
        assertThat(anyStack(cpuBefore, WORKLOAD + "beta")).isFalse();
        assertThat(anyStack(cpuAfter, WORKLOAD + "beta")).isTrue();
        assertThat(anyStack(cpuAfter, WORKLOAD + "alpha")).isFalse();
        CollapsedStacks locksBefore = JfrFolder.of(FlameKind.LOCKS).withWindow(Instant.MIN, f.boundary())
                .fold(f.file()).stacks();
        assertThat(anyStack(locksBefore, MONITOR)).isTrue();
        assertThat(anyStack(locksBefore, PARK)).isFalse();
    }

    @Test
    void theWindowIncludesItsStartAndExcludesItsEnd() throws Exception {
        Path jfr = fixture().file();
        Instant t;
        try (RecordingFile file = new RecordingFile(jfr)) {
            RecordedEvent e;
            do {
                e = file.readEvent();
            } while (!e.getEventType().getName().equals("jdk.ExecutionSample"));
            t = e.getStartTime();
        }
        JfrFolder cpu = JfrFolder.of(FlameKind.CPU);
        assertThat(cpu.withWindow(t, t.plusNanos(1)).fold(jfr).events()).isEqualTo(1);
        assertThat(cpu.withWindow(t.minusMillis(1), t).fold(jfr).events()).isZero();
        assertThatThrownBy(() -> cpu.withWindow(t, t)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is empty");
    }

    @Test
    void threadsAreSelectedByName() throws Exception {
        Path jfr = fixture().file();
        CollapsedStacks monitors = JfrFolder.of(FlameKind.LOCKS).withThreadPrefix("flame-monitor-").fold(jfr)
                .stacks();
        assertThat(monitors.isEmpty()).isFalse();
        assertThat(monitors.stacks().keySet()).allMatch(k -> k.endsWith(MONITOR));
        CollapsedStacks lock2 = JfrFolder.of(FlameKind.LOCKS).withThreads(n -> n.equals("flame-lock-2")).fold(jfr)
                .stacks();
        assertThat(lock2.isEmpty()).isFalse();
        assertThat(lock2.stacks().keySet()).allMatch(k -> k.contains(WORKLOAD + "lockLoop;") && k.endsWith(PARK));
        // CPU samples belong to the sampled thread, not to the sampler
        CollapsedStacks spin = JfrFolder.of(FlameKind.CPU).withThreadPrefix("flame-spin").fold(jfr).stacks();
        assertThat(spin.stacks().keySet()).isNotEmpty().allMatch(k -> k.startsWith("[truncated];")
                || k.contains(WORKLOAD + "alpha") || k.contains(WORKLOAD + "beta"));
        CollapsedStacks others = JfrFolder.of(FlameKind.CPU).withThreads(n -> !n.startsWith("flame-spin")).fold(jfr)
                .stacks();
        assertThat(others.stacks().keySet()).noneMatch(k -> k.contains(WORKLOAD + "hot"));
        assertThat(JfrFolder.of(FlameKind.CPU).withThreadPrefix("flame-lock-").fold(jfr).events()).isZero();
    }

    @Test
    void generatedClassesLoseTheirRunSpecificNames() {
        assertThat(JfrFolder.stableClassName("a.Foo$$Lambda+0x00007f8a80007c10.1524126153")).isEqualTo("a.Foo$$Lambda");
        assertThat(JfrFolder.stableClassName("a.Foo$$Lambda.0x0000000053044c20")).isEqualTo("a.Foo$$Lambda");
        assertThat(JfrFolder.stableClassName("a.Foo$$Lambda$14/0x0000000800c03000")).isEqualTo("a.Foo$$Lambda");
        assertThat(JfrFolder.stableClassName("java.lang.invoke.LambdaForm$MH/0x0000000800c04400"))
                .isEqualTo("java.lang.invoke.LambdaForm$MH");
        assertThat(JfrFolder.stableClassName("jdk.internal.reflect.GeneratedMethodAccessor12"))
                .isEqualTo("jdk.internal.reflect.GeneratedMethodAccessor");
        assertThat(JfrFolder.stableClassName("org.x0.Plain$Inner")).isEqualTo("org.x0.Plain$Inner");
    }

    @Test
    void lineNumbersAreAddedWhenAsked() throws Exception {
        CollapsedStacks s = JfrFolder.of(FlameKind.CPU).withLineNumbers(true).fold(fixture().file()).stacks();
        assertThat(s.stacks().keySet()).anyMatch(k -> k.matches(".*FlameWorkload\\.hot:\\d+$"));
    }

    @Test
    void aFreshRecordingOfTheWorkloadShowsItsHotMethodAndItsContendedLocks() throws Exception {
        assertShowsTheWorkload(JfrFixture.record(dir.resolve("live")));
    }

    /**
     * The engine may run on JDK 25 (for its AOT cache) while the runner reads with JDK 17: the
     * recording is read and folds alike. Skipped where that JDK is not installed.
     */
    @Test
    void aRecordingMadeByJdk25FoldsTheSameWay() throws Exception {
        Path java25 = Path.of(System.getProperty("taf.java25", "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "java");
        assumeTrue(Files.isExecutable(java25), "no JDK 25 at " + java25 + " (set -Dtaf.java25=<its home>)");
        assertShowsTheWorkload(JfrFixture.record(dir.resolve("jdk25"), java25));
    }

    private static void assertShowsTheWorkload(JfrFixture.Recorded r) throws Exception {
        JfrFolder.Folded cpu = JfrFolder.of(FlameKind.CPU).fold(r.file());
        assertThat(cpu.events()).as("CPU samples").isGreaterThan(20);
        CollapsedStacks.FrameWeight top = cpu.stacks().topBySelf(1).get(0);
        assertThat(top.frame()).isEqualTo(WORKLOAD + "hot");
        assertThat(top.self() / cpu.stacks().total()).as("share of samples in hot").isGreaterThan(0.5);
        assertThat(cpu.truncated()).as("stacks deeper than the stack depth").isPositive();
        assertThat(String.join("\n", cpu.stacks().stacks().keySet())).contains("FlameWorkload$$Lambda.run;")
                .doesNotContainPattern("0x[0-9a-f]");

        CollapsedStacks locks = JfrFolder.of(FlameKind.LOCKS).fold(r.file()).stacks();
        assertThat(locks.stacks().keySet()).anyMatch(k -> k.contains(WORKLOAD + "monitorLoop;") && k.endsWith(MONITOR));
        assertThat(locks.stacks().keySet()).anyMatch(k -> k.contains(WORKLOAD + "lockLoop;")
                && k.contains("java.util.concurrent.locks.ReentrantLock.lock;") && k.endsWith(PARK));
        // waits of about 2 ms each, above the 100 us threshold: at least a few of them, in nanoseconds
        assertThat(locks.frames().get(MONITOR).total()).isGreaterThan(Duration.ofMillis(20).toNanos());
        assertThat(locks.frames().get(PARK).total()).isGreaterThan(Duration.ofMillis(20).toNanos());

        // only the three event types of the settings file were recorded
        TreeSet<String> types = new TreeSet<>();
        try (RecordingFile file = new RecordingFile(r.file())) {
            while (file.hasMoreEvents()) {
                types.add(file.readEvent().getEventType().getName());
            }
        }
        assertThat(types).containsExactly("jdk.ExecutionSample", "jdk.JavaMonitorEnter", "jdk.ThreadPark");
    }

    @Test
    void aMissingEmptyOrCorruptRecordingIsAnErrorNamingTheFile() throws Exception {
        JfrFolder cpu = JfrFolder.of(FlameKind.CPU);
        Path missing = dir.resolve("missing.jfr");
        assertThatThrownBy(() -> cpu.fold(missing)).isInstanceOf(FlameException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("does not exist");
        Path empty = Files.write(dir.resolve("empty.jfr"), new byte[0]);
        assertThatThrownBy(() -> cpu.fold(empty)).isInstanceOf(FlameException.class)
                .hasMessageContaining(empty.toString()).hasMessageContaining("is empty");
        Path garbage = Files.writeString(dir.resolve("garbage.jfr"), "this is not a flight recording\n".repeat(50));
        assertThatThrownBy(() -> cpu.fold(garbage)).isInstanceOf(FlameException.class)
                .hasMessageContaining(garbage.toString()).hasMessageContaining("cannot be read");
        byte[] whole = Files.readAllBytes(fixture().file());
        Path cut = Files.write(dir.resolve("cut.jfr"), Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> cpu.fold(cut)).isInstanceOf(FlameException.class)
                .hasMessageContaining(cut.toString()).hasMessageContaining("cannot be read");
    }
}
