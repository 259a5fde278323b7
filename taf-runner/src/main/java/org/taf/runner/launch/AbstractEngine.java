package org.taf.runner.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;
import org.taf.runner.sys.Ticker;

/**
 * What an engine process and an engine container share: the spec it was started from, the version its handshake
 * gave, and the stop protocol (stop once, time it, then leave the registry). Subclasses say how to stop and how to
 * kill a start that failed.
 */
abstract class AbstractEngine implements RunningEngine, StartupWatch {
    /** After SIGKILL the kernel, or Docker, reports the exit within milliseconds: this only guards a hung one. */
    static final Duration KILL_WAIT = Duration.ofSeconds(10);

    protected final LaunchSpec spec;
    private final EngineRegistry registry;
    private final Ticker ticker;
    private volatile String serverVersion = "";
    private StopResult stopped;

    AbstractEngine(LaunchSpec spec, EngineRegistry registry, Ticker ticker) {
        this.spec = spec;
        this.registry = registry;
        this.ticker = ticker;
    }

    final void ready(Handshake handshake) {
        serverVersion = handshake.serverVersion();
    }

    @Override
    public final int port() {
        return spec.port();
    }

    @Override
    public final String serverVersion() {
        return serverVersion;
    }

    @Override
    public final Path logFile() {
        return spec.logFile();
    }

    @Override
    public final synchronized StopResult stop() {
        if (stopped != null) {
            return stopped;
        }
        long start = ticker.nanoTime();
        try {
            stopped = stopNow(() -> Duration.ofNanos(ticker.nanoTime() - start));
            return stopped;
        } finally {
            if (stopped != null || goneAfterFailedStop()) {
                release();
            }
        }
    }

    /** Ends the engine at once, for a failed start: no graceful stop is owed to an engine that never got ready. */
    final void kill() {
        killNow();
        release();
    }

    /**
     * SIGTERM, a wait up to the spec's shutdown timeout, then SIGKILL; what happened, {@code took} giving the time
     * since the stop began.
     */
    protected abstract StopResult stopNow(Supplier<Duration> took);

    /** Ends it and whatever it started, without waiting for a graceful exit. */
    protected abstract void killNow();

    /** Whether a stop that failed still left nothing to stop (the registry then forgets it). */
    protected boolean goneAfterFailedStop() {
        return false;
    }

    /** Called once it is stopped or killed and the registry has forgotten it. */
    protected void released() {
    }

    private void release() {
        registry.unregister(this);
        released();
    }
}
