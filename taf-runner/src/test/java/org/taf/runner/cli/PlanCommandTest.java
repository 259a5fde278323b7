package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.build.BuildKey;
import org.taf.runner.build.BuildResult;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.build.Builder;
import org.taf.runner.config.LoadContext;
import org.taf.runner.git.MaterializedTree;
import org.taf.runner.git.Repo;
import org.taf.runner.git.TestRepo;
import org.taf.runner.git.TreeCache;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.NoiseStore;
import picocli.CommandLine;

/**
 * {@code taf plan} on a temporary repository of two commits: the resolved sides, their builds cached or
 * not, the cells and pairs, the MDE with and without stored noise, the time it takes; and that it builds,
 * materializes and runs nothing.
 */
class PlanCommandTest {
    /** A build that needs no Maven: what the cached side's entry is made with, through the real builder. */
    private static final String BUILD = "mkdir -p engine/target && cp engine.txt engine/target/engine.jar";

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private TestRepo repo;
    private RevCommit first;
    private RevCommit second;

    @BeforeEach
    void setUp() throws Exception {
        repo = TestRepo.init(dir.resolve("repo"));
        repo.write("engine.txt", "engine 1\n");
        first = repo.commit("Add the engine\n\nThe body is not the subject.\n");
        repo.write("engine.txt", "engine 2\n");
        second = repo.commit("Make the engine faster");
        repo.close();
        Files.writeString(dir.resolve("p.properties"), """
                repository = repo
                cache.dir = cache
                output.results_dir = results
                output.site_dir = site
                parent = HEAD~1
                patch = HEAD
                build.command = %s
                workload.tests = POINT_SELECT
                workload.threads = 2,4
                measure.mode = restart
                measure.iterations = 5
                measure.duration = 5s
                warmup.min = 2s
                stats.max_pairs = 20
                stats.budget = 150s
                """.formatted(BUILD));
    }

