package org.taf.runner.launch;

import java.io.IOException;
import java.time.Duration;
import java.util.OptionalInt;
import org.taf.runner.sys.Durations;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * Waits until the engine answers a MySQL handshake: polls its port (50 ms, doubling to 500 ms
 * between attempts) until a handshake arrives, the engine exits, or the startup timeout passes.
 * Listening is not enough; the server must greet. No fixed sleeps: it returns as soon as the
 * engine is ready.
 */
public final class Readiness {
    private static final Duration FIRST_PAUSE = Duration.ofMillis(50);
    private static final Duration MAX_PAUSE = Duration.ofMillis(500);

    private final HandshakeProbe probe;
    private final Ticker ticker;
    private final Sleeper sleeper;

    public Readiness(HandshakeProbe probe, Ticker ticker, Sleeper sleeper) {
        this.probe = probe;
        this.ticker = ticker;
        this.sleeper = sleeper;
    }

    /**
     * Polls 127.0.0.1:{@code port} until the engine greets.
     *
     * @throws LaunchException      when the engine exits first (exit code and log tail) or the
     *                              timeout passes (what was waited for, how long, the last error,
     *                              the log tail); the caller stops the engine
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public Handshake await(int port, Duration timeout, StartupWatch engine) throws InterruptedException {
        long start = ticker.nanoTime();
        long deadline = start + timeout.toNanos();
        Duration pause = FIRST_PAUSE;
        String lastError = "no attempt made";
        while (true) {
            OptionalInt exit = engine.exitCode();
            if (exit.isPresent()) {
                throw new LaunchException("engine exited with code " + exit.getAsInt() + " during startup, "
                        + elapsed(start) + " after it was started, before answering on 127.0.0.1:" + port + "; "
                        + engine.logTail());
            }
            try {
                return probe.probe(port);
            } catch (IOException e) {
                lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            long now = ticker.nanoTime();
            if (now - deadline >= 0) {
                // a last look: an engine that died while we probed deserves the exit code, not "timeout"
                OptionalInt late = engine.exitCode();
                if (late.isPresent()) {
                    continue;
                }
                throw new LaunchException("engine did not answer a MySQL handshake on 127.0.0.1:" + port + " within "
                        + Durations.format(timeout) + " (launch.startup_timeout; last attempt: " + lastError + "); "
                        + engine.logTail());
            }
            sleeper.sleep(min(pause, Duration.ofNanos(deadline - now)));
            pause = min(pause.multipliedBy(2), MAX_PAUSE);
        }
    }

    private String elapsed(long start) {
        return Durations.format(Duration.ofMillis((ticker.nanoTime() - start) / 1_000_000));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
