package org.taf.runner.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads {@link HostInfo} and {@link CpuFreqState} from /proc, /sys and /etc under a root
 * directory ({@code /} on a real host, a fake tree in tests). Missing files give "unknown" or
 * zero, never an exception: a run on an unusual host is still recorded.
 */
public final class HostFacts {
    private final Path root;

    public HostFacts(Path root) {
        this.root = root;
    }

    /** The facts of this machine. */
    public static HostFacts system() {
        return new HostFacts(Path.of("/"));
    }

    public HostInfo host() {
        List<Integer> cpus = onlineCpus();
        Set<String> packages = new HashSet<>();
        Set<String> cores = new HashSet<>();
        for (int cpu : cpus) {
            Path topo = root.resolve("sys/devices/system/cpu/cpu" + cpu + "/topology");
            String pkg = read(topo.resolve("physical_package_id"), "0");
            packages.add(pkg);
            cores.add(pkg + ":" + read(topo.resolve("core_id"), Integer.toString(cpu)));
        }
        String hostname = read(root.resolve("proc/sys/kernel/hostname"), "unknown");
        return new HostInfo(hostname, cpuModel(), Math.max(1, packages.size()), Math.max(1, cores.size()), cpus.size(),
                memTotal(), osName(), read(root.resolve("proc/sys/kernel/osrelease"), "unknown"));
    }

    /** The online logical CPUs, from /sys/devices/system/cpu/online (e.g. {@code 0-3,8}). */
    public List<Integer> onlineCpus() {
        String spec = read(root.resolve("sys/devices/system/cpu/online"), "");
        List<Integer> out = new ArrayList<>();
        if (spec.isEmpty()) {
            int n = Runtime.getRuntime().availableProcessors();
            for (int i = 0; i < n; i++) {
                out.add(i);
            }
            return out;
        }
        for (String part : spec.split(",")) {
            String[] range = part.trim().split("-");
            int from = Integer.parseInt(range[0]);
            int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
            for (int i = from; i <= to; i++) {
                out.add(i);
            }
        }
        return out;
    }

    public CpuFreqState cpuFreq() {
        List<CpuFreqState.Cpu> out = new ArrayList<>();
        String globalBoost = boost();
        for (int cpu : onlineCpus()) {
            Path dir = root.resolve("sys/devices/system/cpu/cpu" + cpu + "/cpufreq");
            if (!Files.isDirectory(dir)) {
                continue;
            }
            out.add(new CpuFreqState.Cpu(cpu, read(dir.resolve("scaling_governor"), "unknown"),
                    readLong(dir.resolve("scaling_min_freq")), readLong(dir.resolve("scaling_max_freq")), globalBoost));
        }
        return new CpuFreqState(!out.isEmpty(), out);
    }

    /** Boost as the host has it: on, off, or unknown without a boost control (host-wide). */
    public String boost() {
        Path boost = root.resolve("sys/devices/system/cpu/cpufreq/boost");
        if (Files.exists(boost)) {
            return read(boost, "").equals("1") ? "on" : "off";
        }
        Path noTurbo = root.resolve("sys/devices/system/cpu/intel_pstate/no_turbo");
        if (Files.exists(noTurbo)) {
            return read(noTurbo, "").equals("1") ? "off" : "on";
        }
        return "unknown";
    }

    private String cpuModel() {
        for (String line : lines(root.resolve("proc/cpuinfo"))) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return "unknown";
    }

    private long memTotal() {
        for (String line : lines(root.resolve("proc/meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                String[] f = line.split("\\s+");
                return Long.parseLong(f[1]) * 1024;
            }
        }
        return 0;
    }

    private String osName() {
        for (String line : lines(root.resolve("etc/os-release"))) {
            if (line.startsWith("PRETTY_NAME=")) {
                return line.substring("PRETTY_NAME=".length()).replace("\"", "").trim();
            }
        }
        return "unknown";
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String read(Path p, String fallback) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return fallback;
        }
    }

    private static long readLong(Path p) {
        try {
            return Long.parseLong(read(p, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
