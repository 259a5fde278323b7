package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.bisect.Bisector;
import org.taf.runner.config.LoadContext;
import org.taf.runner.git.TestRepo;
import picocli.CommandLine;

/** {@code taf bisect}'s refusals, each an error line naming the revisions, before anything is built. */
class BisectCommandTest {
    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();
    private TestRepo.History h;

    @BeforeEach
    void setUp() throws Exception {
        h = TestRepo.standard(dir.resolve("repo"));
        Files.writeString(dir.resolve("b.properties"), "repository = repo\ncache.dir = cache\n"
                + "output.results_dir = results\noutput.site_dir = site\n");
    }

    /** A home of this test's own: a bisect writes the results database under it (a fixed path was shared). */
    private Path home() {
        return dir.resolve("home");
    }

    private int taf(String... args) {
        CommandLine cl = Main.commandLine(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), home()));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String sha(RevCommit c) {
        return c.name();
    }

    @Test
    void anUnknownBadRevisionIsAnErrorNamingIt() {
        assertThat(taf("bisect", "--good", sha(h.initial()), "--bad", "v9.9", "b.properties")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: --bad v9.9: unknown revision 'v9.9' in repository ");
        assertThat(Files.exists(dir.resolve("results"))).as("nothing written").isFalse();
    }

    @Test
    void anUnknownGoodRevisionToo() {
        assertThat(taf("bisect", "--good", "nope", "--bad", "HEAD", "b.properties")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: --good nope: unknown revision 'nope' in repository ");
    }

    @Test
    void anEmptyRangeIsAnError() {
        assertThat(taf("bisect", "--good", "v1.0", "--bad", sha(h.second()), "b.properties")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: empty range: good and bad are the same commit "
                + sha(h.second()).substring(0, 7));
    }

    @Test
    void aGoodCommitThatIsNotAnAncestorOfBadIsAnErrorNamingBoth() {
        assertThat(taf("bisect", "--good", "feature", "--bad", "v1.0", "b.properties")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: good commit " + sha(h.feature()).substring(0, 7)
                + " Add feature file is not an ancestor of bad commit " + sha(h.second()).substring(0, 7)
                + " Change line 5");
    }

    @Test
    void bothRevisionsAreRequired() {
        assertThat(taf("bisect", "--good", "HEAD~1", "b.properties")).isEqualTo(3);
        assertThat(err.toString()).contains("Missing required option: '--bad=REV'");
    }

    /**
     * A bisect step asks equivalence of every metric of every cell: each verdict.question key the definition sets,
     * per workload, per metric or per workload and metric, is overridden (a NOT_WORSE step would leave open the
     * small change a bisect hunts).
     */
    @Test
    void everyQuestionKeyOfTheDefinitionIsSetToEquivalenceForTheSteps() throws Exception {
        Files.writeString(dir.resolve("q.properties"), "repository = repo\nworkload.tests = POINT_SELECT, OLTP_RW\n"
                + "verdict.question = non_inferiority\nverdict.question.OLTP_RW = non_inferiority\n"
                + "verdict.question.cpu_per_tx = non_inferiority\nverdict.question.POINT_SELECT.tps ="
                + " non_inferiority\n");
        var loader = new org.taf.runner.config.ConfigLoader(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"),
                home()));
        Map<String, String> asked = Bisector.equivalence(loader.resolve(Path.of("q.properties"), Map.of()));
        assertThat(asked).containsOnlyKeys("verdict.question", "verdict.question.OLTP_RW",
                "verdict.question.cpu_per_tx", "verdict.question.POINT_SELECT.tps").allSatisfy((k, v) ->
                assertThat(v).isEqualTo("equivalence"));
        var q = loader.load(Path.of("q.properties"), asked).stats().questions();
        for (String w : java.util.List.of("POINT_SELECT", "OLTP_RW")) {
            for (var m : org.taf.runner.stats.Metric.values()) {
                assertThat(q.of(w, m)).as(w + " " + m).isEqualTo(org.taf.runner.stats.Question.EQUIVALENCE);
            }
        }
    }
}
