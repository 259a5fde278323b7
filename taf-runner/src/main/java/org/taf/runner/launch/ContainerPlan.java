package org.taf.runner.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * Everything the Docker API is told about one engine container, computed from a
 * {@link LaunchSpec} without touching Docker (so it is unit-tested): the image, the command, the
 * bind mounts at the same paths as on the host, labels, CPUs, memory and the user.
 *
 * @param image      image name
 * @param command    argv, unchanged from the spec
 * @param workingDir the spec's working directory
 * @param binds      host paths bound at the same path inside; read-write for the spec's directories
 * @param labels     labels that let {@link ContainerRuntime#sweepLeftovers()} find it
 * @param cpuSet     {@code --cpuset-cpus}, empty for all CPUs
 * @param memory     {@code --memory} and {@code --memory-swap} in bytes, empty for no limit
 * @param user       {@code uid:gid} the engine runs as (the owner of the working directory)
 * @param env        {@code NAME=value} pairs: PATH, then the spec's environment
 */
record ContainerPlan(String image, List<String> command, Path workingDir, List<Bind> binds, Map<String, String> labels,
                     Optional<String> cpuSet, OptionalLong memory, String user, List<String> env) {

    /** Label every TAF container carries; its value says what the container is. */
    static final String LABEL = "org.taf.runner";
    /** Pid of the runner that started the container. */
    static final String LABEL_PID = "org.taf.runner.pid";
    /** Start time (clock ticks since boot) of that runner, so a reused pid is not mistaken for it. */
    static final String LABEL_START = "org.taf.runner.start";
    /** Port the engine listens on, for people reading {@code docker ps}. */
    static final String LABEL_PORT = "org.taf.runner.port";
    /** The value of {@link #LABEL} on engine containers. */
    static final String ENGINE = "engine";
    private static final java.util.Set<String> MERGED = java.util.Set.of("bin", "sbin", "lib", "lib64");

    /** A bind mount of {@code path} at the same place in the container. */
    record Bind(Path path, boolean readOnly) {
        @Override
        public String toString() {
            return path + ":" + path + (readOnly ? ":ro" : ":rw");
        }
    }

    ContainerPlan {
        command = List.copyOf(command);
        binds = List.copyOf(binds);
        labels = Map.copyOf(labels);
        env = List.copyOf(env);
    }

    /**
     * The plan for {@code spec}.
     *
     * @param image     the image to run
     * @param hostRoots host directories bound read-only first (the local image's {@code /usr} and
     *                  JDK configuration; none for a real image)
     * @param runnerPid this runner's pid and {@code runnerStart} its start ticks, for the labels
     * @param user      {@code uid:gid}
     * @param exists    whether a host path exists (a command argument is bound only if it does)
     */
    static ContainerPlan of(
            LaunchSpec spec,
            ContainerOptions options,
            String image,
            List<Path> hostRoots,
            long runnerPid,
            long runnerStart,
            String user,
            Predicate<Path> exists) {
        List<Bind> binds = new ArrayList<>();
        for (Path root : hostRoots) {
            add(binds, root, true);
        }
        add(binds, spec.workingDir().toAbsolutePath().normalize(), false);
        add(binds, spec.datadir().toAbsolutePath().normalize(), false);
        Path logDir = spec.logFile().toAbsolutePath().normalize().getParent();
        if (logDir != null) {
            add(binds, logDir, false);
        }
        for (int i = 0; i < spec.command().size(); i++) {
            Optional<Path> p = pathIn(spec.command().get(i));
            // a real image brings its own programs; the local one only has what is bound in
            if (p.isPresent() && exists.test(p.get()) && (i > 0 || options.image().isEmpty())) {
                add(binds, i == 0 ? installation(p.get()) : p.get(), true);
            }
        }
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(LABEL, ENGINE);
        labels.put(LABEL_PID, Long.toString(runnerPid));
        labels.put(LABEL_START, Long.toString(runnerStart));
        labels.put(LABEL_PORT, Integer.toString(spec.port()));
        List<String> env = new ArrayList<>(List.of("PATH=/usr/local/bin:/usr/bin:/bin"));
        spec.environment().forEach((k, v) -> env.add(k + "=" + v));
        return new ContainerPlan(image, spec.command(), spec.workingDir().toAbsolutePath().normalize(), binds, labels,
                spec.cpuSet(), options.memoryLimit(), user, env);
    }

    /** The absolute path an argument names: the argument itself, or what follows {@code =} in {@code --name=/path}. */
    static Optional<Path> pathIn(String arg) {
        String s = arg.startsWith("-") && arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : arg;
        return s.startsWith("/") ? Optional.of(Path.of(s).normalize()) : Optional.empty();
    }

    /**
     * A program in a {@code bin/} directory brings its whole installation (a JDK's lib/ and conf/); others only
     * themselves.
     */
    static Path installation(Path program) {
        Path dir = program.getParent();
        return dir != null && dir.getFileName() != null && dir.getFileName().toString().equals("bin")
                && dir.getParent() != null && dir.getParent().getNameCount() > 0 ? dir.getParent() : program;
    }

    /** The local image links /bin, /sbin, /lib and /lib64 into /usr, so a path there is one in /usr. */
    static Path merged(Path path) {
        if (path.getNameCount() > 0 && MERGED.contains(path.getName(0).toString())) {
            return Path.of("/usr").resolve(path.subpath(0, path.getNameCount()));
        }
        return path;
    }

    /** Adds a bind unless a bind already covers the path (binding inside a bind would be redundant). */
    private static void add(List<Bind> binds, Path path, boolean readOnly) {
        for (Bind b : binds) {
            if ((path.startsWith(b.path()) || merged(path).startsWith(b.path())) && (readOnly || !b.readOnly())) {
                return;
            }
        }
        binds.add(new Bind(path, readOnly));
    }
}
