package org.taf.runner.launch;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

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
    private boolean closed;

    /** @param installHook false for tests: no shutdown hook of their own */
    EngineRegistry(boolean installHook) {
        this.installHook = installHook;
    }

    /** The registry whose shutdown hook guards this JVM; what runtimes use by default. */
    public static EngineRegistry global() {
        return GLOBAL;
    }

    /** Adds an engine; the first call installs the shutdown hook. */
    public synchronized void register(RunningEngine engine) {
        if (closed) {
            // The JVM is exiting: the hook has already taken its list, so an engine started now
            // would outlive the runner. Stop it here instead.
            engine.stop();
            throw new LaunchException("the runner is shutting down; engine pid " + engine.pid() + " was stopped");
        }
        if (installHook && !hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(this::stopAllOnShutdown, "taf-stop-engines"));
            hookInstalled = true;
        }
        engines.add(engine);
    }

    /**
     * Runs {@code start} (which spawns an engine) and registers what it returns, holding the
     * registry's lock throughout, so a shutdown that begins meanwhile waits for the registration
     * and then stops that engine too: no engine is spawned unseen by the shutdown hook.
     */
    public synchronized <E extends RunningEngine> E spawnRegistered(Supplier<E> start) {
        if (closed) {
            throw new LaunchException("the runner is shutting down; no engine is started");
        }
        E engine = start.get();
        register(engine);
        return engine;
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

    /** Refuses engines from now on (the JVM is exiting); those registered stay for {@link #stopAll()}. */
    synchronized void beginShutdown() {
        closed = true;
    }

    private void stopAllOnShutdown() {
        beginShutdown();
        for (RunningEngine engine : engines()) {
            System.err.println(
                    "taf: stopping engine pid " + engine.pid() + " (port " + engine.port() + ") before exit");
        }
        stopAll();
    }
}
