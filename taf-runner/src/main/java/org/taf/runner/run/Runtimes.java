package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import org.taf.runner.launch.ContainerOptions;
import org.taf.runner.launch.ContainerRuntime;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.ProcessRuntime;
import org.taf.runner.profile.CpuSet;
import org.taf.runner.profile.ProfileOptions;
import org.taf.runner.sys.Affinity;

/**
 * The engine runtime a profile asks for, and the pinning of the load generator: the runner's own
 * JVM (whose threads are the load generator's) is pinned in place to {@code profile.client_cpuset},
 * and the engine is pinned by its runtime to {@code profile.engine_cpuset}, so they never share a
 * CPU when the profile keeps the sets apart.
 */
final class Runtimes {
    private Runtimes() {}

    /**
     * {@code profile.runtime = process}: a {@link ProcessRuntime} whose pid records live in
     * {@code stateDir}; {@code container}: a {@link ContainerRuntime} with the profile's image and
     * memory limit. Made before {@link #pinClient}, so an unpinned engine gets the CPUs the runner
     * started with.
     */
    static EngineRuntime forProfile(ProfileOptions profile, Path stateDir, PrintStream err) {
        return switch (profile.runtime()) {
            case PROCESS -> {
                if (profile.memoryLimit().isPresent() || profile.image().isPresent()) {
                    err.println("warning: profile " + profile.name() + ": profile.memory_limit and profile.image"
                            + " apply to the container runtime only; the process runtime ignores them");
                }
                yield new ProcessRuntime(stateDir);
            }
            case CONTAINER -> new ContainerRuntime(new ContainerOptions(profile.image(), profile.memoryLimit()));
        };
    }

    /**
     * Pins this JVM (the load generator) to {@code profile.client_cpuset}, if set, and says which
     * CPUs the load generator and the engine get.
     *
     * @throws org.taf.runner.launch.LaunchException when the CPUs cannot be pinned (a CPU this machine lacks)
     */
    static void pinClient(ProfileOptions profile, PrintStream err) {
        String engine = profile.engineCpuset().map(CpuSet::spec).orElse("not pinned");
        if (profile.clientCpuset().isEmpty()) {
            if (profile.engineCpuset().isPresent()) {
                err.println("taf: engine on CPUs " + engine
                        + "; load generator not pinned (profile.client_cpuset unset)");
            }
            return;
        }
        String got = Affinity.pinSelf(profile.clientCpuset().get().spec());
        err.println("taf: load generator (runner pid " + ProcessHandle.current().pid() + ") pinned to CPUs " + got
                + "; engine on CPUs " + engine + " (" + profile.runtime().label() + " runtime)");
    }
}
