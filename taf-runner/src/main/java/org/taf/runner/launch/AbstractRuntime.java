package org.taf.runner.launch;

import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;
import org.taf.runner.sys.Affinity;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * How a process and a container runtime start an engine, the same way: sweep leftovers once, check the spec and
 * the port, spawn the engine under the registry's lock (so that Ctrl-C during startup stops it too), wait for its
 * handshake, check its CPUs; and kill it if any of that fails, so that nothing is left running.
 *
 * @param <E> the engine it starts
 */
abstract class AbstractRuntime<E extends AbstractEngine> implements EngineRuntime {
    protected final Ticker ticker;
    protected final EngineRegistry registry;
    private final Readiness readiness;
    private boolean swept;

    AbstractRuntime(HandshakeProbe probe, Ticker ticker, Sleeper sleeper, EngineRegistry registry) {
        this.ticker = ticker;
        this.registry = registry;
        this.readiness = new Readiness(probe, ticker, sleeper);
    }

    @Override
    public final synchronized List<SweptEngine> sweepLeftovers() {
        swept = true;
        return sweep();
    }

    @Override
    public final RunningEngine start(LaunchSpec spec) {
        synchronized (this) {
            if (!swept) {
                sweepLeftovers();
            }
        }
        spec.requireDirectories();
        PortFinder.requireFree(spec.port());
        E engine = registry.spawnRegistered(spawner(spec));
        try {
            started(engine);
            engine.ready(readiness.await(spec.port(), spec.startupTimeout(), engine));
            checkCpus(engine, spec);
            return engine;
        } catch (InterruptedException e) {
            engine.kill();
            Thread.currentThread().interrupt();
            throw new LaunchException(
                    "interrupted while waiting for the engine on 127.0.0.1:" + spec.port() + " to start", e);
        } catch (IOException e) {
            engine.kill();
            throw new LaunchException("cannot open the engine log " + spec.logFile() + ": " + e.getMessage(), e);
        } catch (LaunchException e) {
            engine.kill();
            throw e;
        } catch (RuntimeException e) {
            String tail = engine.logTail();
            engine.kill();
            throw new LaunchException("cannot start " + engine + ": " + e.getMessage() + "; " + tail, e);
        }
    }

    /** Stops the engines a runner killed with SIGKILL left behind. */
    protected abstract List<SweptEngine> sweep();

    /**
     * Checks what it can before anything starts, and returns what starts the engine: called under the registry's
     * lock, so it must not wait for long.
     */
    protected abstract Supplier<E> spawner(LaunchSpec spec);

    /** After the engine is spawned and registered, before its handshake. */
    protected void started(E engine) throws IOException {
    }

    /** The kernel must enforce the cpuset on the engine, or engine and load generator may share CPUs. */
    private static void checkCpus(AbstractEngine engine, LaunchSpec spec) {
        if (spec.cpuSet().isEmpty()) {
            return;
        }
        String got = Affinity.of(engine.pid()).orElse("?");
        if (!CpuList.same(got, spec.cpuSet().get())) {
            throw new LaunchException(engine + " runs on CPUs " + got + ", not the requested cpuset "
                    + spec.cpuSet().get());
        }
    }
}
