package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.taf.runner.config.Keys;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The test definition file and its {@code -D} overrides, the one way every command that loads a definition
 * takes them: {@link Required} where FILE must be given (validate, explain, calibrate), {@link OrQuick} where it
 * defaults to {@code properties/quick.properties} (run, compare, plan, bisect).
 */
public abstract class DefinitionOptions {
    /** The definition a command runs without FILE: HEAD~1 against HEAD of this repository, in a few minutes. */
    static final Path QUICK = Path.of("properties", "quick.properties");

    @Option(names = "-D", paramLabel = "KEY=VALUE",
            description = "override a key (-Dkey=value or -D key=value; repeatable; TAF_* variables still win)")
    Map<String, String> overrides = new LinkedHashMap<>();

    /** The definition file as given, or its default. */
    public abstract Path file();

    /** The {@code -D} overrides in command-line order. */
    public Map<String, String> overrides() {
        return overrides;
    }

    /** The overrides with the definition's comparisons replaced by one parent/patch pair (compare, bisect). */
    public Map<String, String> withPair(String parent, String patch) {
        Map<String, String> settings = new LinkedHashMap<>(overrides);
        settings.put(Keys.COMPARISONS.name(), "");
        settings.put(Keys.PARENT.name(), parent);
        settings.put(Keys.PATCH.name(), patch);
        return settings;
    }

    /** FILE, required. */
    public static final class Required extends DefinitionOptions {
        @Parameters(index = "0", paramLabel = "FILE", description = "the test definition (.properties)")
        Path file;

        @Override
        public Path file() {
            return file;
        }
    }

    /** FILE, or {@code properties/quick.properties} without it. */
    public static final class OrQuick extends DefinitionOptions {
        @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
                description = "the test definition (.properties); default properties/quick.properties")
        Path file;

        @Override
        public Path file() {
            return file == null ? QUICK : file;
        }
    }
}
