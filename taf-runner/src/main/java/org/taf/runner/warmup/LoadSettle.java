package org.taf.runner.warmup;

/**
 * A warm-up rule fed by the load itself, one report interval at a time, that says when the engine has
 * reached its steady rate: {@link TpsSettle} (the throughput is flat) or {@link JitSettle} (the JVM's JIT
 * compilers went quiet). Not thread-safe: the load's sampling thread feeds it.
 */
public interface LoadSettle {
    /**
     * The next interval of the load; true once the warm-up is over (later calls are ignored).
     *
     * @param elapsedSeconds  end of the interval, seconds since the load started
     * @param intervalSeconds its measured length
     * @param tps             its throughput
     */
    boolean offer(double elapsedSeconds, double intervalSeconds, double tps);

    /** Whether the warm-up ended settled (false while not over, or at {@code warmup.max}). */
    boolean settled();

    /** Seconds from the start of the load to the end of the warm-up (0 while not over). */
    double cutAtSeconds();

    /** One line: why it ended, with the numbers. */
    String reason();

    /** The name results record for this rule ({@code tps}, {@code jit}). */
    String mode();
}
