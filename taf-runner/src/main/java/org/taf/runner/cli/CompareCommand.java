package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.taf.runner.config.LoadContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code taf compare --parent REV --patch REV [FILE]}: one parent/patch pair measured with FILE's
 * workloads and settings (default {@code properties/quick.properties}); the file's own comparisons
 * are replaced by this pair.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Measure one parent/patch pair with the workloads and settings of FILE.")
final class CompareCommand implements Callable<Integer> {
    private final LoadContext context;

    @Option(names = "--parent", required = true, paramLabel = "REV", description = "the parent revision")
    String parent;

    @Option(names = "--patch", required = true, paramLabel = "REV", description = "the patch revision")
    String patch;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
            description = "the test definition whose workloads and settings to use")
    Path file;

    @Mixin
    MeasuringLock lock;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "override a key (-Dkey=value; repeatable)")
    Map<String, String> overrides = new LinkedHashMap<>();

    CompareCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        Map<String, String> settings = new LinkedHashMap<>(overrides);
        settings.put("comparisons", "");
        settings.put("parent", parent);
        settings.put("patch", patch);
        try (var held = lock.take(context, "compare", file)) {
            return new RunCommand(context).run(file == null ? RunCommand.DEFAULT_DEFINITION : file, settings, "run");
        }
    }
}
