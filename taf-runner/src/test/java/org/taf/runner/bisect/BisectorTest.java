package org.taf.runner.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.TafException;
import org.taf.runner.bisect.BisectRecord.CellResult;
import org.taf.runner.bisect.BisectRecord.Outcome;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.git.TestRepo;
import org.taf.runner.stats.Verdict;

/**
 * The orchestration around the search, with a fake judge on a real repository: the range and engine
 * trees from git, {@code bisect.json} after every step and at the end, the table, the page of the site.
 */
class BisectorTest {
    @TempDir
    Path dir;

    @Test
    void keepsTheEvidenceAsJsonAsATableAndAsAPageOfTheSite() throws Exception {
        List<RevCommit> c = new ArrayList<>();
        try (TestRepo t = TestRepo.init(dir.resolve("repo"))) {
            t.write("pom.xml", "<project/>\n").write("engine/A.java", "class A {}\n").write("NOTES.txt", "0\n");
            c.add(t.commit("Engine"));
            for (int i = 1; i <= 8; i++) {
                if (i == 6) {
                    t.write("engine/A.java", "class A { void slow() {} }\n");
                } else {
                    t.write("NOTES.txt", i + "\n");
                }
                c.add(t.commit(i == 6 ? "Slow | down" : "Notes " + i));
            }
        }
        Files.writeString(dir.resolve("b.properties"), "repository = repo\noutput.results_dir = results\n"
                + "output.site_dir = site\noutput.publish = true\nworkload.threads = 2\n");
        TestDefinition def = new ConfigLoader(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), Path.of("/home/t")))
                .load(dir.resolve("b.properties"), Map.of("comparisons", ""));
        Set<String> slow = Set.of(c.get(6).name(), c.get(7).name(), c.get(8).name());
        List<String> measured = new ArrayList<>();
        Judge judge = (good, commit, step) -> {
            assertThat(good.sha()).isEqualTo(c.get(0).name());
            measured.add(commit.sha());
            // The evidence is written from the first judged step on: not before this, the only measured one.
            assertThat(dir.resolve("results/bisect-20261201-170000-b/bisect.json")).doesNotExist();
            return new Judge.Measurement("run-" + step, List.of(slow.contains(commit.sha())
                    ? new CellResult("POINT_SELECT", 2, Verdict.REGRESSED, 0.5, 0.45, 0.55)
                    : new CellResult("POINT_SELECT", 2, Verdict.NO_CHANGE, 1.0, 0.98, 1.02)), null);
        };
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Clock clock = Clock.fixed(Instant.parse("2026-12-01T17:00:00Z"), ZoneOffset.UTC);
        BisectRecord r = new Bisector(def, judge, clock, out, "./taf bisect --good A --bad B b.properties")
                .run(c.get(0).name(), "main");

        assertThat(r.outcome()).isEqualTo(Outcome.CULPRIT);
        assertThat(r.culprit().sha()).isEqualTo(c.get(6).name());
        // Only bad is measured: the text commits have good's engine tree, the culprit has bad's.
        assertThat(measured).containsExactly(c.get(8).name());
        assertThat(r.steps()).extracting(s -> s.sameTreeAs() == null ? "measured" : s.sameTreeAs().subject())
                .containsExactly("measured", "Engine", "Notes 8", "Engine");
        assertThat(r.bisectId()).isEqualTo("20261201-170000-b");
        assertThat(r.buildInputs()).containsExactly("pom.xml", ".mvn", "engine");
        assertThat(BisectFiles.read(dir.resolve("results/bisect-" + r.bisectId()))).isEqualTo(r);

        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("taf bisect " + r.good().shortSha() + ".." + r.bad().shortSha()
                + ": 8 first-parent commits; cells that count: POINT_SELECT x 2 threads");
        assertThat(printed)
                .containsPattern(
                        "\\n1 +" + r.bad().shortSha() + " +REGRESSED +0\\.500 +\\[0\\.450, 0\\.550\\] +run-1 ");
        assertThat(printed).contains("same engine tree as " + c.get(0).name().substring(0, 7) + ", not measured");
        assertThat(printed).contains("culprit: " + c.get(6).name() + " Slow | down");

        String page = Files.readString(dir.resolve("site/pages/bisect-" + r.bisectId() + ".html"));
        assertThat(page).contains("culprit: " + c.get(6).name() + " Slow / down", "<table", "REGRESSED",
                "../posts/run-1/index.html");
        assertThat(Files.readString(dir.resolve("site/data/pages/bisect-" + r.bisectId() + ".md")))
                .startsWith("# Bisect ");
        assertThat(Files.readString(dir.resolve("site/index.html"))).contains("pages/bisect-" + r.bisectId() + ".html");
    }

    @Test
    void aBisectStoppedByAnErrorKeepsTheStepsItJudged() throws Exception {
        List<RevCommit> c = new ArrayList<>();
        try (TestRepo t = TestRepo.init(dir.resolve("repo"))) {
            for (int i = 0; i <= 2; i++) {
                t.write("engine/A.java", "class A { int v" + i + "; }\n");
                c.add(t.commit("Engine " + i));
            }
        }
        Files.writeString(dir.resolve("b.properties"), "repository = repo\noutput.results_dir = results\n"
                + "output.site_dir = site\noutput.publish = true\n");
        TestDefinition def = new ConfigLoader(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), Path.of("/home/t")))
                .load(dir.resolve("b.properties"), Map.of("comparisons", ""));
        Judge judge = (good, commit, step) -> {
            if (step == 2) {
                throw new TafException("the engine of " + commit.label() + " refused connections");
            }
            return new Judge.Measurement("run-" + step,
                    List.of(new CellResult("POINT_SELECT", 1, Verdict.REGRESSED, 0.5, 0.45, 0.55)), null);
        };
        Clock clock = Clock.fixed(Instant.parse("2026-12-01T17:00:00Z"), ZoneOffset.UTC);
        Bisector bisector = new Bisector(def, judge, clock, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), "./taf bisect");
        assertThatThrownBy(() -> bisector.run(c.get(0).name(), c.get(2).name()))
                .hasMessageContaining("refused connections");
        BisectRecord kept = BisectFiles.read(dir.resolve("results/bisect-20261201-170000-b"));
        assertThat(kept.outcome()).isEqualTo(Outcome.UNFINISHED);
        assertThat(kept.outcome().exitCode().code()).isEqualTo(3);
        assertThat(kept.finishedAt()).isNull();
        assertThat(kept.steps())
                .singleElement()
                .satisfies(s -> assertThat(s.commit().sha()).isEqualTo(c.get(2).name()));
        assertThat(kept.countedCells()).containsExactly("POINT_SELECT x 1 threads");
    }
}
