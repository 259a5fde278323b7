package org.taf.runner.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * A fake /sys/devices/system/cpu tree in a temporary directory, and a {@link Sysfs} over it that
 * behaves like the kernel where it matters: it refuses a write that would put scaling_min_freq
 * above scaling_max_freq, refuses writes a test marks as rejected (EINVAL), and may clamp a value.
 */
final class FakeCpuTree {
    final Path root;
    private final Map<String, String> rejected = new HashMap<>();
    private final Map<String, UnaryOperator<String>> clamps = new HashMap<>();
    int writes;

    FakeCpuTree(Path root) {
        this.root = root;
    }

    /** {@code cpus} online CPUs, each with cpufreq: governor, min/max, hardware range 800 MHz..3.5 GHz. */
    static FakeCpuTree withCpufreq(Path root, int cpus, String governor, long minKhz, long maxKhz) {
        FakeCpuTree t = new FakeCpuTree(root);
        t.put("/sys/devices/system/cpu/online", cpus == 1 ? "0" : "0-" + (cpus - 1));
        for (int c = 0; c < cpus; c++) {
            String d = "/sys/devices/system/cpu/cpu" + c + "/cpufreq/";
            t.put(d + "scaling_governor", governor);
            t.put(d + "scaling_available_governors", "performance powersave");
            t.put(d + "scaling_min_freq", Long.toString(minKhz));
            t.put(d + "scaling_max_freq", Long.toString(maxKhz));
            t.put(d + "cpuinfo_min_freq", "800000");
            t.put(d + "cpuinfo_max_freq", "3500000");
        }
        t.put("/sys/devices/system/cpu/cpufreq/boost", "1");
        t.put("/sys/devices/system/cpu/smt/control", "on");
        return t;
    }

    /** Like this VM: CPUs online, no cpufreq directories, SMT not supported. */
    static FakeCpuTree withoutCpufreq(Path root, int cpus) {
        FakeCpuTree t = new FakeCpuTree(root);
        t.put("/sys/devices/system/cpu/online", "0-" + (cpus - 1));
        for (int c = 0; c < cpus; c++) {
            t.put("/sys/devices/system/cpu/cpu" + c + "/topology/core_id", Integer.toString(c));
        }
        t.put("/sys/devices/system/cpu/smt/control", "notsupported");
        return t;
    }

    void put(String path, String value) {
        try {
            Path p = root.resolve(path.substring(1));
            Files.createDirectories(p.getParent());
            Files.writeString(p, value + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void remove(String path) throws IOException {
        Files.delete(root.resolve(path.substring(1)));
    }

    String get(String path) {
        try {
            return Files.readString(root.resolve(path.substring(1))).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String freq(int cpu, String file) {
        return get("/sys/devices/system/cpu/cpu" + cpu + "/cpufreq/" + file);
    }

    /** The kernel will refuse writing {@code value} to {@code path} (EINVAL). */
    void reject(String path, String value) {
        rejected.put(path, value);
    }

    /** The kernel will accept writes to {@code path} but store {@code clamp.apply(value)}. */
    void clamp(String path, UnaryOperator<String> clamp) {
        clamps.put(path, clamp);
    }

    /** Every file and its content, to check that nothing changed. */
    Map<String, String> snapshot() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readString(p));
            }
        }
        return out;
    }

    Sysfs sysfs() {
        return new Sysfs(root) {
            @Override
            public void write(String path, String value) throws IOException {
                if (value.equals(rejected.get(path))) {
                    throw new IOException("Invalid argument");
                }
                int slash = path.lastIndexOf('/');
                String dir = path.substring(0, slash + 1);
                String file = path.substring(slash + 1);
                if (file.equals("scaling_min_freq")
                                && Long.parseLong(value) > Long.parseLong(read(dir + "scaling_max_freq"))
                        || file.equals("scaling_max_freq")
                                && Long.parseLong(value) < Long.parseLong(read(dir + "scaling_min_freq"))) {
                    throw new IOException("Invalid argument (min would exceed max)");
                }
                writes++;
                super.write(
                        path,
                        clamps.getOrDefault(path, UnaryOperator.identity()).apply(value));
            }
        };
    }

    HostFacts probe() {
        return new HostFacts(root);
    }
}
