package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The test definition file and its {@code -D} overrides, shared by the commands that load one. */
public final class DefinitionOptions {
    @Parameters(index = "0", paramLabel = "FILE", description = "the test definition (.properties)")
    Path file;

    @Option(names = "-D", paramLabel = "KEY=VALUE",
            description = "override a key (-Dkey=value or -D key=value; repeatable; TAF_* variables still win)")
    Map<String, String> overrides = new LinkedHashMap<>();

    /** The definition file as given. */
    public Path file() {
        return file;
    }

    /** The {@code -D} overrides in command-line order. */
    public Map<String, String> overrides() {
        return overrides;
    }
}
