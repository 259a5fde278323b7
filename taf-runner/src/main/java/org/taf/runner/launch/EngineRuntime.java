package org.taf.runner.launch;

import java.util.List;

/**
 * Starts engines: the seam between the orchestrator and how an engine runs. {@link ProcessRuntime}
 * runs a local process (pinned with taskset); {@link ContainerRuntime} (container profiles) runs the
 * same {@link LaunchSpec} in a container pinned to {@link LaunchSpec#cpuSet()}, with host networking
 * and the spec's paths bound in, answering the same handshake and sampling CPU from its cgroup.
 */
public interface EngineRuntime {

    /**
     * Starts the engine and returns once it answers a MySQL handshake on 127.0.0.1:{@code spec.port()}.
     *
     * @throws LaunchException when the port is in use, the engine exits during startup, or the
     *                         startup timeout passes; nothing is left running then
     */
    RunningEngine start(LaunchSpec spec);

    /**
     * Stops engines left behind by an earlier runner that was killed with SIGKILL (which no
     * shutdown hook can catch). {@link #start} calls this once before the first start.
     */
    List<SweptEngine> sweepLeftovers();

    /** "process" or "container", for results and logs. */
    String name();
}
