package org.taf.runner.launch;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.taf.runner.sys.ProcPidStat;
import org.taf.runner.sys.Processes;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;
import org.testcontainers.DockerClientFactory;

/**
 * Runs the engine in a Docker container, through Testcontainers' Docker client: pinned to
 * {@link LaunchSpec#cpuSet()} ({@code --cpuset-cpus}), limited to {@link ContainerOptions#memoryLimit()}
 * (swap included), with host networking so it answers on 127.0.0.1 like a process, the spec's
 * directories and the engine jar bound in at the same paths, and stdout/stderr appended to the
 * spec's log file. The image is {@link ContainerOptions#image()} or a local FROM-scratch image
 * ({@link RootfsImage}) onto which the host's {@code /usr} and JDK configuration are bound read-only.
 * Ready after the same MySQL handshake as a process; CPU sampled from the container's cgroup; the
 * engine runs as the owner of the working directory, so its files are the runner's.
 *
 * <p>Containers carry the labels {@code org.taf.runner=engine} and the runner's pid and start time;
 * they are removed when stopped, by the shutdown hook of the {@link EngineRegistry}, and, after a
 * runner killed with SIGKILL, by {@link #sweepLeftovers()} at the next start. Needs the environment
 * described in {@link DockerEnvironment} (the {@code taf} launcher sets it).
 */
public final class ContainerRuntime extends AbstractRuntime<ContainerEngine> {
    private static final List<Path> HOST_ROOTS = List.of(Path.of("/usr"), Path.of("/etc/alternatives"));

    private final ContainerOptions options;
    private DockerClient docker;
    private String image;

    public ContainerRuntime(
            ContainerOptions options, HandshakeProbe probe, Ticker ticker, Sleeper sleeper, EngineRegistry registry) {
        super(probe, ticker, sleeper, registry);
        this.options = options;
    }

    /** A runtime with the real socket probe, the system clock and the JVM-wide registry. */
    public ContainerRuntime(ContainerOptions options) {
        this(options, new SocketProbe(), Ticker.system(), Sleeper.system(), EngineRegistry.global());
    }

    @Override
    public String name() {
        return "container";
    }

    /**
     * Removes engine containers whose runner is gone (its pid no longer runs with the recorded start
     * time); containers of live runners, such as another TAF run on this Docker, are left alone.
     * Each swept container is reported as {@code docker:<short id>} with the pid it had.
     */
    @Override
    protected List<SweptEngine> sweep() {
        DockerClient client = docker();
        List<SweptEngine> out = new ArrayList<>();
        List<Container> found = client.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(ContainerPlan.LABEL, ContainerPlan.ENGINE)).exec();
        for (Container c : found) {
            Path name = Path.of("docker:" + c.getId().substring(0, 12));
            Map<String, String> labels = c.getLabels();
            long runner = parse(labels.get(ContainerPlan.LABEL_PID));
            long runnerStart = parse(labels.get(ContainerPlan.LABEL_START));
            if (runner > 0 && Processes.running(runner, runnerStart)) {
                out.add(new SweptEngine(name, 0, SweptEngine.Outcome.OWNED_BY_LIVE_RUNNER));
                continue;
            }
            long pid = 0;
            try {
                Long p = client.inspectContainerCmd(c.getId()).exec().getState().getPidLong();
                pid = p == null ? 0 : p;
                client.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
            } catch (NotFoundException e) {
                // removed meanwhile by someone else
            }
            out.add(new SweptEngine(name, pid, pid > 0 ? SweptEngine.Outcome.KILLED : SweptEngine.Outcome.GONE));
        }
        RootfsImage.removeStale(client);
        return out;
    }

    @Override
    protected Supplier<ContainerEngine> spawner(LaunchSpec spec) {
        DockerClient client = docker();
        ContainerPlan plan = ContainerPlan.of(
                spec,
                options,
                image(client),
                options.image().isPresent() ? List.of() : hostRoots(),
                ProcessHandle.current().pid(),
                selfStartTicks(),
                owner(spec.workingDir()),
                Files::exists);
        return () -> new ContainerEngine(client, create(client, plan), spec, registry, ticker);
    }

    @Override
    protected void started(ContainerEngine engine) throws IOException {
        docker().startContainerCmd(engine.id()).exec();
        engine.started();
    }

    private static String create(DockerClient client, ContainerPlan plan) {
        List<Bind> binds = plan.binds().stream()
                .map(b -> new Bind(
                        b.path().toString(),
                        new Volume(b.path().toString()),
                        b.readOnly() ? AccessMode.ro : AccessMode.rw))
                .toList();
        HostConfig host = HostConfig.newHostConfig().withNetworkMode("host").withBinds(binds)
                .withTmpFs(Map.of("/tmp", "rw,exec,mode=1777"));
        plan.cpuSet().ifPresent(host::withCpusetCpus);
        plan.memory().ifPresent(m -> host.withMemory(m).withMemorySwap(m));
        try {
            return client.createContainerCmd(plan.image())
                    .withCmd(plan.command())
                    .withWorkingDir(plan.workingDir().toString())
                    .withEnv(plan.env())
                    .withLabels(plan.labels())
                    .withUser(plan.user())
                    .withHostConfig(host)
                    .exec()
                    .getId();
        } catch (RuntimeException e) {
            throw new LaunchException(
                    "cannot create the engine container from " + plan.image() + " (port "
                            + plan.labels().get(ContainerPlan.LABEL_PORT) + ", cpuset "
                            + plan.cpuSet().orElse("all") + "): " + e.getMessage(),
                    e);
        }
    }

    private synchronized DockerClient docker() {
        if (docker == null) {
            docker = DockerEnvironment.client();
        }
        return docker;
    }

    private synchronized String image(DockerClient client) {
        if (image == null) {
            if (options.image().isPresent()) {
                try {
                    DockerClientFactory.instance().checkAndPullImage(client, options.image().get());
                } catch (RuntimeException e) {
                    throw new LaunchException(
                            "profile.image " + options.image().get() + " is not on this Docker and cannot be pulled: "
                                    + e.getMessage(),
                            e);
                }
                image = options.image().get();
            } else {
                image = RootfsImage.ensure(client);
            }
        }
        return image;
    }

    /** /usr, /etc/alternatives and every /etc/java-* (OpenJDK packages keep their conf/ there). */
    private static List<Path> hostRoots() {
        List<Path> roots = new ArrayList<>(HOST_ROOTS.stream().filter(Files::isDirectory).toList());
        try (Stream<Path> etc = Files.list(Path.of("/etc"))) {
            etc.filter(p -> p.getFileName().toString().startsWith("java-") && Files.isDirectory(p))
                    .sorted()
                    .forEach(roots::add);
        } catch (IOException e) {
            // no /etc to list: only /usr
        }
        return roots;
    }

    private static String owner(Path dir) {
        try {
            return Files.getAttribute(dir, "unix:uid") + ":" + Files.getAttribute(dir, "unix:gid");
        } catch (IOException | UnsupportedOperationException e) {
            return "0:0";
        }
    }

    private static long selfStartTicks() {
        return Processes.stat(ProcessHandle.current().pid()).map(ProcPidStat::startTicks).orElse(0L);
    }

    private static long parse(String s) {
        try {
            return s == null ? 0 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
