package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JIT compilers' CPU time: this JVM's own compiler threads, a process without any, and the arithmetic. */
class JitActivityTest {

    @Test
    void thisJvmsCompilersAreFoundAndCountOnlyWhatTheyDidSinceTheLastCall() {
        JitActivity jit = JitActivity.of(ProcessHandle.current().pid());
        double sinceStart = jit.cpuSecondsSinceLastCall();
        assertThat(sinceStart).as("a HotSpot JVM has C1/C2 compiler threads, and they compiled at start-up")
                .isPositive();
        double later = jit.cpuSecondsSinceLastCall();
        assertThat(later).isBetween(0.0, sinceStart);
    }

    @Test
    void aProcessWithoutCompilerThreadsHasNoJit() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(JitActivity.of(sleeper.pid()).cpuSecondsSinceLastCall()).isEqualTo(-1);
        } finally {
            sleeper.destroy();
            sleeper.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void sumsThePerThreadDeltasOfTheCompilerThreadsOnly(@TempDir Path proc) throws IOException {
        thread(proc, 100, 1, "java", "900000000 0 1");
        thread(proc, 100, 7, "C2 CompilerThre", "2000000000 0 1");
        thread(proc, 100, 8, "C1 CompilerThre", "500000000 0 1");
        thread(proc, 100, 9, "taf-conn-1", "7000000000 0 1");
        JitActivity jit = new JitActivity(proc, 100);
        assertThat(jit.cpuSecondsSinceLastCall()).isCloseTo(2.5, within(1e-9));

        thread(proc, 100, 7, "C2 CompilerThre", "2300000000 0 1"); // +0.3 s
        thread(proc, 100, 9, "taf-conn-1", "9000000000 0 1");      // not a compiler: ignored
        Files.walk(proc.resolve("100/task/8"))
                .sorted(java.util.Comparator.reverseOrder())
                .forEach(p -> p.toFile().delete());
        thread(proc, 100, 12, "C2 CompilerThre", "40000000 0 1");  // a compiler thread started on demand: +0.04 s
        assertThat(jit.cpuSecondsSinceLastCall()).isCloseTo(0.34, within(1e-9));
        assertThat(jit.cpuSecondsSinceLastCall()).as("nothing since").isZero();
    }

    @Test
    void withoutSchedstatTheClockTicksOfStatCount(@TempDir Path proc) throws IOException {
        Path task = Files.createDirectories(proc.resolve("100/task/7"));
        Files.writeString(task.resolve("comm"), "C2 CompilerThre\n");
        Files.writeString(
                task.resolve("stat"),
                "7 (C2 CompilerThre) S 1 100 100 0 -1 4194624 0 0 0 0 150 50 0 0 20 0 30"
                        + " 0 12345 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 -1 1 0 0 0 0 0\n");
        double expected = 200.0 / ClockTicks.perSecond();
        assertThat(new JitActivity(proc, 100).cpuSecondsSinceLastCall()).isCloseTo(expected, within(1e-9));
    }

    private static void thread(Path proc, long pid, long tid, String comm, String schedstat) throws IOException {
        Path task = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
        Files.writeString(task.resolve("comm"), comm + "\n");
        Files.writeString(task.resolve("schedstat"), schedstat + "\n");
    }
}
