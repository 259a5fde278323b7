package org.taf.runner.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.taf.runner.bisect.BisectRecord;
import org.taf.runner.bisect.BisectStore;
import org.taf.runner.bisect.Bisector;
import org.taf.runner.bisect.Judge;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.run.ResultsDbs;
import org.taf.runner.run.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code taf bisect --good REV --bad REV [FILE]}: finds the first-parent commit between good and bad
 * that made bad slower, each commit measured against good as {@code taf compare --parent GOOD --patch
 * COMMIT FILE} would (every step is a run of its own, with its results, post and exit code).
 */
@Command(name = "bisect", mixinStandardHelpOptions = true,
        description = {"Find the commit between GOOD and BAD that made BAD slower, with FILE's workloads and"
                + " settings and TAF's verdict against GOOD.",
            "Exit 1: culprit found; 0: no slowdown from good to bad; 2: inconclusive (the range it narrowed to is"
                    + " printed); 3: error or a commit that could not be measured."})
final class BisectCommand implements Callable<Integer> {
    private final LoadContext context;

    @Option(names = "--good", required = true, paramLabel = "REV", description = "a revision without the slowdown")
    String good;

    @Option(names = "--bad", required = true, paramLabel = "REV",
            description = "a later revision with it (good must be on its first-parent chain)")
    String bad;

    @Mixin
    DefinitionOptions.OrQuick definition;

    @Mixin
    MeasuringLock lock;

    /** {@code verdict.question} and its other keys, each set to equivalence unless -D says otherwise. */
    private Map<String, String> asked = Map.of();

    BisectCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        Path file = definition.file();
        // Every step asks equivalence, whatever the definition asks (Bisector.equivalence says why).
        asked = Bisector.equivalence(new ConfigLoader(context).resolve(file, definition.overrides()));
        // Loaded once up front: a definition a step would refuse is refused before anything is built.
        TestDefinition def = new ConfigLoader(context).load(file, pair(good, bad));
        Session session = RunCommand.session(context, false);
        Judge judge = (goodCommit, commit, step) -> {
            Map<String, String> settings = pair(goodCommit.sha(), commit.sha());
            settings.putIfAbsent("comments", "taf bisect " + good + ".." + bad + ", step " + step + ": "
                    + commit.label() + " against good " + goodCommit.label());
            return Judge.Measurement.of(session.run(file, settings, "run"), commit.label());
        };
        // Opened before the first step: a bad URL fails before anything is built (each step stores its run).
        Optional<ResultsDb> db = ResultsDbs.open(def.output().resultsDb(), def.output().resultsDbPassword());
        String command = Session.command(definition.file(), definition.overrides(),
                "bisect --good " + good + " --bad " + bad);
        BisectRecord r;
        try (var held = lock.take(context, "bisect", definition.file())) { // every step's run inside this one hold
            r = new Bisector(def, judge, Clock.systemUTC(), System.out, command).run(good, bad);
        }
        db.ifPresent(d -> BisectStore.store(d, r, System.err));
        return r.outcome().exitCode().code();
    }

    /** The overrides with the definition's comparisons replaced by one pair, every cell asking equivalence. */
    private Map<String, String> pair(String parent, String patch) {
        Map<String, String> settings = definition.withPair(parent, patch);
        asked.forEach(settings::putIfAbsent);
        return settings;
    }
}
