package org.taf.runner.cli;

import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.run.PlanPreview;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code taf plan [FILE] [-Dkey=value…] [--format text|json]}: what {@code taf run} would do, without building
 * or running anything ({@link PlanPreview}). Exit code 0; a definition a run would refuse, or a revision
 * that does not resolve, is an error (3), as for {@code run}.
 */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Show what a run of FILE would do, building and running nothing: resolved commits, cached",
            "builds, cells, pairs, the MDE from this host's stored noise, and how long measuring takes."})
final class PlanCommand implements Callable<Integer> {
    /** Output formats of {@code --format}. */
    enum Format { text, json }

    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Mixin
    DefinitionOptions.OrQuick definition;

    @Option(names = "--format", defaultValue = "text", paramLabel = "text|json",
            description = "text: for people (default); json: for tools (snake_case, format_version)")
    Format format;

    PlanCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        TestDefinition def = new ConfigLoader(context).load(definition.file(), definition.overrides());
        PlanPreview plan = PlanPreview.of(def);
        var out = spec.commandLine().getOut();
        if (format == Format.json) {
            out.print(ResultsStore.json().writeValueAsString(plan) + "\n");
        } else {
            def.config().warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
            spec.commandLine().getErr().flush();
            out.print(plan.text());
        }
        out.flush();
        return ExitCode.PASS.code();
    }
}
