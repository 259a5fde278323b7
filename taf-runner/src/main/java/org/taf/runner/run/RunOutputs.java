package org.taf.runner.run;

import java.io.PrintStream;
import org.taf.runner.ExitCode;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.RunRecord;

/** The outputs of a finished run: the final results, and the exit code CI gates on. */
public final class RunOutputs {
    private RunOutputs() {}

    public static ExitCode write(TestDefinition def, Runner runner, RunRecord record, PrintStream out) {
        runner.writeFinal(record);
        out.printf("%ntaf: results in %s%n", runner.runDir());
        return record.status() == RunRecord.RunStatus.COMPLETED ? ExitCode.PASS : ExitCode.ERROR;
    }
}
