package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.Keys;
import org.taf.runner.config.LoadContext;
import org.taf.runner.run.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code taf run [--quiet] [FILE] [-Dkey=value…]}: the main job. Without FILE it runs
 * {@code properties/quick.properties} (HEAD~1 vs HEAD of this repository).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Build and measure the parent and patch of every comparison in FILE and give a verdict.",
            "Without FILE: properties/quick.properties (HEAD~1 vs HEAD, a few minutes on 2 cores)."})
final class RunCommand implements Callable<Integer> {
    private final LoadContext context;

    @Mixin
    DefinitionOptions.OrQuick definition;

    @Mixin
    MeasuringLock lock;

    @Option(names = {"-q", "--quiet"},
            description = "print no live progress or per-interval lines: only warnings, errors and the final summary")
    boolean quiet;

    @Option(names = "--against-baseline", description = "measure the patch against the definition's pinned"
            + " baseline (parent = baseline, the nightly's ratio series); a -Dparent or a definition without a"
            + " baseline keeps its parent")
    boolean againstBaseline;

    RunCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        try (var held = lock.take(context, "run", definition.file())) {
            return session(context, quiet).run(definition.file(), againstBaseline
                    ? againstBaseline(context, definition.file(), definition.overrides()) : definition.overrides(),
                    "run").exitCode();
        }
    }

    /**
     * The overrides with the parent set to the definition's {@code baseline}: side by side against a commit that
     * stays put from night to night, so the series of ratios is free of the host's drift.
     */
    static Map<String, String> againstBaseline(LoadContext context, Path file, Map<String, String> overrides) {
        Map<String, String> settings = new LinkedHashMap<>(overrides);
        Optional<String> baseline = new ConfigLoader(context).resolve(file, settings).get(Keys.BASELINE);
        if (baseline.isEmpty() || settings.containsKey(Keys.PARENT.name())) {
            System.err.println("taf: --against-baseline: " + (baseline.isEmpty() ? file + " sets no baseline"
                    : "-Dparent given") + "; the definition's parent stays");
            return settings;
        }
        settings.put(Keys.PARENT.name(), baseline.get());
        return settings;
    }

    /** A session printing the run's progress to standard output, or with {@code --quiet} its warnings only. */
    static Session session(LoadContext context, boolean quiet) {
        // The summary and the outputs' paths are always printed.
        return new Session(context, quiet ? QuietOutput.over(System.out) : System.out,
                VersionProvider.runnerVersion());
    }
}
