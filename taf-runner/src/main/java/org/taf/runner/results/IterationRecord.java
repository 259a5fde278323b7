package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * One engine start of one side: a fresh engine on a fresh copy of the data, rested, warmed up, and
 * measured in one window (restart mode) or several (alternate mode). A failed iteration keeps its
 * failure and whatever was measured before it.
 *
 * @param index          iteration number of this side, from 0
 * @param sequence       position in the run's measurement order (parent and patch interleaved)
 * @param startedAt      when the engine was started
 * @param serverVersion  the version string the engine sent in its handshake
 * @param rest           waiting for the engine's CPU to rest before the load
 * @param warmup         the warm-up: its samples, CPU trace and where it was cut
 * @param samples        the measured per-interval samples, after the warm-up cut
 * @param cpu            CPU of the engine, the rest of the host and steal, per second while measuring
 * @param flags          what makes this iteration suspect
 * @param failure        why it failed, or null
 * @param engineLog      path of the engine's log, kept with the results
 * @param engineCpu      the engine's CPU time over the measured windows, or null when it could not be read
 * @param launchSeconds  from starting the engine until it answered the handshake, seconds (0 when unknown)
 * @param windows        index in {@code samples} where each measured window begins: [0] for one window;
 *                       in alternate mode one per window of this engine start
 * @param counters       the engine's counters and context switches over the measured windows, or null
 *                       when not read ({@code measure.counters = false}, or a reading failed)
 * @param jfr            its JFR recording and measured windows (key {@code jfr}), or null; stored under its
 *                       first name, "profile" (results.json's fields are never renamed)
 */
public record IterationRecord(int index, int sequence, Instant startedAt, String serverVersion, RestRecord rest,
                              WarmupRecord warmup, List<SampleRecord> samples, List<CpuPointRecord> cpu,
                              List<IterationFlag> flags, String failure, String engineLog, EngineCpuRecord engineCpu,
                              double launchSeconds, List<Integer> windows, CountersRecord counters,
                              @JsonProperty("profile") JfrRecord jfr) {
    @com.fasterxml.jackson.annotation.JsonCreator
    public IterationRecord {
        samples = List.copyOf(samples);
        cpu = List.copyOf(cpu);
        flags = List.copyOf(flags);
        windows = windows == null || windows.isEmpty() ? List.of(0) : List.copyOf(windows);
    }

    /** An iteration without a JFR recording. */
    public IterationRecord(int index, int sequence, Instant startedAt, String serverVersion, RestRecord rest,
                           WarmupRecord warmup, List<SampleRecord> samples, List<CpuPointRecord> cpu,
                           List<IterationFlag> flags, String failure, String engineLog, EngineCpuRecord engineCpu,
                           double launchSeconds, List<Integer> windows, CountersRecord counters) {
        this(index, sequence, startedAt, serverVersion, rest, warmup, samples, cpu, flags, failure, engineLog,
                engineCpu, launchSeconds, windows, counters, null);
    }

    /** This iteration with {@code flag} added (once). */
    public IterationRecord flagged(IterationFlag flag) {
        if (flags.contains(flag)) {
            return this;
        }
        List<IterationFlag> more = new java.util.ArrayList<>(flags);
        more.add(flag);
        return new IterationRecord(index, sequence, startedAt, serverVersion, rest, warmup, samples, cpu, more,
                failure, engineLog, engineCpu, launchSeconds, windows, counters, jfr);
    }

    /** Seconds this start cost before measuring: launch, rest and warm-up. */
    public double startSeconds() {
        return launchSeconds + (rest == null ? 0 : rest.seconds()) + (warmup == null ? 0 : warmup.cutAtSeconds());
    }

    /** Transactions counted in the measured samples. */
    public long transactions() {
        return samples.stream().mapToLong(SampleRecord::events).sum();
    }

    /**
     * The engine's CPU microseconds per transaction over the measured windows, or null without a reading
     * (the per-start value the stats stage compares, and the exports print).
     */
    public Double cpuUsPerTx() {
        if (engineCpu == null || transactions() <= 0 || !(engineCpu.cpuSeconds() > 0)) {
            return null;
        }
        return engineCpu.cpuSeconds() * 1e6 / transactions();
    }

    /** The host's mean noise over the measured windows, from the CPU points kept here ({@link HostNoise#of}). */
    public HostNoise hostNoise() {
        return HostNoise.of(cpu);
    }

    /** Whether this iteration produced measurements. */
    public boolean succeeded() {
        return failure == null;
    }

    /** What makes an iteration suspect; the verdict's exclusion rule names them. */
    public enum IterationFlag {
        /** The engine's CPU never came to rest before the load. */
        NOT_RESTED,
        /** The warm-up ended at its maximum without the CPU load settling. */
        NOT_SETTLED,
        /** The workload counted errors other than retried deadlocks. */
        ERRORS,
        /** Other processes or steal time used more CPU than the threshold while measuring. */
        HOST_NOISE,
        /**
         * Measured in a noisy spell of the host: the host probe read it noisy just before or just after the pair
         * (a spell takes capacity away without showing as steal or as another process). Both sides of the pair.
         */
        NOISY_SPELL
    }

    /**
     * Waiting for rest.
     *
     * @param enabled whether it was waited for
     * @param rested  whether the CPU came to rest
     * @param seconds how long it took
     * @param cpuPct  the engine's CPU percent per sample
     */
    public record RestRecord(boolean enabled, boolean rested, double seconds, List<Double> cpuPct) {
        public RestRecord {
            cpuPct = List.copyOf(cpuPct);
        }
    }

    /**
     * The warm-up under load.
     *
     * @param mode     what it waited for: the throughput, the CPU load or the JIT to settle, or nothing
     * @param settled  whether the CPU load settled
     * @param cutAtSeconds where the warm-up ended and measuring began
     * @param reason   why it ended there
     * @param cpuPct   the engine's CPU percent per second of the warm-up
     * @param samples  the workload's samples during the warm-up
     */
    public record WarmupRecord(WarmupMode mode, boolean settled, double cutAtSeconds, String reason,
                               List<Double> cpuPct, List<SampleRecord> samples) {
        public WarmupRecord {
            cpuPct = List.copyOf(cpuPct);
            samples = List.copyOf(samples);
        }
    }
}
