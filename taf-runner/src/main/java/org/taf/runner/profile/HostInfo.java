package org.taf.runner.profile;

import org.taf.runner.results.HostFingerprint;

/**
 * Facts about the host, read once per run ({@link #fingerprint()} keeps what makes noise comparable).
 *
 * @param host        host name
 * @param cpuModel    "model name" of the first CPU in /proc/cpuinfo
 * @param sockets     distinct physical package ids
 * @param cores       distinct (package, core) pairs
 * @param threads     online logical CPUs
 * @param memoryBytes MemTotal
 * @param os          PRETTY_NAME from /etc/os-release
 * @param kernel      kernel release
 */
public record HostInfo(String host, String cpuModel, int sockets, int cores, int threads, long memoryBytes, String os,
                       String kernel) {

    /** This host's fingerprint: what history series and stored noise are keyed by. */
    public HostFingerprint fingerprint() {
        return HostFingerprint.of(cpuModel, cores, threads, memoryBytes, kernel);
    }
}
