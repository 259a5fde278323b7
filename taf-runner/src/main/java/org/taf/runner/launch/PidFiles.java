package org.taf.runner.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.taf.runner.sys.AtomicWrite;
import org.taf.runner.sys.ProcPidStat;
import org.taf.runner.sys.Processes;
import org.taf.runner.sys.SysException;

/**
 * The {@link PidRecord} files under {@code <state dir>/engines/}: written when an engine starts,
 * deleted when it stops, swept at the next start after a SIGKILLed runner.
 */
public final class PidFiles {
    private final Path dir;

    /** Records live in {@code stateDir/engines}, created on the first write. */
    public PidFiles(Path stateDir) {
        this.dir = stateDir.resolve("engines");
    }

    /**
     * Records a just-started engine, written atomically ({@link AtomicWrite}: a sweep never reads half a
     * record, and its hidden temporary file is not a {@code *.pid}). Returns empty when the process has
     * already exited: nothing to sweep then.
     */
    public Optional<Path> write(long pid, int port, List<String> command) {
        Optional<ProcPidStat> engine = Processes.stat(pid);
        Optional<ProcPidStat> self = Processes.stat(ProcessHandle.current().pid());
        if (engine.isEmpty() || self.isEmpty()) {
            return Optional.empty();
        }
        PidRecord record = new PidRecord(pid, engine.get().startTicks(), self.get().pid(), self.get().startTicks(),
                port, command);
        Path file = dir.resolve(pid + ".pid");
        try {
            AtomicWrite.writeString(file, record.format());
            return Optional.of(file);
        } catch (SysException e) {
            throw new LaunchException("cannot write the engine pid record: " + e.getMessage(), e);
        }
    }

    /** Removes the record of {@code pid}, if any. */
    public void delete(long pid) {
        try {
            Files.deleteIfExists(dir.resolve(pid + ".pid"));
        } catch (IOException e) {
            // a stale record is harmless: the next sweep sees the pid gone and removes it
        }
    }

    /**
     * Kills engines whose runner died without stopping them: for each record, if the runner is
     * gone and the recorded process still runs with the recorded start time and command line,
     * SIGKILL its tree (its datadir is a throw-away copy, so no graceful stop is owed).
     */
    public List<SweptEngine> sweep() {
        List<SweptEngine> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.pid")) {
            for (Path file : files) {
                out.add(sweepOne(file));
            }
        } catch (IOException e) {
            throw new LaunchException("cannot list engine pid records in " + dir + ": " + e.getMessage(), e);
        }
        return out;
    }

    private SweptEngine sweepOne(Path file) {
        PidRecord record;
        try {
            record = PidRecord.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            deleteQuietly(file);
            return new SweptEngine(file, 0, SweptEngine.Outcome.UNREADABLE);
        }
        if (Processes.running(record.runnerPid(), record.runnerStartTicks())) {
            return new SweptEngine(file, record.pid(), SweptEngine.Outcome.OWNED_BY_LIVE_RUNNER);
        }
        boolean same = Processes.running(record.pid(), record.startTicks())
                && Processes.commandLine(Processes.PROC, record.pid()).equals(record.command());
        SweptEngine.Outcome outcome = SweptEngine.Outcome.GONE;
        if (same) {
            Optional<ProcessHandle> handle = ProcessHandle.of(record.pid());
            if (handle.isPresent()) {
                List<Long> survivors = Processes.killTree(handle.get(), List.of(), Duration.ofSeconds(10));
                if (!survivors.isEmpty()) {
                    throw new LaunchException("leftover engine pid " + record.pid() + " (port " + record.port()
                            + ", from " + file
                            + ") survived SIGKILL: pids " + survivors);
                }
                outcome = SweptEngine.Outcome.KILLED;
            }
        }
        deleteQuietly(file);
        return new SweptEngine(file, record.pid(), outcome);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // left for the next sweep
        }
    }
}
