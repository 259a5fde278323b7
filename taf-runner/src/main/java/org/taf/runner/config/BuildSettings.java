package org.taf.runner.config;

import static org.taf.runner.config.Checks.positive;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How the engine is built at a commit ({@code build.*}); the artifact cache key is
 * (commit, {@code command}).
 *
 * @param command  shell command, run with {@code bash -c} in the commit's tree (default: Maven
 *                 offline, falling back to online, engine module only)
 * @param timeout  longest build (default 15m)
 * @param artifact the built engine jar, relative to the tree (default engine/target/engine.jar)
 * @param inputs   the paths of the tree the command reads (default pom.xml, .mvn, engine): two commits
 *                 whose trees are alike at every one of them build the same engine
 */
public record BuildSettings(String command, Duration timeout, Path artifact, List<Path> inputs) {
    public BuildSettings {
        if (command == null || command.isBlank()) {
            throw new IllegalArgumentException("build.command must not be empty");
        }
        positive("build.timeout", timeout);
        if (artifact == null || artifact.isAbsolute()) {
            throw new IllegalArgumentException("build.artifact must be relative to the tree: " + artifact);
        }
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("build.inputs must name at least one path");
        }
    }
}
