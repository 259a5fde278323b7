package org.taf.runner.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.LoadContext;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Entry point of {@code taf}. Commands are objects built with the injected {@link LoadContext}, so
 * tests run them with a fake environment and captured streams; to add a command, add it to
 * {@link #commands(LoadContext)}.
 */
@Command(name = "taf", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Performance-regression pipeline: compare a parent and a patch commit of the engine.",
        footer = {"", "Exit codes: 0 pass, 1 regression, 2 inconclusive, 3 error."})
public final class Main implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** The subcommands, in the order {@code --help} lists them. */
    static List<Object> commands(LoadContext context) {
        return List.of(new RunCommand(context), new CompareCommand(context), new BisectCommand(context),
                new CalibrateCommand(context), new HostCommand(context), new CanaryCommand(context),
                new HealthCommand(context),
                new ExplainCommand(context),
                new PlanCommand(context),
                new ValidateCommand(context), new PublishCommand(context), new ImportCommand(context),
                new SummaryCommand(context), new ExportCommand(context),
                new ChangesCommand(context), new ConvertCommand(context));
    }

    /** A ready command line: subcommands, error handling, exit codes. Streams default to System.out/err. */
    public static CommandLine commandLine(LoadContext context) {
        CommandLine cl = new CommandLine(new Main());
        commands(context).forEach(cl::addSubcommand);
        // picocli writes the bash/zsh completion script from the command model, so it follows every
        // new command and option: source <(./taf completion)
        CommandLine completion = new CommandLine(new AutoComplete.GenerateCompletion());
        completion.getCommandSpec().usageMessage().hidden(false)
                .description("Print a bash/zsh completion script for taf: source <(./taf completion)");
        cl.addSubcommand("completion", completion);
        ErrorReporter errors = new ErrorReporter();
        cl.setExecutionExceptionHandler(errors);
        cl.setParameterExceptionHandler(errors);
        cl.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine(LoadContext.system()).execute(args));
    }

    /** {@code taf} alone: the usage, on stderr, as an error. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("error: a command is required");
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.ERROR.code();
    }
}
