package org.taf.runner.cli;

import java.io.PrintWriter;
import org.taf.runner.ExitCode;
import org.taf.runner.TafException;
import org.taf.runner.config.ConfigException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns user-facing failures into {@code error:} lines on stderr and exit code 3: each problem of a
 * {@link ConfigException} on its own line; other {@link TafException}s as their first line, with
 * any further lines (a log tail) indented below. Usage errors are exit code 3 as well (picocli's
 * own 2 would read as "inconclusive"). Anything else is a bug: its full stack trace is printed, not
 * an {@code error:} line, and the exit code is 3 too (1 would read as "regression").
 */
final class ErrorReporter implements IExecutionExceptionHandler, IParameterExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parseResult) {
        PrintWriter err = cl.getErr();
        if (!(ex instanceof TafException)) {
            // A bug: not dressed up as an error line. picocli would catch a rethrow and exit 1, which
            // CI reads as "regression"; so the whole stack trace is printed and the exit code is 3.
            ex.printStackTrace(err);
            err.flush();
            return ExitCode.ERROR.code();
        }
        if (ex instanceof ConfigException ce) {
            ce.problems().forEach(p -> err.println("error: " + p));
        } else {
            String[] lines = String.valueOf(ex.getMessage()).split("\n", -1);
            err.println("error: " + lines[0]);
            for (int i = 1; i < lines.length; i++) {
                err.println("  " + lines[i]);
            }
        }
        err.flush();
        return ExitCode.ERROR.code();
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("error: " + ex.getMessage() + " (see " + cl.getCommandSpec().qualifiedName() + " --help)");
        err.flush();
        return ExitCode.ERROR.code();
    }
}
