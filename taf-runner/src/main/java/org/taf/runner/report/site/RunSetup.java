package org.taf.runner.report.site;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.RunRecord;

/**
 * What a run was measured on and with, in the terms a reader tells two runs of a story apart by: the host's CPU,
 * the engine's Java, how the pairs were measured, the threads, the workloads, the engine's settings and the most
 * pairs a cell could take. Kept in the run's digest, so that an earlier run says what it did otherwise
 * ({@link Differences}) without its record being read. From the record: the environment, the cells and the rules
 * it was judged by; the engine's settings from its definition, as the post shows them.
 *
 * @param cpu       the host's CPU model in plain words ("Intel Xeon", "AMD EPYC"), "" when unknown
 * @param cpus      the host's logical CPUs, 0 when unknown
 * @param java      the engine's Java release ("25"), "" when unknown
 * @param modes     how its cells' pairs were measured ({@code MeasureMode} labels), sorted
 * @param threads   its thread counts, ascending
 * @param workloads its workloads, in plan order
 * @param engine    its definition's engine settings, by key without {@code engine.}
 * @param maxPairs  the most pairs a cell could take ({@code stats.max_pairs})
 * @param runner    the commit TAF was built from, abbreviated ("e8af181"; "e975177 with local changes"),
 *                  "" when its version does not say
 */
record RunSetup(String cpu, int cpus, String java, List<String> modes, List<Integer> threads, List<String> workloads,
                Map<String, String> engine, int maxPairs, String runner) {
    /** "version "25.0.3"" (java -version), "VM 17.0.15+6" (the older records' JVM name): the release. */
    private static final Pattern JAVA_RELEASE = Pattern.compile("(?:version \"|VM )(\\d+)");
    /** {@code 0.1.0-SNAPSHOT+g1a2b3c4d5e6f.dirty}: the runner's commit and whether its tree was changed. */
    private static final Pattern RUNNER_COMMIT = Pattern.compile("\\+g([0-9a-f]{7})[0-9a-f]*(\\.dirty)?");
    private static final String ENGINE = "engine.";

    RunSetup {
        modes = List.copyOf(modes);
        threads = List.copyOf(threads);
        workloads = List.copyOf(workloads);
        engine = new TreeMap<>(engine);
    }

    static RunSetup of(RunRecord run) {
        EnvironmentRecord e = run.environment();
        TreeSet<String> modes = new TreeSet<>();
        TreeSet<Integer> threads = new TreeSet<>();
        run.comparisons().forEach(c -> c.cells().forEach((CellRecord cell) -> {
            modes.add(cell.mode().label());
            threads.add(cell.threads());
        }));
        Map<String, String> engine = new TreeMap<>();
        if (run.definition() != null) {
            run.definition().settings().stream().filter(s -> s.key().startsWith(ENGINE))
                    .forEach(s -> engine.put(s.key().substring(ENGINE.length()), s.value() == null ? "" : s.value()));
        }
        return new RunSetup(e == null ? "" : cpu(e.cpuModel()), e == null ? 0 : e.threads(),
                e == null || e.engineJvm() == null ? "" : java(e.engineJvm().version()), List.copyOf(modes),
                List.copyOf(threads), run.workloads(), engine, run.judgement().maxPairs(), runner(run.runnerVersion()));
    }

    /** A CPU model without its marks and filler: "Intel(R) Xeon(R) Processor" is "Intel Xeon". */
    static String cpu(String model) {
        if (model == null) {
            return "";
        }
        return model.replaceAll("\\((R|r|TM|tm)\\)", "").replaceAll("\\s+@.*$", "")
                .replaceAll("\\b(CPU|Processor)\\b", "").replaceAll("\\s+", " ").trim();
    }

    /** The commit of a runner version, "e975177 with local changes" for a changed tree; "" when it names none. */
    static String runner(String version) {
        Matcher m = RUNNER_COMMIT.matcher(version == null ? "" : version);
        return !m.find() ? "" : m.group(1) + (m.group(2) == null ? "" : " with local changes");
    }

    /** The release of {@code java -version}'s first line: "25" of {@code openjdk version "25.0.3" 2026-04-21}. */
    static String java(String version) {
        Matcher m = JAVA_RELEASE.matcher(version == null ? "" : version);
        return m.find() ? m.group(1) : "";
    }
}
