package org.taf.runner.warmup;

/**
 * A warm-up rule fed by the load itself, one report interval at a time: the TPS and JIT warm-ups hand one to
 * {@link WarmupTarget#runLoad}, whose listener offers it every interval until it says the warm-up is over. Not
 * thread-safe: the load's sampling thread feeds it.
 */
@FunctionalInterface
public interface LoadSettle {
    /**
     * The next interval of the load; true once the warm-up is over (later calls are ignored).
     *
     * @param elapsedSeconds  end of the interval, seconds since the load started
     * @param intervalSeconds its measured length
     * @param tps             its throughput
     */
    boolean offer(double elapsedSeconds, double intervalSeconds, double tps);
}
