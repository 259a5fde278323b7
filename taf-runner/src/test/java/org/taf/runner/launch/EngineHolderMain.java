package org.taf.runner.launch;

import java.nio.file.Path;
import java.util.List;

/**
 * A stand-in for the runner, run in a child JVM by {@link ShutdownIT}: starts stock MariaDB through
 * {@link ProcessRuntime} with the JVM-wide registry, prints "READY pid", then waits to be killed.
 * Arguments: stateDir datadir logFile port.
 */
public final class EngineHolderMain {
    private EngineHolderMain() {}

    public static void main(String[] args) throws Exception {
        Path state = Path.of(args[0]);
        Path data = Path.of(args[1]);
        Path log = Path.of(args[2]);
        int port = Integer.parseInt(args[3]);
        List<String> command = Mariadb.command(data, port);
        RunningEngine engine =
                new ProcessRuntime(state).start(LaunchSpec.of(command, data.getParent(), port, data, log));
        System.out.println("READY " + engine.pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
