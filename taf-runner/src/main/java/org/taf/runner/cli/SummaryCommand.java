package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.LoadContext;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.output.JsonSummary;
import org.taf.runner.report.output.MarkdownSummary;
import org.taf.runner.report.output.SummaryWriter;
import org.taf.runner.results.RunRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code taf summary RESULTS... [--format text|markdown|json]}: the summary of stored runs, as a run
 * printed it ({@code summary.txt}), as {@code summary.md} (for a pull request's comment), or as JSON for
 * scripts ({@link JsonSummary}: one array, an object per run). Exit code 0: it shows the verdicts, it does
 * not gate on them.
 */
@Command(name = "summary", mixinStandardHelpOptions = true,
        description = "Print the summary of stored runs: text (summary.txt), markdown (summary.md) or json.")
final class SummaryCommand implements Callable<Integer> {
    static final List<String> FORMATS = List.of("text", "markdown", "json");
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", arity = "1..*", description = "results.json files or run directories")
    List<Path> results = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, markdown or json (default: ${DEFAULT-VALUE})")
    String format;

    SummaryCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        if (!FORMATS.contains(format)) {
            throw new ReportException("summary: unknown --format '" + format + "' (accepted: "
                    + String.join(", ", FORMATS) + ")");
        }
        List<RunRecord> runs = RunFinder.read(results.stream().map(p -> context.workDir().resolve(p)).toList());
        StringBuilder text = new StringBuilder();
        if (format.equals("json")) {
            text.append(JsonSummary.render(runs));
        } else {
            for (RunRecord run : runs) {
                if (!text.isEmpty()) {
                    text.append('\n');
                }
                if (format.equals("text") && runs.size() > 1) {
                    // summary.txt does not name its run (it sits in the run's directory); several need names.
                    text.append("run ").append(run.runId()).append(":\n");
                }
                text.append(format.equals("text") ? SummaryWriter.render(run) : MarkdownSummary.render(run));
            }
        }
        var out = spec.commandLine().getOut();
        out.print(text);
        out.flush();
        return ExitCode.PASS.code();
    }
}
