package org.taf.runner.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a history series measures, so that only like is joined with like: one workload at one thread
 * count, on one data shape, with one set of engine settings and profile, in one line of development
 * ({@link #line}), on one machine. Two cells with different keys are never drawn on one line nor searched
 * for change points together.
 *
 * <p>The machine is the host fingerprint without the kernel: CPU model (spaces collapsed), physical
 * cores, logical CPUs and memory rounded to 256 MiB, the same facts and rounding as the noise store's
 * fingerprint ({@link HostFingerprint}). The kernel is left out because it changes on one machine
 * (an upgrade): with the host name, the JVMs and the runner version it is a {@link Segment} of the
 * series, not another series.
 *
 * @param workload   TAF's test name
 * @param threads    client threads
 * @param comparison the line of development ({@link #line}): the comparison's label, or for a comparison against
 *                   the definition's pinned {@code baseline} that baseline and the comparison's name
 * @param dataShape  the {@code workload.*} settings that shape the data and the transactions (tables, table
 *                   size, distribution, seed, statement counts), {@code key=value} sorted, prefix dropped
 * @param settings   the patch side's engine variables, then the profile (runtime, cpusets, cpu_idle=poll when
 *                   idle CPUs polled), {@code key=value}
 * @param machine    {@code <cpu model> | <cores> cores | <cpus> CPUs | <MiB> MiB}
 */
public record SeriesKey(String workload, int threads, String comparison, String dataShape, String settings,
                        String machine) implements Comparable<SeriesKey> {
    /** The key naming the pinned baseline in a run's recorded settings ({@code config.Keys.BASELINE}). */
    public static final String BASELINE = "baseline";

    /**
     * {@code workload.*} keys that do not change what is measured: the workload and threads are fields of
     * the key, and the rest are how the client connects and reports. Every other {@code workload.*} key is
     * part of the data shape, so a key added later splits series rather than joining unlike ones.
     */
    private static final Set<String> NOT_SHAPE = Set.of("workload.tests", "workload.threads",
            "workload.report_interval", "workload.user", "workload.password", "workload.database");

    public SeriesKey {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(comparison, "comparison");
        Objects.requireNonNull(dataShape, "dataShape");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(machine, "machine");
    }

    /** The key of {@code cell} of comparison {@code c} in {@code run}. */
    public static SeriesKey of(RunRecord run, ComparisonRecord c, CellRecord cell) {
        return new SeriesKey(cell.workload(), cell.threads(), line(run, c), dataShape(run), settings(run, c),
                machine(run.environment()));
    }

    /**
     * The line of development comparison {@code c} of {@code run} belongs to. Against the definition's pinned
     * {@code baseline} it is "against v1.0" (", name" added for a named comparison): the label names the
     * patch's revision too ("v1.0 vs 3f2a1b0c9d"), and a nightly given tonight's sha would otherwise make a
     * one-point series a night. Any other comparison's line is its label.
     */
    public static String line(RunRecord run, ComparisonRecord c) {
        return baseline(run, c).map(b -> "against " + b + (c.name().equals(ComparisonRecord.SINGLE) ? ""
                : ", " + c.name())).orElseGet(() -> label(c));
    }

    /** The definition's pinned {@code baseline} when comparison {@code c} of {@code run} measured against it. */
    public static Optional<String> baseline(RunRecord run, ComparisonRecord c) {
        if (run.definition() == null || c.parent() == null) {
            return Optional.empty();
        }
        return run.definition().settings().stream().filter(s -> s.key().equals(BASELINE))
                .map(DefinitionRecord.SettingRecord::value)
                .filter(v -> v != null && !v.isBlank() && v.equals(c.parent().revision())).findFirst();
    }

    /** The comparison's part of the key: its label, or its name when it has none. */
    public static String label(ComparisonRecord c) {
        return c.label() == null || c.label().isBlank() ? c.name() : c.label();
    }

    /** The run's data shape as the key holds it: its {@code workload.*} settings but the cell's own. */
    public static String dataShape(RunRecord run) {
        Map<String, String> shape = new TreeMap<>();
        if (run.definition() != null) {
            for (DefinitionRecord.SettingRecord s : run.definition().settings()) {
                if (s.key().startsWith("workload.") && !NOT_SHAPE.contains(s.key())) {
                    shape.put(s.key().substring("workload.".length()), s.value() == null ? "" : s.value().trim());
                }
            }
        }
        return join(shape);
    }

    /** The settings of comparison {@code c} as the key holds them: its patch's engine variables, then the profile. */
    public static String settings(RunRecord run, ComparisonRecord c) {
        List<String> settings = new ArrayList<>();
        if (c.patch() != null) {
            c.patch().engineSettings().forEach((k, v) -> settings.add(k + "=" + v));
        }
        EnvironmentRecord e = run.environment();
        if (e != null) {
            settings.add("runtime=" + e.runtime());
            settings.add("engine_cpuset=" + e.engineCpuset());
            settings.add("client_cpuset=" + e.clientCpuset());
            if (e.idlePolled()) {
                // Polling idle CPUs nearly doubled OLTP_RW's TPS on the development VM: another series, not a step.
                settings.add("cpu_idle=poll");
            }
        }
        return String.join(" ", settings);
    }

    /** The machine's facts as the key holds them; "unknown machine" for a record without environment. */
    public static String machine(EnvironmentRecord e) {
        if (e == null) {
            return "unknown machine";
        }
        // The noise store's fingerprint, normalised the same way, without the kernel (a segment fact).
        HostFingerprint f = HostFingerprint.of(e.cpuModel() == null ? "" : e.cpuModel(), e.cores(), e.threads(),
                e.memoryBytes(), "");
        return String.format(Locale.ROOT, "%s | %d cores | %d CPUs | %d MiB", f.cpuModel(), f.cores(), f.threads(),
                f.memoryMib());
    }

    private static String join(Map<String, String> m) {
        List<String> out = new ArrayList<>();
        m.forEach((k, v) -> out.add(k + "=" + v));
        return String.join(" ", out);
    }

    @Override
    public int compareTo(SeriesKey o) {
        int c = workload.compareTo(o.workload);
        c = c != 0 ? c : Integer.compare(threads, o.threads);
        c = c != 0 ? c : comparison.compareTo(o.comparison);
        c = c != 0 ? c : machine.compareTo(o.machine);
        c = c != 0 ? c : dataShape.compareTo(o.dataShape);
        return c != 0 ? c : settings.compareTo(o.settings);
    }

    /**
     * The environment a point of a series was measured in, beyond the machine: a change of any of these
     * within a series starts a new segment. A step at such a change may be the environment's, not a
     * commit's (environment drift), so change points are searched within a segment only.
     *
     * @param host          host name (a rebuilt VM of the same machine is a new segment)
     * @param kernel        kernel release
     * @param jvm           the JVM that ran TAF and the load generator
     * @param engineJvm     the JVM that ran the engine, with its arguments
     * @param runnerVersion TAF's version without its semver build metadata (the runner's commit,
     *                      {@code +g<sha>}): the nightly runs the runner of the day's main, so a new
     *                      segment per runner commit would leave no series long enough to search
     */
    public record Segment(String host, String kernel, String jvm, String engineJvm, String runnerVersion) {
        /** The segment of {@code run}; unknown facts are "". */
        public static Segment of(RunRecord run) {
            EnvironmentRecord e = run.environment();
            // The AOT cache's argument names a file per build: it changes with every commit, not the JVM.
            String engine = e == null || e.engineJvm() == null ? ""
                    : (e.engineJvm().version() + " " + String.join(" ", e.engineJvm().args().stream()
                            .filter(a -> !a.startsWith("-XX:AOTCache=")).toList())).trim();
            return new Segment(e == null ? "" : nz(e.host()), e == null ? "" : nz(e.kernel()),
                    e == null ? "" : nz(e.jvm()), engine, release(nz(run.runnerVersion())));
        }

        /**
         * What differs from {@code before}, one entry per fact, in the order host, kernel, jvm, engine_jvm,
         * runner; empty when nothing does.
         */
        public List<Drift> changesFrom(Segment before) {
            List<Drift> out = new ArrayList<>();
            add(out, "host", before.host, host);
            add(out, "kernel", before.kernel, kernel);
            add(out, "jvm", before.jvm, jvm);
            add(out, "engine_jvm", before.engineJvm, engineJvm);
            add(out, "runner", before.runnerVersion, runnerVersion);
            return out;
        }

        /**
         * {@code 0.1.0-SNAPSHOT+g1a2b3c4d5e6f.dirty} -> {@code 0.1.0-SNAPSHOT}: semver's precedence ignores build
         * metadata.
         */
        static String release(String runnerVersion) {
            int plus = runnerVersion.indexOf('+');
            return plus < 0 ? runnerVersion : runnerVersion.substring(0, plus);
        }

        private static void add(List<Drift> out, String fact, String a, String b) {
            if (!a.equals(b)) {
                out.add(new Drift(fact, a, b));
            }
        }

        private static String nz(String s) {
            return s == null ? "" : s.trim();
        }
    }

    /**
     * One fact of the environment that changed between two segments.
     *
     * @param fact   host, kernel, jvm, engine_jvm or runner (the outputs name it in their language)
     * @param before its value in the segment before
     * @param after  its value in the new segment
     */
    public record Drift(String fact, String before, String after) {
    }
}
