package org.taf.runner.launch;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every engine this JVM has started and not yet stopped, and one JVM shutdown hook that stops
 * them all when the runner ends: normally, on Ctrl-C (SIGINT), SIGTERM or SIGHUP. SIGKILL cannot be
 * caught; engines outlive such a runner and are swept at the next start from their
 * {@link PidRecord}s ({@link EngineRuntime#sweepLeftovers()}).
 */
public final class EngineRegistry {
    private static final EngineRegistry GLOBAL = new EngineRegistry(true);

    private final boolean installHook;
    private final Set<RunningEngine> engines = new LinkedHashSet<>();
    private boolean hookInstalled;

    private EngineRegistry(boolean installHook) {
        this.installHook = installHook;
    }

    /** The registry whose shutdown hook guards this JVM; what runtimes use by default. */
    public static EngineRegistry global() {
        return GLOBAL;
    }

    /** A registry without a shutdown hook, for tests. */
    public static EngineRegistry detached() {
        return new EngineRegistry(false);
    }

    /** Adds an engine; the first call installs the shutdown hook. */
    public synchronized void register(RunningEngine engine) {
        if (installHook && !hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(this::stopAllOnShutdown, "taf-stop-engines"));
            hookInstalled = true;
        }
        engines.add(engine);
    }

    /** Removes an engine (it was stopped). */
    public synchronized void unregister(RunningEngine engine) {
        engines.remove(engine);
    }

    /** Engines registered and not yet stopped. */
    public synchronized List<RunningEngine> engines() {
        return List.copyOf(engines);
    }

    /**
     * Stops every registered engine, newest first, each as {@link RunningEngine#stop()} does; one
     * failing does not keep the others running.
     */
    public List<StopResult> stopAll() {
        List<RunningEngine> todo = engines();
        List<StopResult> results = new ArrayList<>();
        for (int i = todo.size() - 1; i >= 0; i--) {
            try {
                results.add(todo.get(i).stop());
            } catch (RuntimeException e) {
                System.err.println("taf: could not stop engine pid " + todo.get(i).pid() + ": " + e.getMessage());
            }
        }
        return results;
    }

    private void stopAllOnShutdown() {
        for (RunningEngine engine : engines()) {
            System.err.println("taf: stopping engine pid " + engine.pid() + " (port " + engine.port() + ") before exit");
        }
        stopAll();
    }
}
