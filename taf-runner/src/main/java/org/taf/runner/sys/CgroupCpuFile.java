package org.taf.runner.sys;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the CPU time of a container's cgroup is counted, found from {@code /proc/<pid>/cgroup} of
 * a process in it rather than guessed from the container id, so that the cgroupfs and systemd
 * drivers, cgroup v1 and v2 all work. v1: {@code cpuacct.usage} (nanoseconds); v2:
 * {@code usage_usec} in {@code cpu.stat} (microseconds).
 *
 * @param file the counter file
 * @param v2   true for {@code cpu.stat} (microseconds), false for {@code cpuacct.usage} (nanoseconds)
 */
record CgroupCpuFile(Path file, boolean v2) {

    /**
     * The counter of the cgroup described by {@code procCgroup} (the text of /proc/PID/cgroup),
     * under the cgroup mount {@code root} (normally {@code /sys/fs/cgroup}); the first candidate
     * that exists, v1 first (on a hybrid host it is the one the cpu controller counts in).
     */
    static Optional<CgroupCpuFile> find(Path root, String procCgroup) {
        for (CgroupCpuFile c : candidates(root, procCgroup)) {
            if (Files.isReadable(c.file())) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Every place the counter may be, in the order {@link #find} tries them. */
    static List<CgroupCpuFile> candidates(Path root, String procCgroup) {
        List<CgroupCpuFile> v1 = new ArrayList<>();
        List<CgroupCpuFile> v2 = new ArrayList<>();
        for (String line : procCgroup.split("\n")) {
            String[] f = line.strip().split(":", 3);
            if (f.length != 3) {
                continue;
            }
            String path = f[2].startsWith("/") ? f[2].substring(1) : f[2];
            if (f[0].equals("0") && f[1].isEmpty()) {
                v2.add(new CgroupCpuFile(root.resolve(path).resolve("cpu.stat"), true));
                v2.add(new CgroupCpuFile(root.resolve("unified").resolve(path).resolve("cpu.stat"), true));
            } else if (List.of(f[1].split(",")).contains("cpuacct")) {
                v1.add(new CgroupCpuFile(root.resolve(f[1]).resolve(path).resolve("cpuacct.usage"), false));
                v1.add(new CgroupCpuFile(root.resolve("cpuacct").resolve(path).resolve("cpuacct.usage"), false));
                v1.add(new CgroupCpuFile(root.resolve("cpu,cpuacct").resolve(path).resolve("cpuacct.usage"), false));
            }
        }
        v1.addAll(v2);
        return v1.stream().distinct().toList();
    }

    /** CPU seconds from the counter file's text. */
    double seconds(String text) {
        if (!v2) {
            return Long.parseLong(text.strip()) / 1e9;
        }
        for (String line : text.split("\n")) {
            String[] kv = line.strip().split("\\s+");
            if (kv.length == 2 && kv[0].equals("usage_usec")) {
                return Long.parseLong(kv[1]) / 1e6;
            }
        }
        throw new IllegalArgumentException("no usage_usec line");
    }
}
