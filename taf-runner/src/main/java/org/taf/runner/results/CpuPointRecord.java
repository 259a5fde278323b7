package org.taf.runner.results;


/**
 * CPU use over one sampling interval; 100% is one core.
 *
 * @param second       end of the interval, seconds from the start of the phase
 * @param enginePct    the engine process (or container)
 * @param hostOtherPct everything else on the host, the load generator included
 * @param stealPct     time the hypervisor gave to other guests
 */
public record CpuPointRecord(double second, double enginePct, double hostOtherPct, double stealPct)
        implements HostNoise.Point {
}
