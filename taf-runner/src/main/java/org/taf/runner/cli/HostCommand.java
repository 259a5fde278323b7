package org.taf.runner.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.host.HostProbe;
import org.taf.runner.host.QuietWait;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.run.PlannedMde;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code taf host [FILE]}: is this host quiet enough to measure now? A few readings of the host probe, each against
 * the best this host has shown, judged by the definition's quiet rule ({@code host.*}), kept in the host's probe
 * history ({@code noise.json}); then what each cell of FILE can see now: in a noisy spell, from how its pairs
 * measured in a spell here spread; and on this host when it is quiet. Exit 0 when quiet now, 2 in a noisy spell.
 */
@Command(name = "host", mixinStandardHelpOptions = true,
        description = {"Is this host quiet enough to measure now? Reads the host probe against the best this host has"
                + " shown, and says what each cell of FILE can see.",
            "Exit 0: quiet now; 2: a noisy spell (a run would wait for quiet, up to host.quiet_wait)."})
final class HostCommand implements Callable<Integer> {
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Mixin
    DefinitionOptions.OrQuick definition;

    @Mixin
    MeasuringLock lock;

    @Option(names = "--readings", defaultValue = "3", description = "probe readings, a second apart (default 3)")
    int readings;

    HostCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws InterruptedException {
        TestDefinition def = new ConfigLoader(context).load(definition.file(), definition.overrides());
        PrintWriter out = spec.commandLine().getOut();
        if (!def.host().enabled()) {
            out.println("taf: host.probe = 0s in " + def.config().fileDisplay() + ": no probe to read");
            return ExitCode.PASS.code();
        }
        List<ProbeRecord> taken = new ArrayList<>();
        try (var held = lock.take(context, "host", definition.file())) {
            HostFingerprint host = HostFacts.system().host().fingerprint();
            var file = NoiseStore.fileIn(def.output().resultsDir());
            List<ProbeRecord> history = NoiseStore.read(file).probesOf(host.id());
            QuietWait quiet = new QuietWait(def.host(), HostProbe.system(Clock.systemUTC()), history,
                    Sleeper.system(), Ticker.system(), new PrintStream(OutputStream.nullOutputStream()));
            for (int i = 0; i < Math.max(1, readings); i++) {
                if (i > 0) {
                    Thread.sleep(Duration.ofSeconds(1).toMillis());
                }
                ProbeRecord r = quiet.read(-1);
                taken.add(r);
                out.printf(Locale.ROOT, "taf: host probe %d/%d: %s: %s%n", i + 1, Math.max(1, readings), r.describe(),
                        r.quiet() ? "quiet" : "noisy");
            }
            NoiseStore.addProbes(file, host.id(), taken);
            String capacity = taken.get(0).capacityPct() == null ? ", capacity once the history has "
                    + QuietWait.MIN_HISTORY + " readings" : ", capacity at least " + trim(def.host().minCapacityPct())
                    + "% of the best it has shown";
            out.printf(Locale.ROOT, "taf: host %s: %s (the quiet rule: CV at most %s%%%s; %d readings in its"
                    + " history)%n", host.id(), QuietWait.mostlyQuiet(taken) ? "quiet now" : "in a noisy spell now",
                    trim(def.host().maxCvPct()), capacity, history.size() + taken.size());
        }
        if (!QuietWait.mostlyQuiet(taken)) {
            out.printf("taf: a run now would wait up to %s (host.quiet_wait) for a quiet spell before each pair,"
                    + " then measure and flag its pairs NOISY_SPELL%n", def.host().quietWait().toSeconds() + "s");
            PlannedMde.inSpell(def).forEach(out::println);
            out.println("taf: on this host when quiet:");
        }
        PlannedMde.check(def).forEach(out::println);
        out.flush();
        return QuietWait.mostlyQuiet(taken) ? ExitCode.PASS.code() : ExitCode.INCONCLUSIVE.code();
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
