package org.taf.runner.launch;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.exception.DockerClientException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Frame;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.taf.runner.sys.CgroupCpuSampler;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.LogTail;
import org.taf.runner.sys.ProcessCpuSampler;
import org.taf.runner.sys.Ticker;

/** An engine running in a Docker container; made by {@link ContainerRuntime}. Stopping it removes the container. */
final class ContainerEngine extends AbstractEngine {
    private final DockerClient docker;
    private final String id;
    private volatile long pid;
    private volatile CpuSampler sampler;
    private LogFollower follower;

    ContainerEngine(DockerClient docker, String id, LaunchSpec spec, EngineRegistry registry, Ticker ticker) {
        super(spec, registry, ticker);
        this.docker = docker;
        this.id = id;
    }

    /** Container id, 64 hex digits. */
    String id() {
        return id;
    }

    /** Container id, 12 hex digits as {@code docker ps} shows it. */
    String shortId() {
        return id.substring(0, Math.min(12, id.length()));
    }

    /** Called once the container runs: its host pid, its cgroup's CPU counter, its output into the log file. */
    void started() throws IOException {
        pid = docker.inspectContainerCmd(id).exec().getState().getPidLong();
        // a container that died at once has pid 0 and no cgroup left: Readiness reports its exit and log
        sampler = pid > 0
                ? CgroupCpuSampler.forPid(pid, shortId())
                        .<CpuSampler>map(s -> s)
                        .orElse(ProcessCpuSampler.of(pid))
                : () -> {
                    throw new org.taf.runner.sys.SysException("container " + shortId() + " is not running");
                };
        Path log = spec.logFile().toAbsolutePath();
        if (log.getParent() != null) {
            Files.createDirectories(log.getParent());
        }
        follower = new LogFollower(new FileOutputStream(log.toFile(), true));
        docker.logContainerCmd(id).withStdOut(true).withStdErr(true).withFollowStream(true).exec(follower);
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public CpuSampler cpuSampler() {
        return sampler;
    }

    @Override
    public boolean isAlive() {
        return exitCode().isEmpty();
    }

    @Override
    public OptionalInt exitCode() {
        try {
            InspectContainerResponse.ContainerState s = docker.inspectContainerCmd(id).exec().getState();
            return Boolean.TRUE.equals(s.getRunning())
                    ? OptionalInt.empty()
                    : OptionalInt.of(s.getExitCodeLong().intValue());
        } catch (NotFoundException e) {
            return OptionalInt.of(-1);
        }
    }

    /** The container's own output (from Docker), then the end of the log file (where the engine also writes). */
    @Override
    public String logTail() {
        List<String> lines = new ArrayList<>();
        try {
            docker.logContainerCmd(id)
                    .withStdOut(true)
                    .withStdErr(true)
                    .withTail(LogTail.DEFAULT_LINES)
                    .exec(new ResultCallback.Adapter<Frame>() {
                        @Override
                        public void onNext(Frame frame) {
                            lines.addAll(
                                    List.of(new String(frame.getPayload(), StandardCharsets.UTF_8).split("\r?\n")));
                        }
                    })
                    .awaitCompletion(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            lines.add("(cannot read the container's log: " + e.getMessage() + ")");
        }
        StringBuilder out = new StringBuilder("container " + shortId() + " output");
        if (lines.isEmpty()) {
            out.append(": none");
        } else {
            out.append(", last ").append(lines.size()).append(" lines:");
            lines.forEach(l -> out.append("\n    ").append(l));
        }
        return out.append("\n").append(LogTail.describe(spec.logFile(), LogTail.DEFAULT_LINES)).toString();
    }

    @Override
    protected StopResult stopNow(Supplier<Duration> took) {
        StopResult result;
        OptionalInt exited = exitCode();
        if (exited.isPresent()) {
            result = new StopResult(StopResult.How.EXITED_BEFORE_STOP, exited.getAsInt(), Duration.ZERO);
        } else {
            signal("SIGTERM");
            OptionalInt code = await(spec.shutdownTimeout());
            boolean graceful = code.isPresent();
            if (!graceful) {
                signal("SIGKILL");
                code = await(KILL_WAIT);
            }
            if (code.isEmpty()) {
                throw new LaunchException("container " + shortId() + " (engine pid " + pid + ", port " + spec.port()
                        + ") still runs " + KILL_WAIT.toSeconds() + "s after SIGKILL");
            }
            result = new StopResult(graceful ? StopResult.How.GRACEFUL : StopResult.How.FORCED, code.getAsInt(),
                    took.get());
        }
        if (follower != null) {
            follower.drain(); // the engine's last words, written as it exited
        }
        remove();
        return result;
    }

    /** Removes the container at once. */
    @Override
    protected void killNow() {
        remove();
    }

    private void signal(String signal) {
        try {
            docker.killContainerCmd(id).withSignal(signal).exec();
        } catch (RuntimeException e) {
            // it exited between the check and the signal (Docker answers 409): the wait below sees that
        }
    }

    private OptionalInt await(Duration timeout) {
        try {
            return OptionalInt.of(docker.waitContainerCmd(id).exec(new WaitContainerResultCallback())
                    .awaitStatusCode(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (DockerClientException e) {
            return exitCode(); // timed out or interrupted: whatever Docker says now
        }
    }

    private void remove() {
        try {
            docker.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException e) {
            // already gone
        } finally {
            if (follower != null) {
                follower.closeQuietly();
            }
        }
    }

    @Override
    public String toString() {
        return "engine container " + shortId() + " (pid " + pid + ") on 127.0.0.1:" + port();
    }

    /** Appends the container's stdout and stderr to the log file as Docker streams them. */
    private static final class LogFollower extends ResultCallback.Adapter<Frame> {
        private final OutputStream out;

        LogFollower(OutputStream out) {
            this.out = out;
        }

        @Override
        public void onNext(Frame frame) {
            try {
                synchronized (out) {
                    out.write(frame.getPayload());
                    out.flush();
                }
            } catch (IOException e) {
                // the log is best effort once the engine runs; Docker keeps the container's own copy until removal
            }
        }

        void drain() {
            try {
                awaitCompletion(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void closeQuietly() {
            try {
                close();
            } catch (IOException e) {
                // nothing more to read
            }
            try {
                synchronized (out) {
                    out.close();
                }
            } catch (IOException e) {
                // the log file stays as written
            }
        }
    }
}
