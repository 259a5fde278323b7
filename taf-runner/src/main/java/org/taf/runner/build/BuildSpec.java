package org.taf.runner.build;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How to build the engine in a tree ({@code build.*}): built by the configuration stage from the keys and
 * checked here once.
 *
 * @param command      run with {@code bash -c} in (a copy of) the tree; default {@link #DEFAULT_COMMAND}
 * @param timeout      wall-clock limit of the whole build, retries included; then the process tree is killed;
 *                     default {@link #DEFAULT_TIMEOUT}
 * @param artifactPath the built file, relative to the tree; default {@link #DEFAULT_ARTIFACT_PATH}
 * @param inputs       the paths of the tree the command reads, relative, at least one; default
 *                     {@link #DEFAULT_INPUTS}: two commits whose trees are alike at every one of them build the
 *                     same engine ({@code taf bisect} judges them once)
 */
public record BuildSpec(String command, Duration timeout, String artifactPath, List<Path> inputs) {
    /**
     * Maven on the engine module only, offline. When the offline attempt fails because the local repository
     * lacks an artifact, the build is retried once without {@code -o} (see the builder); the log says so.
     */
    public static final String DEFAULT_COMMAND = "mvn -B -ntp -o -q -pl engine -am -DskipTests package";

    /** Long enough for a cold build that downloads its plugins on two shared cores. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(15);

    /** Where the engine module's jar lands ({@code finalName} engine). */
    public static final String DEFAULT_ARTIFACT_PATH = "engine/target/engine.jar";

    /** What the default command reads: the root POM, Maven's settings and the engine module. */
    public static final List<Path> DEFAULT_INPUTS = List.of(Path.of("pom.xml"), Path.of(".mvn"), Path.of("engine"));

    public BuildSpec {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(artifactPath, "artifactPath");
        if (command.isBlank()) {
            throw new IllegalArgumentException("build.command must not be blank");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("build.timeout (" + timeout + ") must be positive");
        }
        Path artifact = Path.of(artifactPath);
        if (artifactPath.isBlank() || artifact.isAbsolute() || !artifact.normalize().equals(artifact)
                || artifact.startsWith("..")) {
            throw new IllegalArgumentException("build.artifact (" + artifactPath
                    + ") must be a normalized relative path inside the tree, like " + DEFAULT_ARTIFACT_PATH);
        }
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("build.inputs must name at least one path");
        }
    }

    /** A build reading the default inputs. */
    public BuildSpec(String command, Duration timeout, String artifactPath) {
        this(command, timeout, artifactPath, DEFAULT_INPUTS);
    }

    /** The defaults: {@link #DEFAULT_COMMAND}, {@link #DEFAULT_TIMEOUT}, {@link #DEFAULT_ARTIFACT_PATH}. */
    public static BuildSpec defaults() {
        return new BuildSpec(DEFAULT_COMMAND, DEFAULT_TIMEOUT, DEFAULT_ARTIFACT_PATH);
    }

    /** The file name of the artifact, the name it has in the cache entry. */
    public String artifactFileName() {
        return Path.of(artifactPath).getFileName().toString();
    }
}
