package org.taf.runner.cli;

import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.run.Preflight;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code taf validate FILE}: load and check a definition without running anything. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a test definition (keys, values, includes, profile, comparisons) without running it.")
final class ValidateCommand implements Callable<Integer> {
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Mixin
    DefinitionOptions.Required definition;

    ValidateCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        TestDefinition def = new ConfigLoader(context).load(definition.file(), definition.overrides());
        Preflight.check(def); // what a run would refuse, refused here before anything starts
        def.config().warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
        spec.commandLine().getErr().flush();
        // What this host's stored noise says the plan and its budget can detect.
        org.taf.runner.run.PlannedMde.check(def).forEach(spec.commandLine().getErr()::println);
        spec.commandLine().getErr().flush();
        spec.commandLine().getOut().println("OK: " + def.config().fileDisplay() + ": " + summary(def));
        spec.commandLine().getOut().flush();
        return ExitCode.PASS.code();
    }

    /** {@code 3 comparisons, 1 workload × 2 thread counts × 3 iterations}. */
    static String summary(TestDefinition def) {
        return count(def.comparisons().size(), "comparison") + ", "
                + count(def.tests().size(), "workload") + " × "
                + count(def.threads().size(), "thread count") + " × "
                + count(def.measure().iterations(), "iteration");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