    private int taf(String... args) {
        CommandLine cl = Main.commandLine(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), Path.of("/home/t")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private Path builds() {
        return dir.resolve("cache").resolve("builds").toAbsolutePath().normalize();
    }

    private String entry(RevCommit c) {
        return builds().resolve(BuildKey.of(c.name(), spec())).toString();
    }

    private static BuildSpec spec() {
        return new BuildSpec(BUILD, BuildSpec.DEFAULT_TIMEOUT, BuildSpec.DEFAULT_ARTIFACT_PATH);
    }

    @Test
    void showsBothSidesCellsPairsAndTimeAndBuildsNothing() {
        assertThat(taf("plan", "p.properties")).as(err.toString()).isZero();
        String text = out.toString();
        assertThat(text).contains("plan of p.properties (p): nothing is built or run");
        assertThat(text).contains("  parent HEAD~1 (key parent, p.properties:5)\n"
                + "         " + first.name().substring(0, 7) + " Add the engine\n"
                + "         sha " + first.name() + "\n"
                + "         build not built: a run builds it into " + entry(first) + "\n");
        assertThat(text).contains("  patch  HEAD (key patch, p.properties:6)\n"
                + "         " + second.name().substring(0, 7) + " Make the engine faster\n"
                + "         sha " + second.name() + "\n"
                + "         build not built: a run builds it into " + entry(second) + "\n");
        assertThat(text).doesNotContain("The body");
        assertThat(text).contains("cells: 1 workload × 2 thread counts × 1 comparison");
        assertThat(text).contains("  POINT_SELECT@2: restart (measure.mode = restart); 5 pairs planned, up to 20"
                + " with the adaptive loop");
        assertThat(text).contains("  POINT_SELECT@4: restart");
        assertThat(text).contains("    MDE: no stored noise for host "
                + HostFacts.system().host().fingerprint().id()
                + ": the MDE is computed after measuring");
        // A pair without stored costs: 2 × (3s launch and rest + 2s warm-up + 5s measured) = 20s; 10 planned
        // pairs take 200s; the 150s budget pays for 7 more.
        assertThat(text).contains("    a pair: about 20s (2 × (about 3s to launch and rest + warmup.min 2s + 1 ×"
                + " measure.duration 5s); no stored start cost for this host");
        assertThat(text).contains("time (measuring only: not the 2 builds to make, nor the data template of each"
                + " new build):\n"
                + "  planned: 10 pairs, about 3m20s\n"
                + "  at most 17 pairs, about 5m50s (adaptive budget: stats.max_pairs 20 per cell, stats.budget"
                + " 2m30s)\n");
        assertThat(dir.resolve("cache")).as("no tree materialized, nothing built").doesNotExist();
        assertThat(dir.resolve("results")).as("no results written").doesNotExist();
        assertThat(dir.resolve("site")).doesNotExist();
    }

    /** Without FILE, the plan is of what ./taf run would run: properties/quick.properties. */
    @Test
    void withoutAFileThePlanIsOfTheMainJobsDefinition() throws IOException {
        Files.createDirectories(dir.resolve("properties"));
        Files.move(dir.resolve("p.properties"), dir.resolve("properties/quick.properties"));
        Files.writeString(dir.resolve("properties/quick.properties"),
                Files.readString(dir.resolve("properties/quick.properties"))
                        .replace("repository = repo", "repository = ../repo"));
        assertThat(taf("plan")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("plan of properties/quick.properties (quick): nothing is built or run")
                .contains("sha " + second.name());
    }

    @Test
    void aSideWhoseBuildIsInTheCacheSaysSoAndTheOtherIsStillNotBuilt() throws IOException {
        BuildResult made;
        try (Repo r = Repo.open(dir.resolve("repo"))) {
            MaterializedTree tree = new TreeCache(r, dir.resolve("cache")).materialize(r.resolve("HEAD~1"));
            made = new Builder(dir.resolve("cache")).build(tree, spec());
        }
        assertThat(made.cached()).isFalse();
        List<Path> before = entries();

        assertThat(taf("plan", "p.properties")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("         build cached in " + entry(first) + "\n");
        assertThat(out.toString()).contains("         build not built: a run builds it into " + entry(second) + "\n");
        assertThat(out.toString()).contains("not the 1 build to make");
        assertThat(entries()).as("the plan built nothing").isEqualTo(before);
        assertThat(Path.of(entry(second))).doesNotExist();
    }

    @Test
    void storedNoiseOfThisHostGivesTheMdeAndThePairCost() throws IOException {
        String host = HostFacts.system().host().fingerprint().id();
        Instant measured = Instant.parse("2026-11-28T09:00:00Z");
        // Only threads 2 is calibrated here; threads 4 and another host's entry are not this cell's noise.
        NoiseStore.merge(NoiseStore.fileIn(dir.resolve("results")), List.of(
                new NoiseRecord(host, "x", "POINT_SELECT", 2, 0.01, 0.02, 0.5, 10, 10, 6, measured, "r1",
                        java.util.List.of(), null),
                new NoiseRecord("another-host", "y", "POINT_SELECT", 4, 0.01, 0.02, 0.5, 10, 10, 6, measured, "r1",
                        java.util.List.of(), null)));

        assertThat(taf("plan", "--format", "json", "p.properties")).as(err.toString()).isZero();
        JsonNode plan = new ObjectMapper().readTree(out.toString());
        JsonNode two = plan.get("cells").get(0);
        JsonNode four = plan.get("cells").get(1);
        assertThat(two.get("threads").asInt()).isEqualTo(2);
        assertThat(two.get("mde_pct").isNumber()).isTrue();
        assertThat(two.get("mde_basis").asText()).contains("planned from noise measured on " + host);
        assertThat(two.get("noise_measured_at").asText()).isEqualTo("2026-11-28T09:00:00Z");
        assertThat(two.get("pair_seconds").asDouble()).as("2 × (6s stored start + 5s)").isEqualTo(22.0);
        assertThat(four.get("mde_pct").isNull()).isTrue();
        assertThat(four.get("noise_measured_at").isNull()).isTrue();
        assertThat(four.get("pair_seconds").asDouble()).isEqualTo(20.0);
        // Planned: 5 × 22 + 5 × 20 = 210s; the budget pays for 7 of the cheaper extra pairs (140s of 150s).
        JsonNode eta = plan.get("eta");
        assertThat(eta.get("planned_pairs").asInt()).isEqualTo(10);
        assertThat(eta.get("planned_seconds").asLong()).isEqualTo(210);
        assertThat(eta.get("max_pairs").asInt()).isEqualTo(17);
        assertThat(eta.get("max_seconds").asLong()).isEqualTo(360);

        out.getBuffer().setLength(0);
        assertThat(taf("plan", "p.properties")).isZero();
        String mde = String.format(Locale.ROOT, "%.1f%%", two.get("mde_pct").asDouble());
        assertThat(out.toString()).contains("  POINT_SELECT@2: restart (measure.mode = restart); 5 pairs planned,"
                + " up to " + two.get("max_pairs").asInt() + " with the adaptive loop\n"
                + "    MDE: a drop of " + mde + " at 80% power with 5 pairs, ");
        assertThat(out.toString()).contains("    a pair: about 22s (2 × (a start 6s + 1 × 5s measured); the start cost"
                + " (launch, rest, warm-up) is this host's stored one, measured 2026-11-28T09:00:00Z)");
        assertThat(out.toString()).contains("  planned: 10 pairs, about 3m30s\n  at most 17 pairs, about 6m00s");
        assertThat(out.toString()).contains("POINT_SELECT@4: restart").contains("    MDE: no stored noise for host");
    }

    @Test
    void jsonHasTheResolvedSidesUnderStableKeys() throws IOException {
        assertThat(taf("plan", "--format", "json", "p.properties", "-Dstats.max_pairs=5")).isZero();
        JsonNode plan = new ObjectMapper().readTree(out.toString());
        assertThat(plan.get("format_version").asInt()).isEqualTo(2);
        JsonNode parent = plan.get("comparisons").get(0).get("parent");
        assertThat(parent.get("sha").asText()).isEqualTo(first.name());
        assertThat(parent.get("subject").asText()).isEqualTo("Add the engine");
        assertThat(parent.get("key").asText()).isEqualTo("parent, p.properties:5");
        assertThat(parent.get("build_cached").asBoolean()).isFalse();
        assertThat(parent.get("build_dir").asText()).isEqualTo(entry(first));
        assertThat(plan.get("comparisons").get(0).get("patch").get("sha").asText()).isEqualTo(second.name());
        assertThat(plan.get("builds").asInt()).isEqualTo(2);
        JsonNode eta = plan.get("eta");
        assertThat(eta.get("adaptive").asBoolean()).as("-D reaches the plan").isFalse();
        assertThat(eta.get("max_pairs").asInt()).isEqualTo(10);
        assertThat(eta.get("note").asText()).contains("stats.max_pairs (5) is not above measure.iterations (5)");
    }

    @Test
    void aPatchGivenAsADiffIsPlannedOnTheParentsCommitWithItsOwnBuild() throws IOException {
        Files.writeString(dir.resolve("fix.diff"), """
                diff --git a/engine.txt b/engine.txt
                --- a/engine.txt
                +++ b/engine.txt
                @@ -1 +1 @@
                -engine 1
                +engine 1, fixed
                """);
        Path def = dir.resolve("p.properties");
        Files.writeString(def, Files.readString(def).replace("patch = HEAD\n", "patch_diff = fix.diff\n"));
        assertThat(taf("plan", "--format", "json", "p.properties")).as(err.toString()).isZero();
        JsonNode patch = new ObjectMapper().readTree(out.toString()).get("comparisons").get(0).get("patch");
        assertThat(patch.get("sha").asText()).isEqualTo(first.name());
        assertThat(patch.get("key").asText()).as("the diff applies on the parent's revision")
                .isEqualTo("parent, p.properties:5");
        assertThat(patch.get("patch_diff").asText()).isEqualTo(dir.resolve("fix.diff").toString());
        assertThat(patch.get("tree_id").asText()).startsWith(first.name() + "+").hasSize(40 + 1 + 12);
        assertThat(patch.get("build_key").asText()).isNotEqualTo(BuildKey.of(first.name(), spec()));
        assertThat(dir.resolve("cache")).doesNotExist();
    }

    @Test
    void withoutAnAdaptiveLoopTheMostIsThePlan() {
        assertThat(taf("plan", "p.properties", "-Dstats.max_pairs=5")).isZero();
        assertThat(out.toString()).contains("  planned: 10 pairs, about 3m20s\n  at most 10 pairs, about 3m20s (no"
                + " adaptive loop: stats.max_pairs (5) is not above measure.iterations (5))\n");
        assertThat(out.toString()).contains("; 5 pairs planned\n");
    }

    @Test
    void aRevisionThatDoesNotResolveIsAnErrorNamingItAndItsKey() {
        assertThat(taf("plan", "p.properties", "-Dpatch=no-such-branch")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: patch of comparison default (key patch, -D): unknown revision"
                + " 'no-such-branch' in repository ");
        assertThat(out.toString()).isEmpty();
        assertThat(dir.resolve("cache")).doesNotExist();
    }

    @Test
    void aNamedComparisonsRevisionErrorNamesItsOwnKey() throws IOException {
        Files.writeString(dir.resolve("p.properties"), "comparisons = fix\ncomparison.fix.parent = HEAD~1\n"
                + "comparison.fix.patch = HEAD~7\n", java.nio.file.StandardOpenOption.APPEND);
        assertThat(taf("plan", "p.properties")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: patch of comparison fix (key comparison.fix.patch,"
                + " p.properties:18): revision 'HEAD~7' does not exist in repository ");
    }

    @Test
    void aDefinitionARunWouldRefuseIsRefused() {
        assertThat(taf("plan", "p.properties", "-Dmeasure.iterations=0")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: ").contains("measure.iterations");
    }

    private List<Path> entries() throws IOException {
        try (Stream<Path> s = Files.list(builds())) {
            return s.sorted().toList();
        }
    }
}
