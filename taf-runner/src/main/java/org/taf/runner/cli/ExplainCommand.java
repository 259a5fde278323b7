package org.taf.runner.cli;

import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.Explanation;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.ResolvedConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code taf explain FILE}: every effective key, its value and where it came from. */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = "Print every effective key, its value and its origin (default, include, profile, file:line,"
                + " -D, env).")
final class ExplainCommand implements Callable<Integer> {
    /** Output formats of {@code --format}. */
    enum Format { text, json }

    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Mixin
    DefinitionOptions.Required definition;

    @Option(names = "--format", defaultValue = "text", paramLabel = "text|json",
            description = "text: an aligned table (default); json: for tools")
    Format format;

    ExplainCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        ResolvedConfig config = new ConfigLoader(context).resolve(definition.file(), definition.overrides());
        String out = format == Format.json ? Explanation.json(config, context) : Explanation.text(config, context);
        spec.commandLine().getOut().print(out);
        spec.commandLine().getOut().flush();
        if (format == Format.json) {
            return ExitCode.PASS.code(); // warnings are inside the JSON
        }
        config.warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
        spec.commandLine().getErr().flush();
        return ExitCode.PASS.code();
    }
}
