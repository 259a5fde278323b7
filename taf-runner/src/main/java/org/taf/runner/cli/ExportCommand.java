package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.LoadContext;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.output.CsvExport;
import org.taf.runner.report.output.JmhExport;
import org.taf.runner.results.RunRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code taf export RESULTS... --format csv|jmh-json}: stored runs for other tools, on stdout: one CSV row
 * per engine start ({@link CsvExport}), or JMH's result JSON, one result per cell x side
 * ({@link JmhExport}), so dashboards that read JMH read TAF.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export stored runs: csv (one row per iteration) or jmh-json (JMH's -rf json shape).")
final class ExportCommand implements Callable<Integer> {
    static final List<String> FORMATS = List.of("csv", "jmh-json");
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", arity = "1..*", description = "results.json files or run directories")
    List<Path> results = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", required = true, description = "csv or jmh-json")
    String format;

    ExportCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        if (!FORMATS.contains(format)) {
            throw new ReportException("export: unknown --format '" + format + "' (accepted: "
                    + String.join(", ", FORMATS) + ")");
        }
        List<RunRecord> runs = RunFinder.read(results.stream().map(p -> context.workDir().resolve(p)).toList());
        var out = spec.commandLine().getOut();
        out.print(format.equals("csv") ? CsvExport.render(runs) : JmhExport.render(runs));
        out.flush();
        return ExitCode.PASS.code();
    }
}
