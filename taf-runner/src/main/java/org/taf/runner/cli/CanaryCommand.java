package org.taf.runner.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.Keys;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.ResolvedConfig;
import org.taf.runner.results.Canary;
import org.taf.runner.run.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code taf canary FILE [-Dkey=value…]}: two runs whose right answers are known, one after the other, each as
 * {@code taf run} makes it (results, post, results database) and marked as a canary there: A/A, FILE's patch
 * revision against itself, and planted, the same with {@code canary.cpu_work} rounds of the engine's
 * {@code taf_statement_cpu_work} on the patch side only. {@code taf health} counts what the gate said of them.
 */
@Command(name = "canary", mixinStandardHelpOptions = true,
        description = {"Run FILE's patch against itself twice, as taf run does: once unchanged (A/A), once with a"
                + " planted slowdown on the patch side (canary.cpu_work rounds of taf_statement_cpu_work); both are"
                + " recorded as canaries for taf health.",
            "Exit 0: both runs completed, whatever their verdicts (taf health judges them); 3: an error."})
final class CanaryCommand implements Callable<Integer> {
    /** The engine's calibration knob: busy CPU rounds added to every statement, costing CPU like a code change. */
    static final String KNOB = "taf_statement_cpu_work";

    private final LoadContext context;

    @Mixin
    DefinitionOptions.Required definition;

    @Mixin
    MeasuringLock lock;

    @Option(names = {"-q", "--quiet"},
            description = "print no live progress or per-interval lines: only warnings, errors and the summaries")
    boolean quiet;

    CanaryCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        Path file = definition.file();
        ResolvedConfig resolved = new ConfigLoader(context).resolve(file, definition.overrides());
        refuseSideSettings(resolved);
        String patch = resolved.get(Keys.PATCH);
        int rounds = resolved.get(Keys.CANARY_CPU_WORK);
        Session session = RunCommand.session(context, quiet);
        try (var held = lock.take(context, "canary", file)) {
            Session.Finished aa = session.run(file, settings(resolved, patch, "taf canary, A/A: " + patch
                    + " against itself", null), "run", Canary.AA);
            aa.exitCode(); // an error ends the canaries: the planted run would meet it too
            Session.Finished planted = session.run(file, settings(resolved, patch, "taf canary, planted: " + patch
                    + " against itself with " + KNOB + " = " + rounds + " on the patch side", rounds), "run",
                    Canary.PLANTED);
            planted.exitCode();
            System.out.println("taf canary: A/A, " + patch + " against itself: " + outcome(aa.code(), Canary.AA));
            System.out.println("taf canary: planted, " + rounds + " rounds of " + KNOB + " on the patch side: "
                    + outcome(planted.code(), Canary.PLANTED));
            System.out.println("taf canary: taf health counts them (results.db.url)");
            return aa.code() == ExitCode.ERROR || planted.code() == ExitCode.ERROR ? ExitCode.ERROR.code()
                    : ExitCode.PASS.code();
        }
    }

    /** What a canary's exit code means, in words: a catch or a miss, a false alarm or none. */
    static String outcome(ExitCode code, Canary kind) {
        return switch (code) {
            case REGRESSION -> kind == Canary.PLANTED ? "REGRESSED, caught" : "REGRESSED, a false alarm";
            case PASS -> kind == Canary.PLANTED ? "passed, missed" : "passed, no false alarm";
            case INCONCLUSIVE -> "inconclusive, undecided" + (kind == Canary.PLANTED ? " (not caught)" : "");
            case ERROR -> "an error, not counted";
        };
    }

    /**
     * The overrides of one canary run: the comparisons replaced by {@code patch} against itself (without a
     * {@code patch_diff}), and for the planted run the knob on the patch side and 0, its default, named on the
     * parent's, so that the run's sides differ in that one setting by name (its label and post say
     * {@code taf_statement_cpu_work=0 vs 280}).
     */
    private Map<String, String> settings(ResolvedConfig resolved, String patch, String comments, Integer rounds) {
        Map<String, String> settings = definition.withPair(patch, patch);
        if (resolved.get(Keys.PATCH_DIFF).isPresent()) {
            settings.put(Keys.PATCH_DIFF.name(), "");
        }
        settings.putIfAbsent(Keys.COMMENTS.name(), comments);
        if (rounds != null) {
            settings.put("parent.engine." + KNOB, "0");
            settings.put("patch.engine." + KNOB, Integer.toString(rounds));
        }
        return settings;
    }

    /** A definition whose sides differ in engine settings has no A/A run: refused, naming the keys. */
    private static void refuseSideSettings(ResolvedConfig resolved) {
        List<String> sides = new java.util.ArrayList<>(resolved.keys(Keys.PARENT_ENGINE));
        sides.addAll(resolved.keys(Keys.PATCH_ENGINE));
        if (!sides.isEmpty()) {
            throw new ConfigException(resolved.fileDisplay() + ": " + String.join(", ", sides) + ": taf canary runs"
                    + " one revision with one set of engine settings on both sides, and plants the only difference;"
                    + " set engine.* instead");
        }
    }
}
