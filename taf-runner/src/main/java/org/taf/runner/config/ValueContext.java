package org.taf.runner.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What a value needs to be interpreted: relative paths resolve against {@code baseDir} (the
 * directory of the file that set the value, or the working directory for defaults, {@code -D}
 * and the environment) and a leading {@code ~/} against {@code userHome}.
 */
public record ValueContext(Path baseDir, Path userHome) {
    public ValueContext {
        Objects.requireNonNull(baseDir, "baseDir");
        Objects.requireNonNull(userHome, "userHome");
    }
}
