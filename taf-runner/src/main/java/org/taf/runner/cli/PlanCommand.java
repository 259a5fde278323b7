package org.taf.runner.cli;

import java.util.Locale;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.run.PlanPreview;
import org.taf.runner.run.PlanPreview.CellPlan;
import org.taf.runner.run.PlanPreview.ComparisonPlan;
import org.taf.runner.run.PlanPreview.SidePlan;
import org.taf.runner.workload.ProgressBar;
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
            out.print(text(plan));
        }
        out.flush();
        return ExitCode.PASS.code();
    }

    /** The plan for people: sides, cells, pairs and MDE, the time it takes. */
    static String text(PlanPreview p) {
        StringBuilder b = new StringBuilder();
        b.append("plan of ").append(p.definition()).append(" (").append(p.name())
                .append("): nothing is built or run\n");
        b.append("repository ").append(p.repository()).append('\n');
        b.append("host ").append(p.host()).append(" (").append(p.hostFingerprint()).append(")\n");
        for (ComparisonPlan c : p.comparisons()) {
            b.append("\ncomparison ").append(c.name()).append(": ").append(c.label()).append('\n');
            side(b, c.parent());
            side(b, c.patch());
        }
        int workloads = (int) p.cells().stream().map(CellPlan::workload).distinct().count();
        int threads = (int) p.cells().stream().map(CellPlan::threads).distinct().count();
        b.append(String.format(Locale.ROOT, "%ncells: %s × %s × %s%n", count(workloads, "workload"),
                count(threads, "thread count"), count(p.comparisons().size(), "comparison")));
        for (CellPlan c : p.cells()) {
            b.append(String.format(Locale.ROOT, "  %s@%d: %s (%s); %d pairs planned%s%n", c.workload(),
                    c.threads(), c.design(), c.designWhy(), c.plannedPairs(), c.maxPairs() > c.plannedPairs()
                    ? ", up to " + c.maxPairs() + " with the adaptive loop" : ""));
            b.append("    MDE: ").append(mde(c, p.power())).append('\n');
            if (c.mdeWarning() != null) {
                b.append("    warning: ").append(c.mdeWarning()).append('\n');
            }
            for (int i = 0; i < c.answers().size(); i++) { // sizes the gate: what this host answers, how fast
                b.append(i == 0 ? "    questions: " : "      ").append(c.answers().get(i)).append('\n');
            }
            b.append(String.format(Locale.ROOT, "    a pair: about %s (%s)%n",
                    ProgressBar.duration(Math.round(c.pairSeconds())),
                    c.pairCost()));
        }
        PlanPreview.Eta e = p.eta();
        b.append("\ntime (").append(e.excluded()).append("):\n");
        b.append(String.format(Locale.ROOT, "  planned: %d pairs, about %s%n", e.plannedPairs(),
                ProgressBar.duration(e.plannedSeconds())));
        if (e.adaptive()) {
            b.append(String.format(Locale.ROOT, "  at most %d pairs, about %s (adaptive budget: stats.max_pairs %d"
                    + " per cell, stats.budget %s)%n", e.maxPairs(), ProgressBar.duration(e.maxSeconds()),
                    e.maxPairsPerCell(),
                    ProgressBar.duration(e.budgetSeconds())));
        } else {
            b.append(String.format(Locale.ROOT, "  at most %d pairs, about %s (%s)%n", e.maxPairs(),
                    ProgressBar.duration(e.maxSeconds()), e.note()));
        }
        return b.toString();
    }

    private static void side(StringBuilder b, SidePlan s) {
        b.append(String.format(Locale.ROOT, "  %-7s%s%s (key %s)%n", s.role(), s.revision(),
                s.patchDiff() == null ? "" : " + " + s.patchDiff(), s.key()));
        b.append(String.format(Locale.ROOT, "         %s %s%n", s.shortSha(), s.subject()));
        b.append(String.format(Locale.ROOT, "         sha %s%n", s.sha()));
        b.append(String.format(Locale.ROOT, "         build %s %s%n", s.buildCached() ? "cached in" : "not built: a run"
                + " builds it into", s.buildDir()));
    }

    private static String mde(CellPlan c, double power) {
        if (c.mdePct() == null) {
            return c.mdeBasis();
        }
        String most = c.maxPairs() > c.plannedPairs() && c.maxPairsMdePct() != null
                ? String.format(Locale.ROOT, ", %.1f%% with %d pairs", c.maxPairsMdePct(), c.maxPairs()) : "";
        return String.format(Locale.ROOT, "a drop of %.1f%% at %.0f%% power with %d pairs%s (%s)", c.mdePct(),
                100 * power, c.plannedPairs(), most,
                c.mdeBasis());
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
