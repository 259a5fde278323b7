package org.taf.runner.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What loading depends on besides the files, injected so tests never read the real process state.
 *
 * @param workDir  resolves relative paths given on the command line, in defaults, {@code -D} and the
 *                 environment; files under it are shown relative to it
 * @param env      the environment, kept sorted by name; only {@code TAF_*} variables are read
 * @param javaHome fills the {@code ${java.home}} default of {@code launch.java}
 * @param userHome expands {@code ~/} in paths
 */
public record LoadContext(Path workDir, Map<String, String> env, Path javaHome, Path userHome) {
    public LoadContext {
        workDir = workDir.toAbsolutePath().normalize();
        env = Collections.unmodifiableSortedMap(new TreeMap<>(env)); // sorted: problems come in a stable order
        Objects.requireNonNull(javaHome, "javaHome");
        Objects.requireNonNull(userHome, "userHome");
    }

    /** The running process: its working directory, environment, JVM and user. */
    public static LoadContext system() {
        return new LoadContext(Path.of(""), System.getenv(), Path.of(System.getProperty("java.home")),
                Path.of(System.getProperty("user.home")));
    }

    /** How a file is shown in messages and {@code explain}: relative to {@link #workDir} when under it. */
    public String display(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(workDir) && !abs.equals(workDir) ? workDir.relativize(abs).toString() : abs.toString();
    }
}
