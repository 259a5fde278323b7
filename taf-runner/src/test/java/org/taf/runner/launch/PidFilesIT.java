package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.sys.ProcPidStat;
import org.taf.runner.sys.Processes;

/** The sweep's decisions, on real `sleep` processes standing in for engines. */
class PidFilesIT {
    // above /proc/sys/kernel/pid_max (32768 by default, at most 4194304): a runner that cannot exist
    private static final long DEAD_RUNNER = 4_194_305;

    @TempDir
    Path state;
    Process engine;
    List<String> command;

    @AfterEach
    void stop() throws Exception {
        if (engine != null) {
            engine.destroyForcibly().waitFor();
        }
    }

    private ProcPidStat startEngine() throws Exception {
        command = List.of("sleep", "1000." + ThreadLocalRandom.current().nextInt(100_000, 999_999));
        engine = new ProcessBuilder(command).start();
        return Processes.stat(engine.pid()).orElseThrow();
    }

    private Path record(long pid, long startTicks, long runnerPid, long runnerStart, List<String> cmd)
            throws Exception {
        Path file = state.resolve("engines/" + pid + ".pid");
        Files.createDirectories(file.getParent());
        return Files.writeString(file, new PidRecord(pid, startTicks, runnerPid, runnerStart, 4000, cmd).format());
    }

    @Test
    void anEngineOfADeadRunnerIsKilled() throws Exception {
        ProcPidStat s = startEngine();
        Path file = record(s.pid(), s.startTicks(), DEAD_RUNNER, 1, command);
        assertThat(new PidFiles(state).sweep())
                .containsExactly(new SweptEngine(file, s.pid(), SweptEngine.Outcome.KILLED));
        assertThat(Processes.running(s.pid())).isFalse();
        assertThat(file).doesNotExist();
    }

    @Test
    void anEngineOfALiveRunnerIsLeftAlone() throws Exception {
        ProcPidStat s = startEngine();
        ProcPidStat self = Processes.stat(ProcessHandle.current().pid()).orElseThrow();
        Path file = record(s.pid(), s.startTicks(), self.pid(), self.startTicks(), command);
        assertThat(new PidFiles(state).sweep())
                .extracting(SweptEngine::outcome)
                .containsExactly(SweptEngine.Outcome.OWNED_BY_LIVE_RUNNER);
        assertThat(Processes.running(s.pid())).isTrue();
        assertThat(file).exists();
    }

    @Test
    void aReusedPidIsNotKilled() throws Exception {
        ProcPidStat s = startEngine();
        Path other = record(s.pid(), s.startTicks(), DEAD_RUNNER, 1, List.of("/usr/sbin/mariadbd", "--no-defaults"));
        assertThat(new PidFiles(state).sweep())
                .extracting(SweptEngine::outcome)
                .containsExactly(SweptEngine.Outcome.GONE);
        assertThat(Processes.running(s.pid())).as("a process with another command line").isTrue();
        assertThat(other).doesNotExist();

        record(s.pid(), s.startTicks() - 1, DEAD_RUNNER, 1, command);
        assertThat(new PidFiles(state).sweep())
                .extracting(SweptEngine::outcome)
                .containsExactly(SweptEngine.Outcome.GONE);
        assertThat(Processes.running(s.pid())).as("a process started at another time").isTrue();
    }

    @Test
    void recordsOfExitedEnginesAndGarbageAreRemoved() throws Exception {
        ProcPidStat s = startEngine();
        engine.destroyForcibly().waitFor();
        Path gone = record(s.pid(), s.startTicks(), DEAD_RUNNER, 1, command);
        Path garbage = Files.writeString(state.resolve("engines/junk.pid"), "not a record");
        assertThat(new PidFiles(state).sweep())
                .containsExactlyInAnyOrder(
                        new SweptEngine(gone, s.pid(), SweptEngine.Outcome.GONE),
                        new SweptEngine(garbage, 0, SweptEngine.Outcome.UNREADABLE));
        try (var left = Files.list(state.resolve("engines"))) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void writeRecordsTheProcessAndThisRunner() throws Exception {
        ProcPidStat s = startEngine();
        PidFiles files = new PidFiles(state);
        Path file = files.write(s.pid(), 4000, command).orElseThrow();
        PidRecord r = PidRecord.parse(Files.readString(file));
        assertThat(r.pid()).isEqualTo(s.pid());
        assertThat(r.startTicks()).isEqualTo(s.startTicks());
        assertThat(r.runnerPid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(r.command()).isEqualTo(command);
        files.delete(s.pid());
        assertThat(file).doesNotExist();
    }

    @Test
    void noDirectoryNothingToSweep() {
        assertThat(new PidFiles(state.resolve("fresh")).sweep()).isEmpty();
    }
}
