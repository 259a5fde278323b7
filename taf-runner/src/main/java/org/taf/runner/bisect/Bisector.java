package org.taf.runner.bisect;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.taf.runner.bisect.BisectRecord.CommitRef;
import org.taf.runner.bisect.BisectRecord.Step;
import org.taf.runner.config.Keys;
import org.taf.runner.config.ResolvedConfig;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.git.CheckoutException;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.git.EngineTree;
import org.taf.runner.git.FirstParents;
import org.taf.runner.git.Repo;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.stats.Question;

/**
 * {@code taf bisect} from revisions to evidence: resolves good and bad, lists the first-parent
 * commits between them and their engine trees, runs the {@link Bisection}, and keeps what it found
 * in {@code <results>/bisect-<id>/}: {@code bisect.json} after every step, and at the end the page
 * {@code bisect-<id>.md}, kept and rendered in the site the steps' posts went to (the published
 * site when {@code output.publish} is on, else the local one: {@code OutputSettings.postSiteDir}).
 */
public final class Bisector {
    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final TestDefinition def;
    private final Judge judge;
    private final Clock clock;
    private final PrintStream out;
    private final String command;

    /**
     * @param def     the definition each step runs (its repository, build inputs and outputs are used here)
     * @param judge   measures a commit against good
     * @param clock   for the bisect's id and times
     * @param out     progress, the table and the conclusion
     * @param command the command line that reproduces the bisect
     */
    public Bisector(TestDefinition def, Judge judge, Clock clock, PrintStream out, String command) {
        this.def = def;
        this.judge = judge;
        this.clock = clock;
        this.out = out;
        this.command = command;
    }

    /**
     * Bisects from {@code goodRevision} to {@code badRevision}.
     *
     * @throws CheckoutException naming the revision that does not resolve, or both commits when good is not
     *                           an ancestor of bad on its first-parent chain, or when the range is empty
     */
    public BisectRecord run(String goodRevision, String badRevision) {
        Instant started = clock.instant();
        String id = ID.format(started) + "-" + def.name();
        Path dir = def.output().resultsDir().resolve("bisect-" + id);
        List<String> inputs = def.build().inputs().stream().map(p -> p.toString().isEmpty() ? "." : p.toString())
                .toList();
        Bisection.Candidate good;
        List<Bisection.Candidate> candidates = new ArrayList<>();
        try (Repo repo = Repo.open(def.repository())) {
            CommitInfo goodCommit = resolve(repo, "--good", goodRevision);
            CommitInfo badCommit = resolve(repo, "--bad", badRevision);
            good = new Bisection.Candidate(goodCommit, EngineTree.of(repo, goodCommit, def.build().inputs()));
            for (CommitInfo c : FirstParents.range(repo, goodCommit, badCommit)) {
                candidates.add(new Bisection.Candidate(c, EngineTree.of(repo, c, def.build().inputs())));
            }
        }
        CommitRef goodRef = CommitRef.of(good.commit());
        CommitRef badRef = CommitRef.of(candidates.get(candidates.size() - 1).commit());
        long trees = candidates.stream().map(Bisection.Candidate::engineTree).distinct()
                .filter(t -> !t.equals(good.engineTree())).count();
        out.printf("taf: bisect %s..%s: %d first-parent commits, %d engine tree(s) other than good's (build.inputs:"
                + " %s); evidence in %s%n", goodRef.shortSha(), badRef.shortSha(), candidates.size(), trees,
                String.join(", ", inputs), dir);
        Bisection.Ending end = new Bisection(good, candidates, judge, soFar -> {
            Step step = soFar.steps().get(soFar.steps().size() - 1);
            out.printf("%ntaf: bisect step %d: %s %s%n%n", step.number(), step.commit().label(),
                    step.failure() != null ? "could not be measured: " + step.failure() : Bisection.numbers(step));
            // The evidence so far, kept in case the bisect is interrupted before its end.
            BisectStore.write(dir, record(id, started, null, inputs, goodRef, badRef, candidates.size(), soFar));
        }).run();
        BisectRecord r = record(id, started, clock.instant(), inputs, goodRef, badRef, candidates.size(), end);
        BisectStore.write(dir, r);
        out.println();
        out.print(BisectReport.table(r));
        publish(r, dir);
        out.printf("taf: bisect evidence in %s (exit %d: %s)%n", dir.resolve(BisectStore.FILE_NAME),
                r.outcome().exitCode().code(), r.outcome().name().toLowerCase(Locale.ROOT));
        return r;
    }

    /**
     * {@code verdict.question} and every {@code verdict.question.*} key the definition sets, each to equivalence.
     * A step asks whether the commit is slower, so every metric of every cell asks equivalence, whatever the
     * definition's keys say: a NOT_WORSE step (non-inferiority) says nothing of a change smaller than the fail
     * threshold, and such a change is what a nightly's change point sends a bisect after.
     */
    public static Map<String, String> equivalence(ResolvedConfig resolved) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(Keys.VERDICT_QUESTION.name(), Question.EQUIVALENCE.label());
        for (var pattern : List.of(Keys.VERDICT_QUESTION_NAME, Keys.VERDICT_QUESTION_WORKLOAD_METRIC)) {
            resolved.keys(pattern).forEach(k -> out.put(k, Question.EQUIVALENCE.label()));
        }
        return out;
    }

    private static CommitInfo resolve(Repo repo, String option, String revision) {
        try {
            return repo.resolve(revision);
        } catch (CheckoutException e) {
            throw new CheckoutException(option + " " + revision + ": " + e.getMessage(), e);
        }
    }

    private BisectRecord record(String id, Instant started, Instant finished, List<String> inputs, CommitRef good,
                                CommitRef bad, int candidates, Bisection.Ending end) {
        return new BisectRecord(BisectStore.FORMAT_VERSION, id, def.config().fileDisplay(), command, started,
                finished, inputs, good, bad, candidates, end.countedCells().stream().map(Object::toString).toList(),
                end.steps(), end.outcome(), end.conclusion(), end.rangeAfter(), end.rangeUpTo(), end.suspects());
    }

    /** Writes the page, keeps it in the steps' site and renders that site again over the runs it holds. */
    private void publish(BisectRecord r, Path dir) {
        Set<String> posted = new HashSet<>();
        r.steps().stream().filter(s -> s.runId() != null && s.failure() == null).forEach(s -> posted.add(s.runId()));
        Path page = dir.resolve("bisect-" + r.bisectId() + ".md");
        org.taf.runner.sys.AtomicWrite.writeString(page, BisectReport.page(r, posted));
        SitePublisher site = SitePublisher.english(def.output().postSiteDir());
        String where = site.keepPage(page);
        site.add(List.of());
        out.printf("taf: bisect page %s%n", site.siteDir().resolve(where));
    }
}
