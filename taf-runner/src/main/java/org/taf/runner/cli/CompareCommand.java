package org.taf.runner.cli;

import java.util.concurrent.Callable;
import org.taf.runner.config.LoadContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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

    @Mixin
    DefinitionOptions.OrQuick definition;

    @Mixin
    MeasuringLock lock;

    CompareCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        try (var held = lock.take(context, "compare", definition.file())) {
            return RunCommand.session(context, false).run(definition.file(), definition.withPair(parent, patch), "run")
                    .exitCode();
        }
    }
}
