package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * CPU seconds of a whole container from its cgroup's counter: every process in it, user and
 * system, in nanoseconds (v1 {@code cpuacct.usage}) or microseconds (v2 {@code cpu.stat}) rather
 * than {@code /proc}'s 10 ms ticks. The cgroup disappears when the container is removed; reading
 * it then is an error naming the container.
 */
public final class CgroupCpuSampler implements CpuSampler {
    private final CgroupCpuFile counter;
    private final String container;

    private CgroupCpuSampler(CgroupCpuFile counter, String container) {
        this.counter = counter;
        this.container = container;
    }

    /**
     * The sampler of the cgroup {@code pid} is in (normally a container's init), found through
     * {@code procRoot/<pid>/cgroup} under the cgroup mount {@code cgroupRoot}.
     *
     * @param container how to name the container in errors (short id)
     * @return empty when the process is gone or no counter file exists (no cpuacct controller)
     */
    public static Optional<CgroupCpuSampler> forPid(Path procRoot, Path cgroupRoot, long pid, String container) {
        try {
            String text =
                    Files.readString(procRoot.resolve(Long.toString(pid)).resolve("cgroup"), StandardCharsets.UTF_8);
            return CgroupCpuFile.find(cgroupRoot, text).map(f -> new CgroupCpuSampler(f, container));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The sampler of a live process on this machine ({@code /proc}, {@code /sys/fs/cgroup}). */
    public static Optional<CgroupCpuSampler> forPid(long pid, String container) {
        return forPid(Path.of("/proc"), Path.of("/sys/fs/cgroup"), pid, container);
    }

    /** The counter file read. */
    public Path file() {
        return counter.file();
    }

    /** The counter, without the container id, so every iteration (a new container each) names the same source. */
    @Override
    public String source() {
        return counter.v2() ? "cgroup v2 cpu.stat usage_usec of the engine's container"
                : "cgroup v1 cpuacct.usage (ns) of the engine's container";
    }

    @Override
    public double cpuSeconds() {
        try {
            return counter.seconds(Files.readString(counter.file(), StandardCharsets.US_ASCII));
        } catch (NoSuchFileException e) {
            throw new SysException("container " + container + " is gone (" + counter.file() + " does not exist)");
        } catch (IOException e) {
            throw new SysException(
                    "cannot read " + counter.file() + " of container " + container + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new SysException(
                    "cannot parse " + counter.file() + " of container " + container + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "cgroup CPU of container " + container + " (" + counter.file() + ")";
    }
}
