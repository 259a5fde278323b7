package org.taf.runner.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
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

    /**
     * A key of a command that loads no definition ({@code import}, {@code publish}, {@code changes}): its
     * {@code TAF_*} variable, else its {@code -D}, else {@code fallback} (the environment wins, as everywhere).
     */
    public String setting(String key, Map<String, String> overrides, String fallback) {
        return env.getOrDefault(KeyRegistry.envName(key), overrides.getOrDefault(key, fallback));
    }

    /** A directory {@link #setting}, resolved against {@link #workDir}. */
    public Path dirSetting(String key, Map<String, String> overrides, String fallback) {
        return workDir.resolve(setting(key, overrides, fallback)).normalize();
    }

    /**
     * Refuses a {@code -D} of a command that loads no definition that names none of the keys it reads.
     *
     * @param keys what {@code command} reads, as the message lists them
     */
    public static void refuseOtherKeys(String command, Map<String, String> overrides, List<String> keys) {
        for (String key : overrides.keySet()) {
            if (!keys.contains(key)) {
                throw new ConfigException(command + ": unknown key -D" + key + " (" + command + " reads "
                        + String.join(", ", keys.subList(0, keys.size() - 1)) + " and " + keys.get(keys.size() - 1)
                        + ")");
            }
        }
    }

    /** How a file is shown in messages and {@code explain}: relative to {@link #workDir} when under it. */
    public String display(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(workDir) && !abs.equals(workDir) ? workDir.relativize(abs).toString() : abs.toString();
    }
}
