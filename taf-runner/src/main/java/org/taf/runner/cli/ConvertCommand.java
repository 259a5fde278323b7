package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.CanonicalDefinition;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.ResolvedConfig;
import org.taf.runner.sys.AtomicWrite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code taf convert FILE [-o OUT]}: a definition, TAF (perl)'s included, rewritten with canonical keys
 * (see {@link CanonicalDefinition}); the dropped keys are also warnings on stderr.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = "Write a definition (a TAF (perl) one too) with canonical keys: engine settings from its"
                + " [db_config_start] block, perl-only keys dropped with a comment saying why.")
final class ConvertCommand implements Callable<Integer> {
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the test definition (.properties)")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write here instead of stdout")
    Path output;

    ConvertCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        // No -D and no environment: the file alone is converted (the TAF_* variables would not be in it).
        LoadContext fileOnly = new LoadContext(context.workDir(), Map.of(), context.javaHome(), context.userHome());
        ResolvedConfig config = new ConfigLoader(fileOnly).resolve(file, Map.of());
        String text = CanonicalDefinition.write(config);
        if (output == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            Path out = context.workDir().resolve(output).normalize();
            if (out.equals(config.file())) {
                throw new ConfigException(context.display(out) + ": convert would overwrite its input; write"
                        + " another file");
            }
            AtomicWrite.writeString(out, text);
        }
        config.warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
        spec.commandLine().getErr().flush();
        return ExitCode.PASS.code();
    }
}
