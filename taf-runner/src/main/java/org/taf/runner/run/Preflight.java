package org.taf.runner.run;

import org.taf.runner.config.ConfigException;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.JavaVersion;
import org.taf.runner.launch.LaunchException;

/**
 * What a run refuses before anything starts beyond what loading the definition refused: loading checks every
 * key and builds every stage's options (so a rule of a stage is refused there), and this asks the engine's JVM
 * for what only the host can answer. {@code taf validate}, {@code taf plan} and {@code taf run} all call it, so
 * a definition that validates is not refused later.
 */
public final class Preflight {
    private Preflight() {}

    /**
     * Refuses {@code launch.aot_cache} on an engine JVM older than JDK 25 (it runs {@code launch.java -version}).
     *
     * @throws ConfigException naming the definition, the key and the JVM found
     */
    public static void check(TestDefinition def) {
        if (!def.launch().aotCache() || def.launch().javaAuto()) {
            return; // auto finds a JDK 25 or goes without the cache, saying so
        }
        try {
            JavaVersion v = JavaVersion.of(def.launch().java());
            if (v.feature() < 25) {
                throw new ConfigException(def.config().fileDisplay() + ": launch.aot_cache needs JDK 25 or later for"
                        + " the engine, but launch.java (" + def.launch().java() + ") is " + v.line());
            }
        } catch (LaunchException e) {
            throw new ConfigException(def.config().fileDisplay() + ": " + e.getMessage());
        }
    }
}
