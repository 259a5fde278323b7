package org.taf.runner.results;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;

/**
 * What makes noise measured on one host valid on another: the same CPU model, physical cores,
 * logical CPUs, memory and kernel. The host name is left out (a rebuilt VM keeps its noise), and
 * memory is rounded to 256 MiB because MemTotal moves by a few MiB between boots. It is made from the
 * probed host ({@link #of(HostInfo)}) or from a run's {@link EnvironmentRecord}, which carries the
 * same facts, so stored runs are keyed by the host they ran on without probing it again.
 *
 * @param cpuModel  CPU model name
 * @param cores     physical cores
 * @param threads   online logical CPUs
 * @param memoryMib MemTotal rounded to a multiple of 256 MiB
 * @param kernel    kernel release
 */
public record HostFingerprint(String cpuModel, int cores, int threads, long memoryMib, String kernel) {
    private static final long MEMORY_STEP_MIB = 256;

    public HostFingerprint {
        Objects.requireNonNull(cpuModel, "cpuModel");
        Objects.requireNonNull(kernel, "kernel");
    }

    /** The fingerprint of these host facts, normalised (CPU model whitespace, memory rounding, kernel). */
    public static HostFingerprint of(String cpuModel, int cores, int threads, long memoryBytes, String kernel) {
        long mib = memoryBytes / (1024 * 1024);
        long rounded = Math.round((double) mib / MEMORY_STEP_MIB) * MEMORY_STEP_MIB;
        return new HostFingerprint(cpuModel.trim().replaceAll("\\s+", " "), cores, threads, rounded, kernel.trim());
    }

    /** The fingerprint of the host a run was measured on, from its record. */
    public static HostFingerprint of(EnvironmentRecord e) {
        return of(e.cpuModel(), e.cores(), e.threads(), e.memoryBytes(), e.kernel());
    }

    /** The stable id: the first 16 hex digits of the SHA-256 of {@link #describe()}. */
    public String id() {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(describe().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    /** The facts, readable: {@code Intel Xeon ... | 2 cores | 2 CPUs | 7936 MiB | 6.1.0-18-amd64}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s | %d cores | %d CPUs | %d MiB | %s", cpuModel, cores, threads,
                memoryMib, kernel);
    }
}
