package org.taf.runner.config;

import static org.taf.runner.config.Checks.notNull;
import static org.taf.runner.config.Checks.positive;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.taf.runner.profile.ProfileOptions;

/**
 * How the engine process is started and stopped ({@code launch.*}); where it runs is
 * {@link ProfileOptions#runtime()}.
 *
 * @param startupTimeout  the engine must complete a protocol handshake within this (default 60s)
 * @param shutdownTimeout graceful stop time before a kill (default 30s)
 * @param port            port on 127.0.0.1, 0 for a free one (default 0)
 * @param java            java executable, absolute (default: this JVM's)
 * @param jvmArgs         extra JVM arguments of the engine (default none)
 * @param aotCache        start the engine from an AOT cache trained once per build (JDK 25+; default false)
 * @param aotTraining     load per workload of the cache's training run (default 10s)
 */
public record LaunchSettings(Duration startupTimeout, Duration shutdownTimeout, int port, Path java,
        List<String> jvmArgs, boolean aotCache, Duration aotTraining) {
    public LaunchSettings {
        positive("launch.startup_timeout", startupTimeout);
        positive("launch.shutdown_timeout", shutdownTimeout);
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("launch.port (" + port + ") must be in [0, 65535]");
        }
        notNull("launch.java", java);
        jvmArgs = List.copyOf(jvmArgs);
        positive("launch.aot_training", aotTraining);
    }
}
