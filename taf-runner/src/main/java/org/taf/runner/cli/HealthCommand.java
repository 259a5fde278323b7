package org.taf.runner.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.Keys;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.health.GateHealth;
import org.taf.runner.health.Health;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.run.ResultsDbs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code taf health}: the gate's own error rates, from the canary runs of {@code taf canary} in the results
 * database, one line per host and definition over their last {@link Health#NIGHTS} runs of each kind. Exit 2 when
 * a rate misses its target (the catch rate's interval wholly below it, or the false-alarm rate's wholly above it),
 * saying which. It measures nothing and takes no lock.
 */
@Command(name = "health", mixinStandardHelpOptions = true,
        description = {"How often the gate caught a planted slowdown and raised a false alarm (taf canary's runs in the"
                + " results database), per host and definition, with 95% intervals.",
            "Exit 0: every rate meets its target, or too few runs to say; 2: a rate misses its target (which is"
                    + " printed); 3: an error."})
final class HealthCommand implements Callable<Integer> {
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Option(names = "--this-host", description = "only this host's lines (its fingerprint), for a shared database")
    boolean thisHost;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "results.db.url=URL (default"
            + " jdbc:sqlite:~/.local/share/taf/results.db; TAF_RESULTS_DB_URL wins) and results.db.password")
    Map<String, String> overrides = new LinkedHashMap<>();

    HealthCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        for (String key : overrides.keySet()) {
            if (!key.equals(Keys.RESULTS_DB_URL.name()) && !key.equals(Keys.RESULTS_DB_PASSWORD.name())) {
                throw new ConfigException("-D" + key + ": health reads only " + Keys.RESULTS_DB_URL.name() + " and "
                        + Keys.RESULTS_DB_PASSWORD.name());
            }
        }
        ResultsDb db = ResultsDbs.open(context, overrides).orElseThrow(() -> new ConfigException(
                Keys.RESULTS_DB_URL.name() + " is none: there is no results database to read canaries from"));
        List<GateHealth> all = Health.of(db.canaries(Health.NIGHTS));
        String host = thisHost ? HostFacts.system().host().fingerprint().id() : null;
        List<GateHealth> shown = all.stream().filter(h -> host == null || h.host().equals(host)).toList();
        PrintWriter out = spec.commandLine().getOut();
        if (shown.isEmpty()) {
            out.println("taf health: no canary runs in " + db.displayUrl() + (host == null ? "" : " from this host ("
                    + host + ")") + ": run taf canary FILE first");
            out.flush();
            return ExitCode.PASS.code();
        }
        List<String> alarms = new ArrayList<>();
        for (GateHealth h : shown) {
            out.println(h.line());
            alarms.addAll(h.alarms());
        }
        alarms.forEach(a -> out.println("alarm: " + a));
        out.flush();
        return alarms.isEmpty() ? ExitCode.PASS.code() : ExitCode.INCONCLUSIVE.code();
    }
}
