package org.taf.runner;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.all;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.AbstractClassesTransformer;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The stage layering of docs/architecture.md, checked on the runner's main classes: the orchestrators
 * (run and bisect) and the command line sit on top, the statistics are pure, outputs read records, OS readings are
 * shared, and no two packages need each other.
 */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.taf.runner");

    private static final int MAX_CLASSES = 40;
    /** Packages over the limit until they are split (issue 45), each at most as big as it is now. */
    private static final String[] STAGES = {"..config..", "..git..", "..build..", "..profile..", "..launch..",
        "..warmup..", "..workload..", "..stats..", "..results..", "..report..", "..db..", "..host..", "..jfr..",
        "..sys.."};

    @Test
    void noPackageCycles() {
        slices().matching("org.taf.runner.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void noCyclesBetweenSubpackagesEither() {
        // Each package its own slice, subpackages included: report's shared words, its post, its site and its
        // outputs (and chart, flame) depend one way only.
        slices().matching("org.taf.runner.(**)").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void noPackageHoldsMoreThan40MainClasses() {
        // A package is one thing to read (issue 45): past 40 top-level classes it splits by what it makes.
        all(new AbstractClassesTransformer<PackageSize>("packages") {
            @Override
            public Iterable<PackageSize> doTransform(JavaClasses classes) {
                return classes.stream().filter(JavaClass::isTopLevelClass)
                        .filter(c -> !c.getSimpleName().equals("package-info"))
                        .collect(Collectors.groupingBy(JavaClass::getPackageName, TreeMap::new, Collectors.counting()))
                        .entrySet().stream().map(e -> new PackageSize(e.getKey(), e.getValue())).toList();
            }
        }).should(new ArchCondition<PackageSize>("hold at most " + MAX_CLASSES + " top-level classes") {
            @Override
            public void check(PackageSize p, ConditionEvents events) {
                String message = p.name() + " holds " + p.classes() + " top-level classes (at most " + MAX_CLASSES
                        + ")";
                events.add(new SimpleConditionEvent(p, p.classes() <= MAX_CLASSES, message));
            }
        }).check(MAIN);
    }

    /** A package of the runner and how many top-level main classes it holds. */
    private record PackageSize(String name, long classes) {}

    @Test
    void stagesNeverCallTheOrchestratorOrTheCommandLine() {
        noClasses().that().resideInAnyPackage(STAGES).should().dependOnClassesThat()
                .resideInAnyPackage("org.taf.runner.run..", "org.taf.runner.cli..").check(MAIN);
    }

    @Test
    void onlyTheCommandLineStartsABisect() {
        noClasses().that().resideOutsideOfPackages("org.taf.runner.cli..", "org.taf.runner.bisect..").should()
                .dependOnClassesThat().resideInAPackage("org.taf.runner.bisect..").check(MAIN);
        noClasses().that().resideInAPackage("org.taf.runner.bisect..").should().dependOnClassesThat()
                .resideInAPackage("org.taf.runner.cli..").check(MAIN);
    }

    @Test
    void theStagesTakeTheirOptionsAndNeverReadTheDefinition() {
        // config builds each stage's options record (docs/architecture.md, "Settings and options"); a stage
        // reading config back would need a second type for the same options, or make a cycle.
        noClasses().that().resideInAnyPackage("org.taf.runner.git..", "org.taf.runner.build..",
                "org.taf.runner.profile..", "org.taf.runner.launch..", "org.taf.runner.warmup..",
                "org.taf.runner.workload..", "org.taf.runner.stats..", "org.taf.runner.host..", "org.taf.runner.sys..")
                .should().dependOnClassesThat().resideInAPackage("org.taf.runner.config..").check(MAIN);
    }

    @Test
    void theStatisticsArePure() {
        noClasses().that().resideInAPackage("org.taf.runner.stats..").should().dependOnClassesThat()
                .resideInAnyPackage("org.taf.runner.config..", "org.taf.runner.git..", "org.taf.runner.build..",
                        "org.taf.runner.profile..", "org.taf.runner.launch..", "org.taf.runner.warmup..",
                        "org.taf.runner.workload..", "org.taf.runner.results..", "org.taf.runner.report..",
                        "org.taf.runner.db..", "org.taf.runner.sys..")
                .check(MAIN);
    }

    @Test
    void osReadingsDependOnNoStage() {
        noClasses().that().resideInAPackage("org.taf.runner.sys..").should().dependOnClassesThat()
                .resideInAnyPackage(java.util.Arrays.copyOf(STAGES, STAGES.length - 1))
                .check(MAIN);
    }

    @Test
    void outputsReadRecordsNotTheMeasuringStages() {
        noClasses().that().resideInAPackage("org.taf.runner.report..").should().dependOnClassesThat()
                .resideInAnyPackage("org.taf.runner.launch..", "org.taf.runner.workload..", "org.taf.runner.warmup..",
                        "org.taf.runner.git..", "org.taf.runner.build..")
                .check(MAIN);
    }

    @Test
    void outputsReadTheRunsRecordsNotItsDefinitionOrHost() {
        // Everything a page or a summary says is in the run's records (the rules in JudgementRecord, the
        // settings in DefinitionRecord): a setting read back by key, or host noise computed anew, would drift.
        noClasses().that().resideInAPackage("org.taf.runner.report..").should().dependOnClassesThat()
                .resideInAnyPackage("org.taf.runner.config..", "org.taf.runner.profile..").check(MAIN);
    }

    @Test
    void theRecordsNeedNoDefinition() {
        // Their vocabulary (sides, modes, host-noise limits, warm-up modes) lives with them or in stats: a stored
        // run reads without the definition that made it, and config may build records, not the other way round.
        noClasses().that().resideInAPackage("org.taf.runner.results..").should().dependOnClassesThat()
                .resideInAnyPackage("org.taf.runner.config..", "org.taf.runner.git..", "org.taf.runner.build..",
                        "org.taf.runner.profile..", "org.taf.runner.launch..", "org.taf.runner.warmup..",
                        "org.taf.runner.workload..", "org.taf.runner.report..", "org.taf.runner.db..")
                .check(MAIN);
    }

    @Test
    void theResultsDatabaseStoresRecordsOnly() {
        // It keeps what a run recorded; it neither measures nor renders.
        noClasses().that().resideInAPackage("org.taf.runner.db..").should().dependOnClassesThat()
                .resideInAnyPackage("org.taf.runner.launch..", "org.taf.runner.workload..", "org.taf.runner.warmup..",
                        "org.taf.runner.git..", "org.taf.runner.build..", "org.taf.runner.profile..",
                        "org.taf.runner.report..")
                .check(MAIN);
    }

    @Test
    void theAdaptiveLoopReadsLiveSamplesNotTheRecord() {
        // Its looks read each cell's samples as they grew; the record is judged once, at the end (Judgement).
        noClasses().that().haveFullyQualifiedName("org.taf.runner.run.AdaptiveLoop").should().dependOnClassesThat()
                .haveFullyQualifiedName("org.taf.runner.run.Judgement").check(MAIN);
        noClasses().that().haveFullyQualifiedName("org.taf.runner.run.Judgement").should().dependOnClassesThat()
                .haveFullyQualifiedName("org.taf.runner.run.AdaptiveLoop").check(MAIN);
    }

    @Test
    void theMeasuringSideNeverImportsTheOutputs() {
        // A run measures and records; the outputs render the records afterwards. Only run.Session, which
        // writes a finished run's outputs, reaches report.
        noClasses().that().resideInAnyPackage("org.taf.runner.launch..", "org.taf.runner.warmup..",
                "org.taf.runner.workload..", "org.taf.runner.host..", "org.taf.runner.profile..",
                "org.taf.runner.jfr..", "org.taf.runner.run..")
                .and().doNotHaveFullyQualifiedName("org.taf.runner.run.Session")
                .should().dependOnClassesThat().resideInAPackage("org.taf.runner.report..").check(MAIN);
    }

    @Test
    void launchingDoesNotNeedTheWarmUp() {
        noClasses().that().resideInAPackage("org.taf.runner.launch..").should().dependOnClassesThat()
                .resideInAPackage("org.taf.runner.warmup..").check(MAIN);
    }

    @Test
    void theHostProbeNeitherMeasuresTheEngineNorRenders() {
        // It reads the host and decides whether to wait; the run measures, the outputs render what it recorded.
        noClasses().that().resideInAPackage("org.taf.runner.host..").should().dependOnClassesThat()
                .resideInAnyPackage("org.taf.runner.launch..", "org.taf.runner.workload..", "org.taf.runner.warmup..",
                        "org.taf.runner.report..", "org.taf.runner.db..", "org.taf.runner.stats..")
                .check(MAIN);
    }

    @Test
    void testDoublesStayInTestSources() {
        noClasses().should().haveSimpleNameStartingWith("Fake").orShould().haveSimpleNameStartingWith("Replay")
                .orShould().haveSimpleNameStartingWith("Manual").check(MAIN);
    }
}
