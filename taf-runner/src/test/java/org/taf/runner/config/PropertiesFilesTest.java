package org.taf.runner.config;

import org.taf.runner.workload.Workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.taf.runner.results.MeasureMode;

/** Every definition and profile committed under {@code properties/} loads without a problem. */
class PropertiesFilesTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Path PROPERTIES = ROOT.resolve("properties");

    private static LoadContext context() {
        return new LoadContext(ROOT, Map.of(), Fixture.JAVA_HOME, Fixture.USER_HOME);
    }

    private static List<Path> files(boolean profiles) throws IOException {
        try (Stream<Path> s = Files.walk(PROPERTIES)) {
            return s.filter(p -> p.toString().endsWith(".properties"))
                    .filter(p -> p.getParent().getFileName().toString().equals("profiles") == profiles)
                    .sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyDefinitionValidates() throws IOException {
        List<Path> files = files(false);
        assertThat(files).extracting(p -> PROPERTIES.relativize(p).toString())
                .contains("quick.properties", "examples/mdev37992.properties", "examples/bp-instances.properties");
        return files.stream().map(p -> DynamicTest.dynamicTest(PROPERTIES.relativize(p).toString(), () -> {
            TestDefinition d = new ConfigLoader(context()).load(p, Map.of());
            assertThat(d.config().warnings()).isEmpty();
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyProfileLoads() throws IOException {
        List<Path> profiles = files(true);
        assertThat(profiles).extracting(p -> p.getFileName().toString()).contains("default.properties");
        Path quick = PROPERTIES.resolve("quick.properties");
        return profiles.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            String name = p.getFileName().toString().replace(".properties", "");
            TestDefinition d = new ConfigLoader(context()).load(quick, Map.of("profile", name));
            assertThat(d.config().profileFile()).contains(p);
            assertThat(d.profile().name()).isEqualTo(name);
        }));
    }

    /**
     * Only the story definitions post into the published, tracked {@code site/}; the others (the main
     * job, the gate, the examples, the power study's) write their site under the ignored results, so a
     * try leaves the working tree clean (issue 19, item 8).
     */
    @TestFactory
    Stream<DynamicTest> onlyTheStoriesPostIntoThePublishedSite() throws IOException {
        Set<String> stories = Set.of("properties/mdev33966.properties", "properties/bp-instances.properties",
                "properties/mdev33515.properties", "properties/mysql56-rwlock.properties");
        Path site = ROOT.resolve("site");
        Path results = ROOT.resolve("results");
        assertThat(Files.readAllLines(ROOT.resolve(".gitignore"))).as("results are ignored by git")
                .contains("/results/");
        List<Path> files = Stream.concat(files(false).stream(),
                Stream.of(ROOT.resolve("docs/benchmarks/power-study.properties"))).toList();
        assertThat(files).extracting(p -> ROOT.relativize(p).toString()).containsAll(stories)
                .contains("properties/quick.properties", "properties/gate.properties",
                        "properties/examples/bp-instances.properties");
        return files.stream().map(p -> DynamicTest.dynamicTest(ROOT.relativize(p).toString(), () -> {
            OutputSettings out = new ConfigLoader(context()).load(p, Map.of()).output();
            if (stories.contains(ROOT.relativize(p).toString())) {
                assertThat(out.publish()).isTrue();
                assertThat(out.postSiteDir()).isEqualTo(site);
            } else {
                assertThat(out.publish()).isFalse();
                assertThat(out.postSiteDir()).isEqualTo(results.resolve("site"));
                assertThat(out.postSiteDir().startsWith(site)).as("%s is outside site/", out.postSiteDir()).isFalse();
                assertThat(out.resultsDir()).isEqualTo(results);
            }
        }));
    }

    @Test
    void quickIsHeadOneAgainstHeadOfThisRepositoryAndShort() {
        TestDefinition d = new ConfigLoader(context()).load(PROPERTIES.resolve("quick.properties"), Map.of());
        assertThat(d.repository()).isEqualTo(ROOT);
        assertThat(d.comparisons()).singleElement().satisfies(c -> {
            assertThat(c.parent().revision()).isEqualTo("HEAD~1");
            assertThat(c.patch().revision()).isEqualTo("HEAD");
        });
        assertThat(d.tests()).containsExactly(Workload.POINT_SELECT);
        assertThat(d.threads()).containsExactly(2);
        // Both engines of a pair alive, alternating: on this VM that cancels the start levels (power study,
        // third study).
        assertThat(d.measure().mode()).isEqualTo(MeasureMode.ALTERNATE);
        // At most 11 minutes of measuring: the planned pairs at their longest warm-up with all their
        // windows, and the adaptive loop's budget. (Issue 18 asked for 5; on a noisy morning an unchanged
        // commit was called NO_CHANGE after 5.9 minutes on average, 26% within 5: power study, sixth study.)
        int windows = d.measure().mode() == MeasureMode.ALTERNATE ? d.measure().windows() : 1;
        long seconds = 2L * d.measure().iterations() * (d.warmup().settle().max().toSeconds()
                + windows * d.measure().duration().toSeconds()) + d.stats().budget().toSeconds();
        assertThat(seconds).isLessThanOrEqualTo(660);
    }
}
