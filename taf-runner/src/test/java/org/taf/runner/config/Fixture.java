package org.taf.runner.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A scratch directory of properties files and a fixed {@link LoadContext} for it (no real environment). */
public final class Fixture {
    public static final Path JAVA_HOME = Path.of("/opt/jdk");
    public static final Path USER_HOME = Path.of("/home/tester");

    private final Path dir;
    private Map<String, String> env = Map.of();

    public Fixture(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** Writes {@code lines} (joined with newlines) to {@code name} under the directory. */
    public Path write(String name, String... lines) {
        Path p = dir.resolve(name);
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    public Fixture env(Map<String, String> env) {
        this.env = env;
        return this;
    }

    public LoadContext context() {
        return new LoadContext(dir, env, JAVA_HOME, USER_HOME);
    }

    public ConfigLoader loader() {
        return new ConfigLoader(context());
    }

    public ResolvedConfig resolve(String file, Map<String, String> overrides) {
        return loader().resolve(Path.of(file), overrides);
    }

    public ResolvedConfig resolve(String file) {
        return resolve(file, Map.of());
    }

    public TestDefinition load(String file, Map<String, String> overrides) {
        return loader().load(Path.of(file), overrides);
    }

    public TestDefinition load(String file) {
        return load(file, Map.of());
    }
}
