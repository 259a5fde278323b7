package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.taf.runner.report.Formats;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.report.PageView;
import org.taf.runner.report.PageView.Fact;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.EnvironmentRecord.CpuState;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RunRecord;

/** The host of a run as the post lists it, the CPU frequency state included exactly as achieved. */
final class EnvironmentFacts {
    private EnvironmentFacts() {}

    static List<Fact> of(PostContext x) {
        RunRecord run = x.run();
        EnvironmentRecord e = run.environment();
        List<Fact> out = new ArrayList<>();
        if (e != null) {
            out.add(new Fact("env.host", e.host()));
            out.add(new Fact("env.cpu", e.cpuModel()));
            out.add(new Fact("env.topology", x.m().get("env.topology_value", e.sockets(), e.cores(), e.threads())));
            out.add(new Fact("env.memory", x.f().gib(e.memoryBytes())));
            out.add(new Fact("env.os", e.os()));
            out.add(new Fact("env.kernel", e.kernel()));
            out.add(new Fact("env.jvm", e.jvm()));
            out.add(new Fact("env.runtime", e.runtime()));
            out.add(new Fact("env.engine_cpuset", cpuset(x, e.engineCpuset())));
            out.add(new Fact("env.client_cpuset", cpuset(x, e.clientCpuset())));
            out.add(new Fact("env.used_cores", x.m().get("env.used_cores_value",
                    IterationNumbers.availableCpus(e))));
            if (e.cpufreq() != null) {
                out.add(new Fact("env.cpufreq", e.cpufreq().note()));
                cpuStates(x, e.cpufreq().cpus()).forEach(s -> out.add(new Fact("env.cpu_state", s)));
            }
            if (e.cpuIdle() != null) {
                out.add(new Fact("env.cpu_idle", e.cpuIdle()));
            }
        }
        TreeSet<String> versions = new TreeSet<>();
        run.comparisons().forEach(c -> c.cells().forEach(cell -> {
            cell.parent().stream().map(IterationRecord::serverVersion).filter(v -> v != null).forEach(versions::add);
            cell.patch().stream().map(IterationRecord::serverVersion).filter(v -> v != null).forEach(versions::add);
        }));
        if (!versions.isEmpty()) {
            out.add(new Fact("env.server_version", String.join(", ", versions)));
        }
        out.add(new Fact("env.runner", run.runnerVersion() == null ? Formats.NONE : run.runnerVersion()));
        return out;
    }

    private static String cpuset(PostContext x, String cpuset) {
        return cpuset == null || cpuset.isBlank() ? x.m().get("env.not_pinned") : cpuset;
    }

    /** CPUs grouped by identical settings: "CPUs 0-3: performance, 2,100–2,100 MHz, boost off". */
    static List<String> cpuStates(PostContext x, List<CpuState> cpus) {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (CpuState c : cpus) {
            // Without cpufreq there are no settings to show, only why: "not pinned: no cpufreq".
            String key = c.status() != null && c.minKhz() == 0 && c.maxKhz() == 0 ? c.status()
                    : x.m().get("env.cpu_state_value", c.governor(), x.f().number(c.minKhz() / 1000.0, 0),
                            x.f().number(c.maxKhz() / 1000.0, 0), c.boost())
                            + (c.status() == null ? "" : " (" + c.status() + ")");
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(c.cpu());
        }
        List<String> out = new ArrayList<>();
        groups.forEach((state, ids) -> out.add(x.m().get("env.cpus", ranges(ids), state)));
        return out;
    }

    /** [0,1,2,3,8] as "0-3,8". */
    static String ranges(List<Integer> ids) {
        List<Integer> sorted = new ArrayList<>(new TreeSet<>(ids));
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < sorted.size(); i++) {
            int start = sorted.get(i);
            int end = start;
            while (i + 1 < sorted.size() && sorted.get(i + 1) == end + 1) {
                end = sorted.get(++i);
            }
            b.append(b.length() > 0 ? "," : "").append(start).append(end > start ? "-" + end : "");
        }
        return b.toString();
    }
}
